import { sql } from 'drizzle-orm';
import { bigint, check, date, index, numeric, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { refColumn } from '../../platform/db/columns';
import { locations } from '../locations/locations.tables';

/**
 * The mall dashboard's rollups (issue 18 #1-2, `GET /data/dashboard`): what the module tables hold,
 * counted per mall, day (the mall's time zone) and key, so the dashboard reads a few thousand rows
 * whatever the number of customers. A key names a figure and its breakdown:
 * `customers:<gender>`, `birth_year:<yyyy|unknown>`, `consent:<sms|email|call|kvkk>` (live customers
 * by the day they registered), `store:<id>` and `campaign:<id>` (approved receipts by their day: count
 * and amount in the mall's currency), `points_earned`, `points_burned` (points in `stat_count`),
 * `gifts`, `sms_sent`, `email_sent`, `push_sent`, `reservations`, `lendings`.
 *
 * How they are kept (mall-dashboard.sql): statement triggers on the module tables write what each
 * statement changed as signed rows into `dashboard_deltas` (inserts only, so concurrent writers never
 * wait on one another's counters), and a job every minute folds the deltas into the daily and the
 * monthly rollups (`dashboard_fold`). The dashboard adds the rollups and the deltas not yet folded in
 * one statement, so every figure is exact at any moment. A mall whose time zone changes is counted
 * again from its tables (`dashboard_rebuild`).
 */

const counts = {
  location_id: refColumn('location_id')
    .notNull()
    .references(() => locations._id, { onDelete: 'cascade' }),
  stat_key: varchar('stat_key', { length: 40 }).notNull(),
  stat_count: bigint('stat_count', { mode: 'number' }).notNull(),
  stat_amount: numeric('stat_amount', { precision: 16, scale: 2, mode: 'number' }).notNull(),
};

/** Changes not yet folded into the rollups: one row per mall, day and key a statement changed. */
export const dashboardDeltas = pgTable(
  'dashboard_deltas',
  { ...counts, stat_day: date('stat_day', { mode: 'string' }).notNull() },
  (table) => [index('dashboard_deltas_mall_day').on(table.location_id, table.stat_day)],
);

/** Per mall, day and key. */
export const dashboardDaily = pgTable(
  'dashboard_daily',
  { ...counts, stat_day: date('stat_day', { mode: 'string' }).notNull() },
  (table) => [
    primaryKey({ name: 'dashboard_daily_pk', columns: [table.location_id, table.stat_day, table.stat_key] }),
  ],
);

/** Per mall, month (its first day) and key: the sum of the month's daily rows, so long periods read months. */
export const dashboardMonthly = pgTable(
  'dashboard_monthly',
  { ...counts, stat_month: date('stat_month', { mode: 'string' }).notNull() },
  (table) => [
    primaryKey({
      name: 'dashboard_monthly_pk',
      columns: [table.location_id, table.stat_month, table.stat_key],
    }),
    check('dashboard_monthly_first_day', sql`extract(day from ${table.stat_month}) = 1`),
  ],
);
