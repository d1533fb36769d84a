import type { LoyaltyCustomerSource, LoyaltyCustomerStatus, LoyaltyGiftSendType } from '@avlu/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { idColumn, refColumn, timestamps } from '../../platform/db/columns';
import { admins } from '../admins/admins.tables';
import { customers } from '../customers/customers.tables';
import { locations } from '../locations/locations.tables';
import { loyaltyTiers } from './loyalty.tables';

/**
 * Spec §3 Loyalty gift (issue 14 #5). The stock is taken by one guarded statement
 * (`… set stock = stock - 1 where stock > 0`) in the redemption's transaction, and a check keeps it
 * ≥ 0 as the last guard. Titles are unique per mall as people read them (`nameKey`): staff pick a
 * gift by its title. A deleted tier leaves the gift open to every customer (its tier set null).
 */
export const loyaltyGifts = pgTable(
  'loyalty_gifts',
  {
    _id: idColumn(),
    location_id: refColumn('location_id')
      .notNull()
      .references(() => locations._id, { onDelete: 'cascade' }),
    loyalty_gift_title: varchar('loyalty_gift_title', { length: 100 }).notNull(),
    loyalty_gift_title_key: text('loyalty_gift_title_key').notNull(),
    loyalty_gift_note: varchar('loyalty_gift_note', { length: 500 }),
    loyalty_gift_point_quantity: integer('loyalty_gift_point_quantity').notNull(),
    loyalty_gift_stock_quantity: integer('loyalty_gift_stock_quantity').notNull(),
    loyalty_gift_min_tier_id: refColumn('loyalty_gift_min_tier_id').references(() => loyaltyTiers._id, {
      onDelete: 'set null',
    }),
    loyalty_gift_is_active: boolean('loyalty_gift_is_active').notNull().default(true),
    loyalty_gift_send_type: varchar('loyalty_gift_send_type', { length: 16 })
      .$type<LoyaltyGiftSendType>()
      .notNull(),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('loyalty_gifts_title_key').on(table.location_id, table.loyalty_gift_title_key),
    index('loyalty_gifts_mall').on(table.location_id, table.created_at),
    check(
      'loyalty_gifts_quantities',
      sql`${table.loyalty_gift_stock_quantity} >= 0 and ${table.loyalty_gift_point_quantity} >= 1`,
    ),
  ],
);
export type LoyaltyGiftRow = typeof loyaltyGifts.$inferSelect;

/**
 * A gift's optional pool of codes: one row per code, taken by a redemption with
 * `for update skip locked` (two claims never take one code, nor wait for each other). A taken code
 * stays taken when its redemption is cancelled: the customer has seen it.
 */
export const loyaltyGiftCodes = pgTable(
  'loyalty_gift_codes',
  {
    _id: idColumn(),
    loyalty_gift_id: refColumn('loyalty_gift_id')
      .notNull()
      .references(() => loyaltyGifts._id, { onDelete: 'cascade' }),
    loyalty_gift_code: varchar('loyalty_gift_code', { length: 60 }).notNull(),
    /** The redemption that took it; null while it is available. */
    loyalty_redemption_id: refColumn('loyalty_redemption_id'),
    used_at: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('loyalty_gift_codes_code').on(table.loyalty_gift_id, table.loyalty_gift_code),
    index('loyalty_gift_codes_available')
      .on(table.loyalty_gift_id, table._id)
      .where(sql`${table.loyalty_redemption_id} is null`),
  ],
);

/**
 * Spec §3 Loyalty customer: a gift redeemed by a customer (§4 new → waiting, or cancelled). The gift's
 * title, cost and send type are copied as they were, so a later edit or delete of the gift does not
 * rewrite what the customer got; the points moved are ledger entries (burn, and refund on cancel)
 * whose cause id is this row's id.
 */
export const loyaltyRedemptions = pgTable(
  'loyalty_redemptions',
  {
    _id: idColumn(),
    location_id: refColumn('location_id')
      .notNull()
      .references(() => locations._id, { onDelete: 'cascade' }),
    customer_id: refColumn('customer_id')
      .notNull()
      .references(() => customers._id, { onDelete: 'cascade' }),
    loyalty_gift_id: refColumn('loyalty_gift_id').references(() => loyaltyGifts._id, {
      onDelete: 'set null',
    }),
    loyalty_customer_gift_title: varchar('loyalty_customer_gift_title', { length: 100 }).notNull(),
    loyalty_customer_points: integer('loyalty_customer_points').notNull(),
    loyalty_customer_gift_send_type: varchar('loyalty_customer_gift_send_type', { length: 16 })
      .$type<LoyaltyGiftSendType>()
      .notNull(),
    loyalty_customer_gift_code: varchar('loyalty_customer_gift_code', { length: 60 }),
    loyalty_customer_note: varchar('loyalty_customer_note', { length: 300 }),
    loyalty_customer_address: varchar('loyalty_customer_address', { length: 300 }),
    loyalty_customer_tracking_number: varchar('loyalty_customer_tracking_number', { length: 60 }),
    loyalty_customer_status: varchar('loyalty_customer_status', { length: 10 })
      .$type<LoyaltyCustomerStatus>()
      .notNull()
      .default('new'),
    loyalty_customer_source: varchar('loyalty_customer_source', { length: 10 })
      .$type<LoyaltyCustomerSource>()
      .notNull(),
    admin_id: refColumn('admin_id').references(() => admins._id, { onDelete: 'set null' }),
    sent_at: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    cancelled_at: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    ...timestamps(),
  },
  (table) => [
    index('loyalty_redemptions_mall').on(table.location_id, table.created_at, table._id),
    index('loyalty_redemptions_customer').on(table.customer_id, table.created_at),
    index('loyalty_redemptions_gift').on(table.loyalty_gift_id),
  ],
);
export type LoyaltyRedemptionRow = typeof loyaltyRedemptions.$inferSelect;
