import { integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Fixed-window counters shared by every server process (login attempts now, SMS codes later): one row
 * per key (`login:account:<email>`, `login:ip:<address>`), its window start and the count inside it.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: varchar('key', { length: 300 }).primaryKey(),
  window_start: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
  count: integer('count').notNull(),
});
