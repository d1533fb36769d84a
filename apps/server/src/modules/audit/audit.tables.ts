import { index, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { idColumn, refColumn } from '../../platform/db/columns';
import { admins } from '../admins/admins.tables';

/**
 * Who did what, when and from where (issue 3 item 7). Rows outlive their actor: a deleted admin's
 * entries keep their history with the actor set to null, so no foreign key cascades them away.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    _id: idColumn(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    actor_admin_id: refColumn('actor_admin_id').references(() => admins._id, { onDelete: 'set null' }),
    action: varchar('action', { length: 64 }).notNull(),
    entity_type: varchar('entity_type', { length: 64 }),
    entity_id: varchar('entity_id', { length: 64 }),
    client_address: varchar('client_address', { length: 64 }),
    user_agent: varchar('user_agent', { length: 512 }),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    location_id: refColumn('location_id'),
  },
  (table) => [
    index('audit_log_at').on(table.at),
    index('audit_log_actor').on(table.actor_admin_id, table.at),
  ],
);

export type AuditRow = typeof auditLog.$inferSelect;
