import { customType, date, foreignKey, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { moment, refColumn } from '../../platform/db/columns';
import { customers } from '../customers/customers.tables';
import { receipts } from '../receipts/receipts.tables';
import { campaigns } from './campaigns.tables';

/**
 * The campaign dashboard's membership rollup (issue 15 #5): who and what each campaign counted on each
 * day, kept beside the daily figures (`campaign_daily_stats`) by the same statement, so the report can
 * count a customer or a receipt once across several chosen campaigns without reading the source rows
 * (campaign-dashboard.service.ts, `distinctFigures`).
 *
 * Customers and receipts are numbered with small integers (ordinals) for this: a day's members are a
 * packed, sorted list of 4-byte ordinals, and the report unions the chosen campaigns' lists in a bitset
 * (a million ordinals are 125 KB). The ordinals are given by triggers on the source tables
 * (campaign-dashboard.sql) in the transaction that writes the participation or the credit, so every
 * source row the rollup can see has its ordinal: no write path can forget one.
 */

/** A packed list of big-endian integers (`int4send`/`int8send` concatenated). */
const packed = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** Customers that took part in a campaign, numbered from 1 (identity: never reused, gaps allowed). */
export const campaignCustomerOrdinals = pgTable('campaign_customer_ordinals', {
  customer_id: refColumn('customer_id')
    .primaryKey()
    .references(() => customers._id, { onDelete: 'cascade' }),
  customer_ordinal: integer('customer_ordinal').notNull().generatedAlwaysAsIdentity(),
});

/** Receipts credited to a campaign, numbered from 1 (identity: never reused, gaps allowed). */
export const campaignReceiptOrdinals = pgTable('campaign_receipt_ordinals', {
  receipt_id: refColumn('receipt_id')
    .primaryKey()
    .references(() => receipts._id, { onDelete: 'cascade' }),
  receipt_ordinal: integer('receipt_ordinal').notNull().generatedAlwaysAsIdentity(),
});

/**
 * A campaign's members of a mall day, for the days with any (the rows of `campaign_daily_stats` with
 * new participants or receipts), written with that row:
 * - `member_new_customers`: the ordinals of the customers whose first participation in the campaign
 *   was that day (as many as `stat_new_participants`), sorted, 4 bytes each;
 * - `member_receipts`: the ordinals of the receipts of that day credited to the campaign (as many as
 *   `stat_receipts`), sorted, 4 bytes each; `member_receipt_amounts`: each one's amount in kuruş, in
 *   the same order, 6 bytes each (two's complement: the whole range of `credit_amount`).
 */
export const campaignDailyMembers = pgTable(
  'campaign_daily_members',
  {
    location_id: refColumn('location_id').notNull(),
    campaign_id: refColumn('campaign_id').notNull(),
    stat_day: date('stat_day', { mode: 'string' }).notNull(),
    member_new_customers: packed('member_new_customers').notNull(),
    member_receipts: packed('member_receipts').notNull(),
    member_receipt_amounts: packed('member_receipt_amounts').notNull(),
    updated_at: moment('updated_at').notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      name: 'campaign_daily_members_campaign',
      columns: [table.location_id, table.campaign_id],
      foreignColumns: [campaigns.location_id, campaigns._id],
    }).onDelete('cascade'),
    primaryKey({ name: 'campaign_daily_members_pk', columns: [table.campaign_id, table.stat_day] }),
  ],
);
