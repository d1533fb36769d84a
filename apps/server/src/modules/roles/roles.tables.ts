import { pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { refColumn } from '../../platform/db/columns';
import { roles } from '../admins/admins.tables';
import { locations } from '../locations/locations.tables';

/**
 * The malls a role was made for (its creator's malls; for the system admin, the mall of the call).
 * They decide who besides the system admin sees the role while nobody holds it or is invited to it;
 * once it has holders, their malls decide (see `roleVisibleTo` in roles.service.ts).
 */
export const roleLocations = pgTable(
  'role_locations',
  {
    role_id: refColumn('role_id')
      .notNull()
      .references(() => roles._id, { onDelete: 'cascade' }),
    location_id: refColumn('location_id')
      .notNull()
      .references(() => locations._id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.role_id, table.location_id] })],
);
