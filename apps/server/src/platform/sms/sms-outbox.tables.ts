import { index, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { idColumn } from '../db/columns';

/**
 * SMS the development outbox driver "sent" (no gateway configured): kept whole so a developer, a test
 * or the browser journey can read a sign-in code without a phone. GET /api/dev/outbox lists them.
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    _id: idColumn(),
    to: varchar('to', { length: 32 }).notNull(),
    text: text('text').notNull(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('sms_outbox_created').on(table.created_at)],
);
