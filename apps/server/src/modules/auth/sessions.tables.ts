import { boolean, index, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn, refColumn } from '../../platform/db/columns';
import { admins } from '../admins/admins.tables';

/**
 * A signed-in staff session. Only the SHA-256 of the bearer token is kept, so a copy of the database
 * does not hand out working tokens; deleting the admin deletes their sessions (the token stops working).
 */
export const adminSessions = pgTable(
  'admin_sessions',
  {
    _id: idColumn(),
    admin_id: refColumn('admin_id')
      .notNull()
      .references(() => admins._id, { onDelete: 'cascade' }),
    token_hash: varchar('token_hash', { length: 64 }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Written at most once a minute (TOUCH_INTERVAL_MS); a session unused for the idle timeout ends. */
    last_used_at: timestamp('last_used_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Signed in with "remember me": the longer lifetime and idle timeout apply. */
    remembered: boolean('remembered').notNull().default(false),
    client_address: varchar('client_address', { length: 64 }),
    user_agent: varchar('user_agent', { length: 512 }),
    revoked_at: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('admin_sessions_token_hash').on(table.token_hash),
    index('admin_sessions_admin').on(table.admin_id),
  ],
);
