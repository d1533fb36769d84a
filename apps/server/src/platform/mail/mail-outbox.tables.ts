import { pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { idColumn } from '../db/columns';

/**
 * Mail the development outbox driver "sent" (SMTP_HOST unset): kept whole so a developer, a test or
 * the browser journey can open an invitation or reset link without a mail server.
 */
export const mailOutbox = pgTable('mail_outbox', {
  _id: idColumn(),
  to: varchar('to', { length: 320 }).notNull(),
  subject: varchar('subject', { length: 300 }).notNull(),
  html: text('html').notNull(),
  text: text('text').notNull(),
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export type MailOutboxRow = typeof mailOutbox.$inferSelect;
