import type { MonthlyReportData } from '@avlu/contracts';
import { sql } from 'drizzle-orm';
import { check, date, jsonb, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn, refColumn, timestamps } from '../../platform/db/columns';
import { locations } from '../locations/locations.tables';

/**
 * A mall's saved monthly report (issue 18 #3, spec §3 "Monthly report"): the month (its first day),
 * its pretty date in Turkish as the spec shows it ('Ekim 2026'; answers give it in the request's
 * language), and the figures as saved on the first day of the next month (`MonthlyReportData`). One
 * per mall and month: the job saves with `on conflict do nothing`, so a second run keeps the first.
 */
export const monthlyReports = pgTable(
  'monthly_reports',
  {
    _id: idColumn(),
    location_id: refColumn('location_id')
      .notNull()
      .references(() => locations._id, { onDelete: 'cascade' }),
    monthly_report_month: date('monthly_report_month', { mode: 'string' }).notNull(),
    monthly_report_pretty_date: varchar('monthly_report_pretty_date', { length: 40 }).notNull(),
    monthly_report_data: jsonb('monthly_report_data').$type<MonthlyReportData>().notNull(),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('monthly_reports_mall_month').on(table.location_id, table.monthly_report_month),
    check('monthly_reports_first_day', sql`extract(day from ${table.monthly_report_month}) = 1`),
  ],
);
