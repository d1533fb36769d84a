import { index, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn, refColumn } from '../../platform/db/columns';
import { admins } from '../admins/admins.tables';

/**
 * Failed staff password attempts (sign-in and the old password of a change), per (account, client
 * address) pair (`pair:<email>:<client>`, a progressive delay) and per account (`account:<email>`, the
 * backstop that locks the account and mails an unlock link). See login-throttle.service.ts.
 */
export const loginThrottles = pgTable('staff_login_throttles', {
  key: varchar('key', { length: 400 }).primaryKey(),
  window_start: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
  failures: integer('failures').notNull(),
  blocked_until: timestamp('blocked_until', { withTimezone: true, mode: 'date' }),
});

/** An unlock link mailed when the backstop locked an account: the SHA-256 of its token, single use. */
export const unlockLinks = pgTable(
  'admin_unlock_links',
  {
    _id: idColumn(),
    admin_id: refColumn('admin_id')
      .notNull()
      .references(() => admins._id, { onDelete: 'cascade' }),
    token_hash: varchar('token_hash', { length: 64 }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('admin_unlock_links_token_hash').on(table.token_hash),
    index('admin_unlock_links_admin').on(table.admin_id),
  ],
);
