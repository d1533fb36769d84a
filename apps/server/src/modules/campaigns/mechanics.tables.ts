import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { idColumn, moment, refColumn } from '../../platform/db/columns';
import { admins } from '../admins/admins.tables';
import { customers } from '../customers/customers.tables';
import { receipts } from '../receipts/receipts.tables';
import { campaigns } from './campaigns.tables';
import { couponCodes } from './coupons.tables';

/**
 * The campaign mechanics' records (issue 15): what receipts counted toward a campaign, game rights and
 * plays with the prize inventory, reported steps, and the campaign dashboard's daily rollup. Every row
 * names its mall and references its campaign together with the mall (`campaigns_location_campaign`),
 * so nothing crosses malls; deleting a campaign or a customer deletes their rows.
 */

const campaignOf = (name: string, table: { location_id: AnyPgColumn; campaign_id: AnyPgColumn }) =>
  foreignKey({
    name,
    columns: [table.location_id, table.campaign_id],
    foreignColumns: [campaigns.location_id, campaigns._id],
  }).onDelete('cascade');

/**
 * An approved receipt that counted toward a campaign (receipt campaigns, over-limit coupons, stamp
 * cards, games' rights), written in the approval's transaction. Unique per campaign and receipt, so
 * an approval retried counts once. `credit_stamp`: it earned a stamp (single receipt: it reached the
 * limit; day based: the day's sum reached the limit with it).
 */
