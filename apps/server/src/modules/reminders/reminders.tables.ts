import type { ReminderStatus } from '@avlu/contracts';
import { sql } from 'drizzle-orm';
import { index, pgTable, varchar } from 'drizzle-orm/pg-core';
import { idColumn, moment, refColumn, timestamps } from '../../platform/db/columns';
import { admins } from '../admins/admins.tables';
import { customers } from '../customers/customers.tables';
import { lendings } from '../lending/lending.tables';
import { locations } from '../locations/locations.tables';
import { reservations } from '../reservations/reservations.tables';

/**
 * A staff user's reminder in one mall (issue 17 #8): its moment, its text and optionally the customer,
 * reservation or lending of that mall it is about. waiting → due (the `reminders.due` job, or a write
 * whose moment has passed) → done (and back, 'undone'). It belongs to the user who wrote it: deleting
 * the user deletes it; a linked record going away leaves the reminder without that link.
 */
export const reminders = pgTable(
  'reminders',
  {
    _id: idColumn(),
    location_id: refColumn('location_id')
      .notNull()
      .references(() => locations._id, { onDelete: 'cascade' }),
    admin_id: refColumn('admin_id')
      .notNull()
      .references(() => admins._id, { onDelete: 'cascade' }),
    reminder_date: moment('reminder_date').notNull(),
    reminder_text: varchar('reminder_text', { length: 500 }).notNull(),
    reminder_status: varchar('reminder_status', { length: 8 }).$type<ReminderStatus>().notNull(),
    reminder_done_at: moment('reminder_done_at'),
    reminder_customer_id: refColumn('reminder_customer_id').references(() => customers._id, {
      onDelete: 'set null',
    }),
    reminder_reservation_id: refColumn('reminder_reservation_id').references(() => reservations._id, {
      onDelete: 'set null',
    }),
    reminder_lending_id: refColumn('reminder_lending_id').references(() => lendings._id, {
      onDelete: 'set null',
    }),
    ...timestamps(),
  },
  (table) => [
    // A user's list in a mall by state and moment: the top bar's count of the due ones reads this alone.
    index('reminders_owner').on(
      table.admin_id,
      table.location_id,
      table.reminder_status,
      table.reminder_date,
    ),
    // The job's search: the waiting reminders by moment, whatever the mall or user.
    index('reminders_waiting').on(table.reminder_date).where(sql`${table.reminder_status} = 'waiting'`),
  ],
);
