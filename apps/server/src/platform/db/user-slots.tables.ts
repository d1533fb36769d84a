import { integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Running heavy operations per staff user (user-slots.ts): one row per taken slot, shared by every
 * server process. A process that dies leaves its rows to expire; a live one renews them.
 */
export const userSlots = pgTable(
  'user_slots',
  {
    kind: varchar('kind', { length: 100 }).notNull(),
    user_id: varchar('user_id', { length: 24 }).notNull(),
    slot: integer('slot').notNull(),
    /** Random per taking, so only the taker releases or renews it. */
    holder: varchar('holder', { length: 32 }).notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.kind, table.user_id, table.slot] })],
);
