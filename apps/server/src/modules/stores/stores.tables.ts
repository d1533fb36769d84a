import { boolean, index, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn, refColumn, timestamps } from '../../platform/db/columns';
import { locations } from '../locations/locations.tables';

/** A store category of a mall's directory, in Turkish and English (issue 13 #1). */
export const storeCategories = pgTable(
  'store_categories',
  {
    _id: idColumn(),
    location_id: refColumn('location_id')
      .notNull()
      .references(() => locations._id, { onDelete: 'cascade' }),
    store_category_name: varchar('store_category_name', { length: 80 }).notNull(),
    store_category_name_en: varchar('store_category_name_en', { length: 80 }).notNull(),
    /** `nameKey` of both names: a mall's categories differ in each language (platform/db/unique-names.ts). */
    store_category_name_key: text('store_category_name_key').notNull(),
    store_category_name_en_key: text('store_category_name_en_key').notNull(),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('store_categories_name_key').on(table.location_id, table.store_category_name_key),
    uniqueIndex('store_categories_name_en_key').on(table.location_id, table.store_category_name_en_key),
  ],
);

/**
 * A store of a mall's directory. Its category is required and cannot be deleted while it holds
 * stores (the foreign key restricts; the service answers 409 first, naming the category).
 */
export const stores = pgTable(
  'stores',
  {
    _id: idColumn(),
    location_id: refColumn('location_id')
      .notNull()
      .references(() => locations._id, { onDelete: 'cascade' }),
    store_name: varchar('store_name', { length: 120 }).notNull(),
    /** `nameKey(store_name)`: a mall's stores differ by more than letter case. */
    store_name_key: text('store_name_key').notNull(),
    store_category_id: refColumn('store_category_id')
      .notNull()
      .references(() => storeCategories._id, { onDelete: 'restrict' }),
    store_floor: varchar('store_floor', { length: 30 }).notNull(),
    store_unit_no: varchar('store_unit_no', { length: 20 }),
    /** E.164, as customer phones. */
    store_phone: varchar('store_phone', { length: 32 }),
    /** A public image of our file store (`/api/files/…`), listed in fileReferences. */
    store_logo: text('store_logo'),
    store_website: text('store_website'),
    store_cms_id: varchar('store_cms_id', { length: 64 }),
    store_is_active: boolean('store_is_active').notNull().default(true),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('stores_name_key').on(table.location_id, table.store_name_key),
    index('stores_category').on(table.store_category_id),
  ],
);
