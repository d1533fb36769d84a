import type { CouponProviderType } from '@avlu/contracts';
import { index, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn, refColumn, timestamps } from '../../platform/db/columns';
import { locations } from '../locations/locations.tables';
import { stores } from '../stores/stores.tables';

/**
 * Spec §3 Coupon provider: who honours a mall's campaign codes, one of its stores or another party.
 * Names are unique per mall (`nameKey`): campaigns pick providers by name. A store with a provider
 * cannot be deleted (the foreign key restricts; the stores service answers 409 STORE_IN_USE first).
 */
export const couponProviders = pgTable(
  'coupon_providers',
  {
    _id: idColumn(),
    location_id: refColumn('location_id')
      .notNull()
      .references(() => locations._id, { onDelete: 'cascade' }),
    coupon_provider_name: varchar('coupon_provider_name', { length: 120 }).notNull(),
    coupon_provider_name_key: text('coupon_provider_name_key').notNull(),
    coupon_provider_type: varchar('coupon_provider_type', { length: 10 })
      .$type<CouponProviderType>()
      .notNull(),
    coupon_provider_store_id: refColumn('coupon_provider_store_id').references(() => stores._id, {
      onDelete: 'restrict',
    }),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('coupon_providers_name_key').on(table.location_id, table.coupon_provider_name_key),
    index('coupon_providers_store').on(table.coupon_provider_store_id),
  ],
);
