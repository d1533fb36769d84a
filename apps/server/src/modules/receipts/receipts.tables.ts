import type {
  PointProviderCurrency,
  ReceiptDuplicateKind,
  ReceiptFileType,
  ReceiptPointsCalculation,
  ReceiptRejectionReason,
  ReceiptSource,
  ReceiptStatus,
} from '@avlu/contracts';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { idColumn, refColumn, timestamps } from '../../platform/db/columns';
import { admins } from '../admins/admins.tables';
import { campaigns } from '../campaigns/campaigns.tables';
import { channels } from '../channels/channels.tables';
import { customers } from '../customers/customers.tables';
import { locations } from '../locations/locations.tables';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Spec §3 Receipt (issue 14 #2): a customer's shopping receipt with its photo, entered at a desk or
 * uploaded on the micro-site, reviewed by staff. An approved receipt's points are in the ledger
 * (`point_entries`, cause `receipt`, key `receipt:<id>:earn`) and its calculation is kept as it was
 * approved (`receipt_points_calculation`). The store is kept by id without a foreign key, as a
 * campaign's stores are: a store deleted later leaves its receipts (their name shows empty).
 * `receipt_day` is the receipt's calendar day in the mall's time zone: point providers hold days,
 * and duplicates are the same store, number (`receipt_no_key`: upper case, no spaces), day and amount.
 * The photo and thumbnail are private files of the store, by name (listed in fileReferences).
 */
export const receipts = pgTable(
  'receipts',
  {
    _id: idColumn(),
    location_id: refColumn('location_id')
      .notNull()
      .references(() => locations._id, { onDelete: 'cascade' }),
    customer_id: refColumn('customer_id')
      .notNull()
      .references(() => customers._id, { onDelete: 'cascade' }),
    store_id: refColumn('store_id').notNull(),
    campaign_id: refColumn('campaign_id').references(() => campaigns._id, { onDelete: 'set null' }),
    /** The desk it was entered at; null from the micro-site. */
    channel_id: refColumn('channel_id').references(() => channels._id, { onDelete: 'set null' }),
    receipt_no: varchar('receipt_no', { length: 40 }).notNull(),
    receipt_no_key: varchar('receipt_no_key', { length: 40 }).notNull(),
    receipt_amount: numeric('receipt_amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    currency: varchar('currency', { length: 3 }).$type<PointProviderCurrency>().notNull().default('TRY'),
    receipt_date: at('receipt_date').notNull(),
    receipt_day: date('receipt_day', { mode: 'string' }).notNull(),
    receipt_status: varchar('receipt_status', { length: 10 })
      .$type<ReceiptStatus>()
      .notNull()
      .default('pending'),
    receipt_rejection_reason: varchar('receipt_rejection_reason', {
      length: 30,
    }).$type<ReceiptRejectionReason>(),
    receipt_rejection_message: varchar('receipt_rejection_message', { length: 75 }),
    receipt_calculated_points: integer('receipt_calculated_points'),
    receipt_points_calculation: jsonb('receipt_points_calculation').$type<ReceiptPointsCalculation>(),
    receipt_photo: text('receipt_photo').notNull(),
    receipt_thumbnail: text('receipt_thumbnail'),
    receipt_photo_type: varchar('receipt_photo_type', { length: 4 }).$type<ReceiptFileType>().notNull(),
    /** SHA-256 of the bytes as uploaded: the same photo again is flagged. */
    receipt_photo_hash: varchar('receipt_photo_hash', { length: 64 }).notNull(),
    receipt_source: varchar('receipt_source', { length: 12 }).$type<ReceiptSource>().notNull(),
    send_sms: boolean('send_sms').notNull().default(false),
    /** The language the customer uploaded in (the desk: Turkish): the approval SMS is written in it. */
    receipt_language: varchar('receipt_language', { length: 2 }).notNull().default('tr'),
    receipt_duplicate_of: refColumn('receipt_duplicate_of'),
    receipt_duplicate_kind: varchar('receipt_duplicate_kind', { length: 8 }).$type<ReceiptDuplicateKind>(),
    receipt_approved_at: at('receipt_approved_at'),
    receipt_approved_by: refColumn('receipt_approved_by').references(() => admins._id, {
      onDelete: 'set null',
    }),
    receipt_created_by: refColumn('receipt_created_by').references(() => admins._id, {
      onDelete: 'set null',
    }),
    ...timestamps(),
  },
  (table) => [
    // The list, newest first, and by status (the review queue).
    index('receipts_mall_created').on(table.location_id, table.created_at, table._id),
    index('receipts_mall_status').on(table.location_id, table.receipt_status, table.created_at),
    index('receipts_customer').on(table.customer_id, table.created_at),
    index('receipts_duplicate_details').on(
      table.location_id,
      table.store_id,
      table.receipt_no_key,
      table.receipt_day,
    ),
    index('receipts_photo_hash').on(table.location_id, table.receipt_photo_hash),
  ],
);
export type ReceiptRow = typeof receipts.$inferSelect;
