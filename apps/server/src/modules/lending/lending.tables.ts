import type { LendingItemStatus, LendingStatus } from '@avlu/contracts';
import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn, moment, refColumn, timestamps } from '../../platform/db/columns';
import { customers } from '../customers/customers.tables';
import { locations } from '../locations/locations.tables';

/**
 * Spec §3 Lendable item (issue 17 #3): what a mall lends (a stroller, a wheelchair), by its number,
 * name and image; `status` says whether it is in service. The number is unique per mall as people
 * read it (`itemNo_key`, `nameKey`): the desk finds an item by it.
 */
export const lendingItems = pgTable(
  'lending_items',
  {
    _id: idColumn(),
    location_id: refColumn('location_id')
      .notNull()
      .references(() => locations._id, { onDelete: 'cascade' }),
    itemNo: varchar('item_no', { length: 30 }).notNull(),
    itemNo_key: text('item_no_key').notNull(),
    itemName: varchar('item_name', { length: 100 }).notNull(),
    /** A public image of our file store (`/api/files/…`), listed in fileReferences. */
    itemImage: text('item_image').notNull(),
    status: varchar('item_status', { length: 16 }).$type<LendingItemStatus>().notNull().default('active'),
    ...timestamps(),
  },
  (table) => [uniqueIndex('lending_items_no_key').on(table.location_id, table.itemNo_key)],
);

/**
 * A customer's lending of an item: in queue, started when handed over, done when brought back.
 * The database holds the one rule that matters under concurrency: an item is out with at most one
 * customer (`lendings_item_out`, a partial unique index on the started lendings), and a customer waits
 * for an item at most once (`lendings_item_customer_open`).
 */
export const lendings = pgTable(
  'lendings',
  {
    _id: idColumn(),
    location_id: refColumn('location_id')
      .notNull()
      .references(() => locations._id, { onDelete: 'cascade' }),
    lending_item_id: refColumn('lending_item_id')
      .notNull()
      .references(() => lendingItems._id, { onDelete: 'cascade' }),
    customer_id: refColumn('customer_id')
      .notNull()
      .references(() => customers._id, { onDelete: 'cascade' }),
    lending_status: varchar('lending_status', { length: 16 })
      .$type<LendingStatus>()
      .notNull()
      .default('in_queue'),
    lending_started_at: moment('lending_started_at'),
    lending_ended_at: moment('lending_ended_at'),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('lendings_item_out')
      .on(table.lending_item_id)
      .where(sql`${table.lending_status} = 'started'`),
    uniqueIndex('lendings_item_customer_open')
      .on(table.lending_item_id, table.customer_id)
      .where(sql`${table.lending_status} <> 'done'`),
    index('lendings_location_created').on(table.location_id, table.created_at),
    index('lendings_customer').on(table.customer_id),
  ],
);
