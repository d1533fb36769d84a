import type {
  CampaignParticipation,
  CampaignStatus,
  CampaignType,
  GameRightRule,
  SegmentFilter,
  SpendingLimitType,
} from '@avlu/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { idColumn, moment, refColumn, timestamps } from '../../platform/db/columns';
import { locations } from '../locations/locations.tables';

/** A list of ids or URLs, `{}` when the type does not use it. */
const ids = (name: string) => varchar(name, { length: 24 }).array().notNull().default(sql`'{}'`);
const urls = (name: string) => text(name).array().notNull().default(sql`'{}'`);

/**
 * Spec §3 Campaign (issue 13): a mall's campaign with every field of contracts' `campaign` item.
 * Fields a type does not use are stored empty (null or `{}`), as `campaignInput` completes them.
 *
 * - Names are unique per mall among the campaigns that are not archived (`nameKey`, partial unique
 *   indexes): an archived campaign frees its name for next year's campaign of the same name.
 * - Images are URLs of our file store (`assertStoredImage`), listed in `fileReferences`.
 * - The segment is jsonb in the customers' segment language (contracts' `segmentFilter`).
 * - Stores, coupon providers and desk channels are id arrays (GIN-indexed for "which campaigns use
 *   this store/provider/channel"): one row per campaign, read and written whole. An id whose record
 *   is deleted later stays, so a campaign limited to that desk is not opened to every desk (an empty
 *   list means every desk); the next full edit refuses it naming the field, and staff choose again.
 * - `(location_id, _id)` is unique so that the coupon codes table can reference a campaign together
 *   with its mall (a composite foreign key): a code can never belong to another mall's campaign.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    _id: idColumn(),
    location_id: refColumn('location_id')
      .notNull()
      .references(() => locations._id, { onDelete: 'cascade' }),
    campaign_name: varchar('campaign_name', { length: 120 }).notNull(),
    campaign_name_en: varchar('campaign_name_en', { length: 120 }).notNull(),
    /** `nameKey` of both names (platform/db/unique-names.ts). */
    campaign_name_key: text('campaign_name_key').notNull(),
    campaign_name_en_key: text('campaign_name_en_key').notNull(),
    campaign_description: text('campaign_description').notNull(),
    campaign_description_en: text('campaign_description_en'),
    campaign_type: varchar('campaign_type', { length: 32 }).$type<CampaignType>().notNull(),
    campaign_start_date: moment('campaign_start_date').notNull(),
    campaign_end_date: moment('campaign_end_date').notNull(),
    campaign_archive_date: moment('campaign_archive_date').notNull(),
    campaign_images: urls('campaign_images'),
    campaign_is_qrcode: boolean('campaign_is_qrcode').notNull().default(false),
    campaign_budget: integer('campaign_budget'),
    campaign_spending_limit: numeric('campaign_spending_limit', { precision: 11, scale: 2, mode: 'number' }),
    campaign_spending_limit_type: varchar('campaign_spending_limit_type', {
      length: 32,
    }).$type<SpendingLimitType>(),
    campaign_point_multiplier: numeric('campaign_point_multiplier', {
      precision: 5,
      scale: 2,
      mode: 'number',
    }),
    campaign_participation: varchar('campaign_participation', {
      length: 16,
    }).$type<CampaignParticipation>(),
    campaign_daily_participation_limit: integer('campaign_daily_participation_limit'),
    campaign_win_rate: integer('campaign_win_rate'),
    campaign_scratch_area_count: integer('campaign_scratch_area_count'),
    campaign_scratch_images: urls('campaign_scratch_images'),
    campaign_session_day_count: integer('campaign_session_day_count'),
    campaign_third_party_id: varchar('campaign_third_party_id', { length: 120 }),
    /** A survey of the mall (the surveys module's table, when it lands). */
    campaign_survey_id: refColumn('campaign_survey_id'),
    /** Regular code campaigns: the one shared code, normalised (`normaliseCouponCode`). */
    campaign_regular_code: varchar('campaign_regular_code', { length: 32 }),
    campaign_store_ids: ids('campaign_store_ids'),
    /** Receipt-driven types and games: receipts of stores of these categories count too (with the stores above; both empty: any store). */
    campaign_store_category_ids: ids('campaign_store_category_ids'),
    /** Stores and categories whose receipts never count (ATMs, exchange offices, phone top-ups, tobacco). */
    campaign_excluded_store_ids: ids('campaign_excluded_store_ids'),
    campaign_excluded_category_ids: ids('campaign_excluded_category_ids'),
    /** Over-limit coupons: qualifying receipts (or days) a stamp card needs before it gives a coupon; null: one. */
    campaign_stamp_count: integer('campaign_stamp_count'),
    /** Games: how rights are earned from receipts (contracts' `GameRightRule`); null: only given by staff. */
    campaign_game_right_rule: varchar('campaign_game_right_rule', { length: 24 }).$type<GameRightRule>(),
    /** Games: the lottery permit number (MPİ) the mall holds for the draw. */
    campaign_lottery_permit_no: varchar('campaign_lottery_permit_no', { length: 64 }),
    /** Coupon campaigns: the daily steps (`/ext/app` step counter) that give the coupon; null: joined as usual. */
    campaign_step_goal: integer('campaign_step_goal'),
    campaign_provider_ids: ids('campaign_provider_ids'),
    /** The desks (registration channels) that give the campaign; empty: every desk. */
    campaign_channel_ids: ids('campaign_channel_ids'),
    /** Only customers in this segment may take part; null: everyone. */
    campaign_segment: jsonb('campaign_segment').$type<SegmentFilter>(),
    campaign_status: varchar('campaign_status', { length: 20 })
      .$type<CampaignStatus>()
      .notNull()
      .default('to_be_published'),
    /** Spec §3 Coupon print: paper coupons printed (`PUT /coupon-campaign/{id}`). */
    coupon_print_count: integer('coupon_print_count').notNull().default(0),
    /**
     * How many codes the pool holds (coupons.service.ts keeps it with every insert and removal, in
     * the same transaction): the pool cap (`COUPON_POOL_MAX`) is checked against it atomically, batch
     * by batch, without counting millions of rows.
     */
    coupon_pool_size: integer('coupon_pool_size').notNull().default(0),
    /**
     * How many times customers took part (rows of `campaign_participations`), kept with each one in
     * the same transaction: the budget is a guarded update of it (giving.service.ts).
     */
    campaign_participation_count: integer('campaign_participation_count').notNull().default(0),
    ...timestamps(),
  },
  (table) => [
    unique('campaigns_location_campaign').on(table.location_id, table._id),
    uniqueIndex('campaigns_name_key')
      .on(table.location_id, table.campaign_name_key)
      .where(sql`${table.campaign_status} <> 'archived'`),
    uniqueIndex('campaigns_name_en_key')
      .on(table.location_id, table.campaign_name_en_key)
      .where(sql`${table.campaign_status} <> 'archived'`),
    // The list's state filters (status, then the dates that split published into published,
    // activated and ended) and the desk's "published and running" question.
    index('campaigns_location_status').on(
      table.location_id,
      table.campaign_status,
      table.campaign_start_date,
    ),
    index('campaigns_location_type').on(table.location_id, table.campaign_type),
    // The archive job: campaigns not archived yet, by their archive date.
    index('campaigns_to_archive')
      .on(table.campaign_archive_date)
      .where(sql`${table.campaign_status} <> 'archived'`),
    index('campaigns_channels').using('gin', table.campaign_channel_ids),
    index('campaigns_stores').using('gin', table.campaign_store_ids),
    index('campaigns_providers').using('gin', table.campaign_provider_ids),
  ],
);

export type CampaignRow = typeof campaigns.$inferSelect;