export const campaignReceiptCredits = pgTable(
  'campaign_receipt_credits',
  {
    _id: idColumn(),
    location_id: refColumn('location_id').notNull(),
    campaign_id: refColumn('campaign_id').notNull(),
    customer_id: refColumn('customer_id')
      .notNull()
      .references(() => customers._id, { onDelete: 'cascade' }),
    receipt_id: refColumn('receipt_id')
      .notNull()
      .references(() => receipts._id, { onDelete: 'cascade' }),
    /** The receipt's day in the mall's time zone. */
    credit_day: date('credit_day', { mode: 'string' }).notNull(),
    credit_amount: numeric('credit_amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    credit_stamp: boolean('credit_stamp').notNull().default(false),
    /** Points the campaign's multiplier added (receipt campaigns). */
    credit_points: integer('credit_points').notNull().default(0),
    created_at: moment('created_at').notNull().defaultNow(),
  },
  (table) => [
    campaignOf('campaign_receipt_credits_campaign', table),
    unique('campaign_receipt_credits_receipt').on(table.campaign_id, table.receipt_id),
    index('campaign_receipt_credits_customer').on(table.customer_id, table.campaign_id, table.credit_day),
    index('campaign_receipt_credits_campaign_created').on(table.campaign_id, table.created_at),
  ],
);

/**
 * A game's prizes and their stock (spec: the prize inventory). `prize_given` is raised with each win
 * by a guarded update in the play's transaction; the check makes exceeding the stock impossible.
 */
export const campaignPrizes = pgTable(
  'campaign_prizes',
  {
    _id: idColumn(),
    location_id: refColumn('location_id').notNull(),
    campaign_id: refColumn('campaign_id').notNull(),
    prize_name: varchar('prize_name', { length: 120 }).notNull(),
    prize_name_en: varchar('prize_name_en', { length: 120 }).notNull(),
    prize_stock: integer('prize_stock').notNull(),
    prize_given: integer('prize_given').notNull().default(0),
    prize_position: integer('prize_position').notNull(),
    created_at: moment('created_at').notNull().defaultNow(),
  },
  (table) => [
    campaignOf('campaign_prizes_campaign', table),
    index('campaign_prizes_campaign').on(table.campaign_id, table.prize_position),
    check('campaign_prizes_within_stock', sql`${table.prize_given} between 0 and ${table.prize_stock}`),
  ],
);

/**
 * A game's rights as a ledger: earned from a receipt (+n), given by staff with a reason (+n), spent by
 * a play (−1). The balance is the sum; a customer's row lock orders their plays. A receipt earns once
 * per campaign and a play spends once (unique keys).
 */
export const campaignGameRights = pgTable(
  'campaign_game_rights',
  {
    _id: idColumn(),
    location_id: refColumn('location_id').notNull(),
    campaign_id: refColumn('campaign_id').notNull(),
    customer_id: refColumn('customer_id')
      .notNull()
      .references(() => customers._id, { onDelete: 'cascade' }),
    game_right_delta: integer('game_right_delta').notNull(),
    /** `receipt`, `staff` or `play`. */
    game_right_source: varchar('game_right_source', { length: 16 }).notNull(),
    receipt_id: refColumn('receipt_id').references(() => receipts._id, { onDelete: 'set null' }),
    play_id: refColumn('play_id'),
    admin_id: refColumn('admin_id').references(() => admins._id, { onDelete: 'set null' }),
    game_right_reason: varchar('game_right_reason', { length: 200 }),
    created_at: moment('created_at').notNull().defaultNow(),
  },
  (table) => [
    campaignOf('campaign_game_rights_campaign', table),
    index('campaign_game_rights_customer').on(table.customer_id, table.campaign_id),
    uniqueIndex('campaign_game_rights_receipt')
      .on(table.campaign_id, table.receipt_id)
      .where(sql`${table.receipt_id} is not null`),
    uniqueIndex('campaign_game_rights_play').on(table.play_id).where(sql`${table.play_id} is not null`),
  ],
);

/**
 * Every play of a game (spec: the odds can be audited): who, when, the draw (0–9999 from a CSPRNG),
 * the outcome and the prize with its code. `game_play_key` is the client's idempotency key: a
 * retried play finds its row and answers the same outcome, spending one right.
 */
export const campaignGamePlays = pgTable(
  'campaign_game_plays',
  {
    _id: idColumn(),
    location_id: refColumn('location_id').notNull(),
    campaign_id: refColumn('campaign_id').notNull(),
    customer_id: refColumn('customer_id')
      .notNull()
      .references(() => customers._id, { onDelete: 'cascade' }),
    game_play_key: varchar('game_play_key', { length: 64 }).notNull(),
    game_play_draw: integer('game_play_draw').notNull(),
    /** `win` or `lose`. */
    game_play_outcome: varchar('game_play_outcome', { length: 8 }).notNull(),
    prize_id: refColumn('prize_id').references(() => campaignPrizes._id, { onDelete: 'set null' }),
    coupon_code_id: refColumn('coupon_code_id').references(() => couponCodes._id, { onDelete: 'set null' }),
    created_at: moment('created_at').notNull().defaultNow(),
  },
  (table) => [
    campaignOf('campaign_game_plays_campaign', table),
    unique('campaign_game_plays_key').on(table.campaign_id, table.customer_id, table.game_play_key),
    index('campaign_game_plays_campaign_created').on(table.campaign_id, table.created_at),
    // Deleting a code (a campaign's pool) clears its plays' reference without a scan.
    index('campaign_game_plays_code')
      .on(table.coupon_code_id)
      .where(sql`${table.coupon_code_id} is not null`),
  ],
);

/** Steps a customer's phone reported for a day of the mall (`/ext/app` step counter); the latest report wins. */
export const customerSteps = pgTable(
  'customer_steps',
  {
    location_id: refColumn('location_id').notNull(),
    customer_id: refColumn('customer_id')
      .notNull()
      .references(() => customers._id, { onDelete: 'cascade' }),
    step_day: date('step_day', { mode: 'string' }).notNull(),
    step_count: integer('step_count').notNull(),
    updated_at: moment('updated_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ name: 'customer_steps_pk', columns: [table.customer_id, table.step_day] })],
);

/**
 * The campaign dashboard's rollup (issue 15 #5): a campaign's figures per day of the mall, recomputed
 * for recent days by a job from the tables above, so the dashboard sums a few rows per campaign and
 * day instead of scanning. Summable: `new_participants` counts customers whose first participation
 * was that day.
 */
export const campaignDailyStats = pgTable(
  'campaign_daily_stats',
  {
    location_id: refColumn('location_id').notNull(),
    campaign_id: refColumn('campaign_id').notNull(),
    stat_day: date('stat_day', { mode: 'string' }).notNull(),
    stat_participations: integer('stat_participations').notNull().default(0),
    stat_new_participants: integer('stat_new_participants').notNull().default(0),
    stat_codes_given: integer('stat_codes_given').notNull().default(0),
    stat_codes_used: integer('stat_codes_used').notNull().default(0),
    stat_receipts: integer('stat_receipts').notNull().default(0),
    stat_receipt_amount: numeric('stat_receipt_amount', { precision: 16, scale: 2, mode: 'number' })
      .notNull()
      .default(0),
    stat_points: bigint('stat_points', { mode: 'number' }).notNull().default(0),
    stat_plays: integer('stat_plays').notNull().default(0),
    stat_wins: integer('stat_wins').notNull().default(0),
    updated_at: moment('updated_at').notNull().defaultNow(),
  },
  (table) => [
    campaignOf('campaign_daily_stats_campaign', table),
    primaryKey({ name: 'campaign_daily_stats_pk', columns: [table.campaign_id, table.stat_day] }),
    index('campaign_daily_stats_location_day').on(table.location_id, table.stat_day),
  ],
);
