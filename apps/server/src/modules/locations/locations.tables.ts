import { DEFAULT_TIMEZONE } from '@avlu/contracts';
import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from '../../platform/db/columns';

/** A mall (spec §3 Location); the nested `location_meta` and `location_logo` of the API are flat columns here. */
export const locations = pgTable(
  'locations',
  {
    _id: idColumn(),
    location_name: varchar('location_name', { length: 120 }).notNull(),
    /** `nameKey(location_name)`: malls are picked by name, so no two differ by letter case alone (platform/db/unique-names.ts). */
    location_name_key: text('location_name_key').notNull(),
    timezone: varchar('location_timezone', { length: 64 }).notNull().default(DEFAULT_TIMEZONE),
    logo_thumbnail: text('location_logo_thumbnail'),
    hasMobileApp: boolean('has_mobile_app').notNull().default(false),
    /**
     * The micro-site's address part and bearer (spec §6), made by the application on create and renew
     * (256 random bits). The default only fills malls that existed before the column: two random
     * UUIDs, 244 bits from the server's strong random source, in hex, which needs no extension.
     */
    location_token: varchar('location_token', { length: 64 })
      .notNull()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    android_app: varchar('location_android_app', { length: 2048 }),
    android_store: varchar('location_android_store', { length: 2048 }),
    ios_app: varchar('location_ios_app', { length: 2048 }),
    ios_store: varchar('location_ios_store', { length: 2048 }),
    fallback_url: varchar('location_fallback_url', { length: 2048 }),
    /**
     * SMS the mall may send in an hour; null takes SMS_MALL_HOURLY_BUDGET. The server-wide
     * SMS_HOURLY_BUDGET stays the ceiling (sms-codes.service.ts `spendSmsBudget`).
     */
    sms_hourly_budget: integer('location_sms_hourly_budget'),
    /**
     * A marketing send to more recipients than this waits for a second user's approval (issue 16,
     * marketing/dispatch.service.ts); null: no send waits.
     */
    marketing_approval_threshold: integer('location_marketing_approval_threshold'),
    /** The mall's brand code at İYS (6 digits), which commercial SMS are checked against (issue 16). */
    marketing_iys_brand_code: varchar('location_marketing_iys_brand_code', { length: 6 }),
    /** A small number for the mall in tables read a million rows at a time (customer_facts). */
    location_no: integer('location_no').notNull().generatedAlwaysAsIdentity(),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('locations_location_token').on(table.location_token),
    uniqueIndex('locations_location_no').on(table.location_no),
    uniqueIndex('locations_name_key').on(table.location_name_key),
  ],
);

export type LocationRow = typeof locations.$inferSelect;
