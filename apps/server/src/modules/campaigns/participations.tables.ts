import { sql } from 'drizzle-orm';
import { date, foreignKey, index, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn, refColumn } from '../../platform/db/columns';
import { channels } from '../channels/channels.tables';
import { customers } from '../customers/customers.tables';
import { campaigns } from './campaigns.tables';
import { couponCodes } from './coupons.tables';

/**
 * Each time a customer took part in a campaign (issue 13 "Giving a code"): the participation rule
 * (once, once a day), the daily limit and the budget are counted here, whatever the type gives (a
 * code of the pool, the regular code shared by everyone, later a game played or a survey answered).
 *
 * - The campaign is referenced with its mall, as the codes are, so a participation never crosses
 *   malls; deleting the campaign or the customer deletes its participations.
 * - `participation_day` is the mall's calendar day (its time zone) the customer took part on: "once a
 *   day" and the daily limit count that day's rows through `campaign_participations_customer`.
 * - The campaign's `campaign_participation_count` counts the rows, kept in the same transaction, so
 *   the budget is checked with one guarded update instead of a count.
 */
export const campaignParticipations = pgTable(
  'campaign_participations',
  {
    _id: idColumn(),
    location_id: refColumn('location_id').notNull(),
    campaign_id: refColumn('campaign_id').notNull(),
    customer_id: refColumn('customer_id')
      .notNull()
      .references(() => customers._id, { onDelete: 'cascade' }),
    /** The desk (registration channel) where staff gave it; null on the micro-site. */
    channel_id: refColumn('channel_id').references(() => channels._id, { onDelete: 'set null' }),
    /** The pool's code it gave; null for a shared (regular) code. */
    coupon_code_id: refColumn('coupon_code_id').references(() => couponCodes._id, { onDelete: 'set null' }),
    participation_day: date('participation_day', { mode: 'string' }).notNull(),
    /**
     * What this participation is for, when it must happen once (unique per campaign and customer):
     * `birthday:2026`, `survey`, `card:3` (a stamp card's third coupon), `steps:2026-11-27`,
     * `play:<key>`. A job run twice or a retried request finds the row and gives nothing again.
     */
    participation_key: varchar('participation_key', { length: 80 }),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      name: 'campaign_participations_campaign',
      columns: [table.location_id, table.campaign_id],
      foreignColumns: [campaigns.location_id, campaigns._id],
    }).onDelete('cascade'),
    index('campaign_participations_customer').on(
      table.customer_id,
      table.campaign_id,
      table.participation_day,
    ),
    uniqueIndex('campaign_participations_key')
      .on(table.campaign_id, table.customer_id, table.participation_key)
      .where(sql`${table.participation_key} is not null`),
    // The campaign dashboard's rollup job reads a campaign's participations by time.
    index('campaign_participations_campaign_created').on(table.campaign_id, table.created_at),
    index('campaign_participations_code')
      .on(table.coupon_code_id)
      .where(sql`${table.coupon_code_id} is not null`),
  ],
);
