import type { genders, MenuItemNode } from '@avlu/contracts';
import { sql } from 'drizzle-orm';
import { date, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn, refColumn, timestamps } from '../../platform/db/columns';
import { locations } from '../locations/locations.tables';

/** A user role (spec §3): what its admins may open is the subjects held in its menu_items tree. */
export const roles = pgTable(
  'roles',
  {
    _id: idColumn(),
    role_name: varchar('role_name', { length: 120 }).notNull(),
    /** `nameKey(role_name)`: roles are picked by name, so no two differ by letter case alone (platform/db/unique-names.ts). */
    role_name_key: text('role_name_key').notNull(),
    menu_items: jsonb('menu_items').$type<MenuItemNode[]>().notNull().default([]),
    ...timestamps(),
  },
  (table) => [uniqueIndex('roles_name_key').on(table.role_name_key)],
);

export const admins = pgTable(
  'admins',
  {
    _id: idColumn(),
    admin_email: varchar('admin_email', { length: 265 }).notNull(),
    admin_password_hash: varchar('admin_password_hash', { length: 255 }).notNull(),
    admin_name: varchar('admin_name', { length: 120 }).notNull(),
    admin_surname: varchar('admin_surname', { length: 120 }).notNull(),
    // Profile fields of spec §3 Admin user, all optional: a user fills them in on /user/account.
    admin_gender: varchar('admin_gender', { length: 16 }).$type<(typeof genders)[number]>(),
    admin_phone_number: varchar('admin_phone_number', { length: 32 }),
    admin_birthday: date('admin_birthday', { mode: 'string' }),
    admin_address: varchar('admin_address', { length: 300 }),
    admin_profile_photo: text('admin_profile_photo'),
    admin_role_id: refColumn('admin_role_id')
      .notNull()
      .references(() => roles._id),
    ...timestamps(),
  },
  // One account per address whatever its letter case: people type their email as they like.
  (table) => [uniqueIndex('admins_email_unique').on(sql`lower(${table.admin_email})`)],
);

/** The malls an admin works for (spec §3 admin_locations); the first is current after login. */
export const adminLocations = pgTable(
  'admin_locations',
  {
    admin_id: refColumn('admin_id')
      .notNull()
      .references(() => admins._id, { onDelete: 'cascade' }),
    location_id: refColumn('location_id')
      .notNull()
      .references(() => locations._id, { onDelete: 'cascade' }),
    // Link order without help from the inserting code: a multi-row insert numbers its rows in order,
    // so an admin's first-linked mall (current after login) is the one with the lowest number.
    link_order: integer('link_order').notNull().generatedAlwaysAsIdentity(),
  },
  (table) => [primaryKey({ columns: [table.admin_id, table.location_id] })],
);
