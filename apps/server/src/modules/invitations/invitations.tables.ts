import { sql } from 'drizzle-orm';
import { pgTable, primaryKey, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn, refColumn, timestamps } from '../../platform/db/columns';
import { admins, roles } from '../admins/admins.tables';
import { locations } from '../locations/locations.tables';

/**
 * An invitation to become a staff user (spec §3 Invitation). Only the SHA-256 of its link's token is
 * kept; `accepted_at` is set once, by the register call that consumes it.
 */
export const invitations = pgTable(
  'admin_invitations',
  {
    _id: idColumn(),
    email: varchar('admin_invite_email', { length: 265 }).notNull(),
    role_id: refColumn('admin_invite_role_id')
      .notNull()
      .references(() => roles._id, { onDelete: 'cascade' }),
    token_hash: varchar('token_hash', { length: 64 }).notNull(),
    /** The inviter's language at the time: a resent mail is written in it too. */
    lang: varchar('lang', { length: 8 }).notNull(),
    invited_by: refColumn('invited_by').references(() => admins._id, { onDelete: 'set null' }),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    accepted_at: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('admin_invitations_token_hash').on(table.token_hash),
    // One open invitation per address whatever its letter case; two inviters racing get one row and one 409.
    uniqueIndex('admin_invitations_open_email')
      .on(sql`lower(${table.email})`)
      .where(sql`${table.accepted_at} is null`),
  ],
);

export type InvitationRow = typeof invitations.$inferSelect;

/** The malls the invited user will work for. */
export const invitationLocations = pgTable(
  'admin_invitation_locations',
  {
    invitation_id: refColumn('invitation_id')
      .notNull()
      .references(() => invitations._id, { onDelete: 'cascade' }),
    location_id: refColumn('location_id')
      .notNull()
      .references(() => locations._id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.invitation_id, table.location_id] })],
);
