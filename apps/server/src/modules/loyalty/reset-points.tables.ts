import type { ResetPointStatus, ResetPointType, SegmentFilter } from '@avlu/contracts';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, varchar } from 'drizzle-orm/pg-core';
import { idColumn, moment, refColumn, timestamps } from '../../platform/db/columns';
import { admins } from '../admins/admins.tables';
import { locations } from '../locations/locations.tables';

/**
 * Spec §3 Reset point (issue 14 #6; contracts' `loyalty/reset-points.ts` says whom each type
 * touches). The run (reset-points.job.ts) walks the targeted balance rows in customer-id order, a
 * batch per transaction; `reset_point_cursor` (the last customer id done) and the counts move in the
 * batch's own transaction, so a run killed anywhere resumes where its last commit left it, and the
 * entries' idempotency keys (`reset:<id>:<customer>`) stop a customer being reset twice even if the
 * cursor were lost.
 */
export const resetPoints = pgTable(
  'reset_points',
  {
    _id: idColumn(),
    location_id: refColumn('location_id')
      .notNull()
      .references(() => locations._id, { onDelete: 'cascade' }),
    reset_point_name: varchar('reset_point_name', { length: 120 }).notNull(),
    reset_point_type: varchar('reset_point_type', { length: 10 }).$type<ResetPointType>().notNull(),
    /** The tiers of a `tier` reset; `{}` otherwise. */
    reset_point_related_ids: varchar('reset_point_related_ids', { length: 24 })
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** The customers' segment filter of a `segment` reset; null otherwise. */
    reset_point_segment: jsonb('reset_point_segment').$type<SegmentFilter>(),
    reset_point_status: varchar('reset_point_status', { length: 10 })
      .$type<ResetPointStatus>()
      .notNull()
      .default('created'),
    reset_point_cursor: refColumn('reset_point_cursor'),
    reset_point_customer_count: integer('reset_point_customer_count').notNull().default(0),
    reset_point_point_total: bigint('reset_point_point_total', { mode: 'number' }).notNull().default(0),
    reset_point_queued_at: moment('reset_point_queued_at'),
    reset_point_started_at: moment('reset_point_started_at'),
    reset_point_finished_at: moment('reset_point_finished_at'),
    queued_by: refColumn('queued_by').references(() => admins._id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (table) => [
    index('reset_points_mall').on(table.location_id, table.created_at),
    // What the sweep looks for: runs queued or begun and not finished.
    index('reset_points_pending')
      .on(table.reset_point_status)
      .where(sql`${table.reset_point_status} in ('in_queue', 'started')`),
  ],
);
export type ResetPointRow = typeof resetPoints.$inferSelect;
