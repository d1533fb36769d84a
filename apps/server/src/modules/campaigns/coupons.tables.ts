import type { CouponStatus } from '@avlu/contracts';
import { sql } from 'drizzle-orm';
import { index, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn, moment, refColumn } from '../../platform/db/columns';
import { admins } from '../admins/admins.tables';
import { channels } from '../channels/channels.tables';
import { customers } from '../customers/customers.tables';

/** How a code came into its pool. */
export type CouponCodeSource = 'generated' | 'imported';

/**
 * A campaign's code pool (issue 13, "Code pools"; spec §3/§4 Coupon code status): one row per code,
 * ready → given → used, or given → not_used when the campaign or its session days end.
 *
 * - The campaign is referenced together with its mall (`(location_id, campaign_id)` must name a row of
 *   campaigns' unique `(location_id, _id)`), so a code can never sit in another mall's campaign;
 *   deleting the campaign deletes its codes. Checked by statement triggers (coupon-codes-campaign.sql),
 *   not a foreign key: a foreign key checks each row on its own, which cost half the time of saving
 *   a million generated codes; the triggers check and lock a statement's campaigns once.
 * - `coupon_code` is stored normalised (contracts' `normaliseCouponCode`) and is unique within the
 *   mall, across all its campaigns: a code typed at a store names one code.
 * - Indexes: the partial `coupon_codes_ready` is the "next ready code of a campaign" (giving takes
 *   the first with `for update skip locked`, and a given code leaves the index), and counts and
 *   exports the ready codes; the partial `coupon_codes_handed_out` does the same for the codes given,
 *   used or not used, so a newly generated code is written to one of the two only;
 *   `coupon_codes_customer` serves a customer's codes.
 */
export const couponCodes = pgTable(
  'coupon_codes',
  {
    _id: idColumn(),
    /**
     * The mall: no foreign key of its own, the campaign's check (above) covers it (a campaign's mall
     * exists and deleting the mall deletes its campaigns and so their codes).
     */
    location_id: refColumn('location_id').notNull(),
    campaign_id: refColumn('campaign_id').notNull(),
    coupon_code: varchar('coupon_code', { length: 64 }).notNull(),
    coupon_status: varchar('coupon_status', { length: 16 }).$type<CouponStatus>().notNull().default('ready'),
    /** Who it was given to; null while ready. */
    customer_id: refColumn('customer_id').references(() => customers._id, { onDelete: 'set null' }),
    /** The desk (registration channel) that gave it; null when given on the micro-site. */
    channel_id: refColumn('channel_id').references(() => channels._id, { onDelete: 'set null' }),
    coupon_given_at: moment('coupon_given_at'),
    /** Until when it may be redeemed, set when given (the campaign's end, or its session days). */
    coupon_expires_at: moment('coupon_expires_at'),
    coupon_used_at: moment('coupon_used_at'),
    /** The staff user who redeemed it at a store. */
    coupon_used_by: refColumn('coupon_used_by').references(() => admins._id, { onDelete: 'set null' }),
    coupon_source: varchar('coupon_source', { length: 16 }).$type<CouponCodeSource>().notNull(),
    created_at: moment('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('coupon_codes_mall_code').on(table.location_id, table.coupon_code),
    index('coupon_codes_ready').on(table.campaign_id, table._id).where(sql`${table.coupon_status} = 'ready'`),
    // Codes that left the pool, by status: their counts and the export's order. Partial, so a
    // generation (every code ready) writes one index less per code.
    index('coupon_codes_handed_out')
      .on(table.campaign_id, table.coupon_status, table._id)
      .where(sql`${table.coupon_status} <> 'ready'`),
    // Given codes by the moment they stop being redeemable: the minute job marks them not used.
    index('coupon_codes_given_expiry')
      .on(table.coupon_expires_at)
      .where(sql`${table.coupon_status} = 'given'`),
    // The campaign dashboard's rollup: a campaign's codes given, and used, on recent days.
    index('coupon_codes_campaign_given')
      .on(table.campaign_id, table.coupon_given_at)
      .where(sql`${table.coupon_given_at} is not null`),
    index('coupon_codes_campaign_used')
      .on(table.campaign_id, table.coupon_used_at)
      .where(sql`${table.coupon_used_at} is not null`),
    index('coupon_codes_customer')
      .on(table.customer_id, table.campaign_id)
      .where(sql`${table.customer_id} is not null`),
  ],
);

export type CouponCodeRow = typeof couponCodes.$inferSelect;
