import { index, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn, refColumn } from '../../platform/db/columns';
import { admins } from '../admins/admins.tables';

/** A password-reset link: the SHA-256 of its token, single use (`used_at`), short-lived. */
export const passwordResets = pgTable(
  'admin_password_resets',
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
    uniqueIndex('admin_password_resets_token_hash').on(table.token_hash),
    index('admin_password_resets_admin').on(table.admin_id),
  ],
);
