import type { PointEntryActor, PointEntryCause, PointEntryKind } from '@avlu/contracts';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { idColumn, refColumn, timestamps } from '../../platform/db/columns';
import { admins } from '../admins/admins.tables';
import { customers } from '../customers/customers.tables';
import { locations } from '../locations/locations.tables';

/** Spec §3 Loyalty tier: reached by the points earned since the last reset; priority unique per mall. */
export const loyaltyTiers = pgTable(
  'loyalty_tiers',
  {
    _id: idColumn(),
    location_id: refColumn('location_id')
      .notNull()
      .references(() => locations._id, { onDelete: 'cascade' }),
    loyalty_tier_title: varchar('loyalty_tier_title', { length: 60 }).notNull(),
    loyalty_tier_title_en: varchar('loyalty_tier_title_en', { length: 60 }),
    loyalty_tier_min_points: integer('loyalty_tier_min_points').notNull(),
    loyalty_tier_point_multiplier: numeric('loyalty_tier_point_multiplier', {
      precision: 6,
      scale: 2,
      mode: 'number',
    }).notNull(),
    loyalty_tier_priority: smallint('loyalty_tier_priority').notNull(),
    ...timestamps(),
  },
  (table) => [uniqueIndex('loyalty_tiers_priority').on(table.location_id, table.loyalty_tier_priority)],
);
export type LoyaltyTierRow = typeof loyaltyTiers.$inferSelect;

/**
 * A customer's points, the sum of their ledger entries kept in one row, changed only by
 * `postPoints` (ledger.service.ts) in the transaction that adds the entry:
 * - `point_balance`, what they may spend, never below zero (the check is the last guard; the update
 *   that spends is guarded first);
 * - `point_tier_points`, what they earned since their last reset, which places them in a tier;
 * - `point_earned_total`, everything they ever earned (reports).
 */
export const pointBalances = pgTable(
  'point_balances',
  {
    customer_id: refColumn('customer_id')
      .primaryKey()
      .references(() => customers._id, { onDelete: 'cascade' }),
    location_id: refColumn('location_id')
      .notNull()
      .references(() => locations._id, { onDelete: 'cascade' }),
    point_balance: integer('point_balance').notNull().default(0),
    point_tier_points: integer('point_tier_points').notNull().default(0),
    point_earned_total: integer('point_earned_total').notNull().default(0),
    loyalty_tier_id: refColumn('loyalty_tier_id').references(() => loyaltyTiers._id, {
      onDelete: 'set null',
    }),
    point_last_entry_at: timestamp('point_last_entry_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
  },
  (table) => [
    check(
      'point_balances_not_negative',
      sql`${table.point_balance} >= 0 and ${table.point_tier_points} >= 0`,
    ),
    // The loyalty customers' list (loyalty-customers.service.ts), sorted by balance or by lifetime
    // points within a mall: read in index order, a page stops after its rows instead of sorting the
    // mall's million balances. The customer id last is the list's tie-break.
    index('point_balances_mall_balance').on(table.location_id, table.point_balance, table.customer_id),
    index('point_balances_mall_earned').on(table.location_id, table.point_earned_total, table.customer_id),
    // A tier's customers (a tier reset, a deleted tier's set null) and the list filtered by one tier,
    // sorted by balance: without the balance here, a page of a tier far down the mall's balance order
    // read most of point_balances_mall_balance to find its rows (1.2 s at a million, the loyalty bench).
    index('point_balances_tier_balance').on(table.loyalty_tier_id, table.point_balance, table.customer_id),
  ],
);
export type PointBalanceRow = typeof pointBalances.$inferSelect;

/**
 * The points ledger: append-only (point-ledger.sql refuses UPDATE and DELETE but for a conscious
 * erasure). Each entry carries the balance after it, exact because entries of one customer are
 * written one at a time under their balance row's lock. `point_entry_idempotency_key` makes a retried
 * request count once: unique per mall. `point_entry_actor` says who made it: staff (then `admin_id`
 * names them), the customer on the micro-site, or the system (a reset run).
 */
export const pointEntries = pgTable(
  'point_entries',
  {
    _id: idColumn(),
    location_id: refColumn('location_id')
      .notNull()
      .references(() => locations._id, { onDelete: 'cascade' }),
    customer_id: refColumn('customer_id')
      .notNull()
      .references(() => customers._id, { onDelete: 'cascade' }),
    point_entry_kind: varchar('point_entry_kind', { length: 10 }).$type<PointEntryKind>().notNull(),
    point_entry_amount: integer('point_entry_amount').notNull(),
    point_entry_balance_after: integer('point_entry_balance_after').notNull(),
    point_entry_cause: varchar('point_entry_cause', { length: 20 }).$type<PointEntryCause>().notNull(),
    point_entry_cause_id: refColumn('point_entry_cause_id'),
    point_entry_note: varchar('point_entry_note', { length: 200 }),
    point_entry_actor: varchar('point_entry_actor', { length: 10 }).$type<PointEntryActor>().notNull(),
    admin_id: refColumn('admin_id').references(() => admins._id, { onDelete: 'set null' }),
    point_entry_idempotency_key: varchar('point_entry_idempotency_key', { length: 120 }).notNull(),
    /** The moment of writing (clock_timestamp), taken under the balance's lock: the entries' true order. */
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (table) => [
    uniqueIndex('point_entries_idempotency').on(table.location_id, table.point_entry_idempotency_key),
    // A customer's history, newest first.
    index('point_entries_customer').on(table.customer_id, table.created_at, table._id),
    // Only a reset of an empty balance moves no points: it still ends the tier's points.
    check(
      'point_entries_amount_not_zero',
      sql`${table.point_entry_amount} <> 0 or ${table.point_entry_kind} = 'reset'`,
    ),
    check('point_entries_actor', sql`${table.point_entry_actor} in ('staff', 'customer', 'system')`),
    // Only a staff user's entry names an admin. That every staff entry names one when written is the
    // insert trigger's check (point-ledger.sql): deleting the staff user later sets admin_id to null
    // (the foreign key), so this check cannot say it for the row's whole life.
    check(
      'point_entries_admin_is_staff',
      sql`${table.admin_id} is null or ${table.point_entry_actor} = 'staff'`,
    ),
  ],
);
export type PointEntryRow = typeof pointEntries.$inferSelect;
