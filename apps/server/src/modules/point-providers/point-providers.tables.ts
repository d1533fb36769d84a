import type { PointProviderCurrency, PointProviderType } from '@avlu/contracts';
import { sql } from 'drizzle-orm';
import { date, index, integer, numeric, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn, refColumn, timestamps } from '../../platform/db/columns';
import { locations } from '../locations/locations.tables';

/** A list of ids, `{}` when the type does not use it. */
const ids = (name: string) => varchar(name, { length: 24 }).array().notNull().default(sql`'{}'`);

/**
 * Spec §3 Point provider (issue 14 #3): a mall's earning rule for receipts (contracts'
 * `loyalty/point-providers.ts` says how a receipt is matched and what it earns). Priorities are
 * unique per mall (the winner among matching providers is never a tie), and so are names, as people
 * read them (`nameKey`): a provider is picked by its name elsewhere. Stores and categories are id
 * arrays with GIN indexes, like a campaign's: a deleted store's id stays, and the next edit names it.
 */
export const pointProviders = pgTable(
  'point_providers',
  {
    _id: idColumn(),
    location_id: refColumn('location_id')
      .notNull()
      .references(() => locations._id, { onDelete: 'cascade' }),
    point_provider_name: varchar('point_provider_name', { length: 120 }).notNull(),
    point_provider_name_key: text('point_provider_name_key').notNull(),
    point_provider_type: varchar('point_provider_type', { length: 16 }).$type<PointProviderType>().notNull(),
    /** 1 to 99; the larger wins when several providers match a receipt. */
    point_provider_priority: integer('point_provider_priority').notNull(),
    point_provider_min_amount: numeric('point_provider_min_amount', {
      precision: 12,
      scale: 2,
      mode: 'number',
    }).notNull(),
    /** Points per lira (per unit of `currency`): a receipt earns amount × multiplier. */
    point_provider_points_multiplier: numeric('point_provider_points_multiplier', {
      precision: 4,
      scale: 2,
      mode: 'number',
    }).notNull(),
    /** Date-only, the mall's calendar days the rule holds, both included. */
    point_provider_start_at: date('point_provider_start_at', { mode: 'string' }).notNull(),
    point_provider_end_at: date('point_provider_end_at', { mode: 'string' }).notNull(),
    point_provider_store_ids: ids('point_provider_store_ids'),
    point_provider_category_ids: ids('point_provider_category_ids'),
    currency: varchar('currency', { length: 3 }).$type<PointProviderCurrency>().notNull().default('TRY'),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('point_providers_name_key').on(table.location_id, table.point_provider_name_key),
    uniqueIndex('point_providers_priority').on(table.location_id, table.point_provider_priority),
    index('point_providers_stores').using('gin', table.point_provider_store_ids),
    index('point_providers_categories').using('gin', table.point_provider_category_ids),
  ],
);
