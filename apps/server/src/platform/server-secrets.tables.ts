import { pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Secrets the server generates for itself when no setting gives one (the file URL signing key), kept
 * in the database so every process of one installation signs and checks with the same key.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: varchar('name', { length: 64 }).primaryKey(),
  value: varchar('value', { length: 128 }).notNull(),
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
