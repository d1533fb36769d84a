import { DEFAULT_TIMEZONE } from '@avlu/contracts';
import { boolean, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from '../../platform/db/columns';

/** A mall (spec §3 Location); the nested `location_meta` and `location_logo` of the API are flat columns here. */
export const locations = pgTable('locations', {
  _id: idColumn(),
  location_name: varchar('location_name', { length: 120 }).notNull(),
  timezone: varchar('location_timezone', { length: 64 }).notNull().default(DEFAULT_TIMEZONE),
  logo_thumbnail: text('location_logo_thumbnail'),
  hasMobileApp: boolean('has_mobile_app').notNull().default(false),
  ...timestamps(),
});

export type LocationRow = typeof locations.$inferSelect;
