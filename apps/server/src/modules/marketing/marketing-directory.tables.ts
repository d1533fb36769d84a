import type { MobilePageType, PostKind } from '@avlu/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { idColumn, moment, refColumn, timestamps } from '../../platform/db/columns';
import { admins } from '../admins/admins.tables';
import { locations } from '../locations/locations.tables';

/**
 * Spec §3 Mobile page: a page of the mall's app a push may open (`push_notification_mobile_page_id`),
 * its type main/general or detail (a detail page takes the push's `redirect_page_value`, say a
 * campaign's id). Title and name are unique per mall as people read them (`nameKey`): pushes pick a
 * page by its title and the app routes by its name.
 */
export const mobilePages = pgTable(
  'mobile_pages',
  {
    _id: idColumn(),
    location_id: refColumn('location_id')
      .notNull()
      .references(() => locations._id, { onDelete: 'cascade' }),
    mobile_page_title: varchar('mobile_page_title', { length: 100 }).notNull(),
    mobile_page_title_key: text('mobile_page_title_key').notNull(),
    mobile_page_name: varchar('mobile_page_name', { length: 100 }).notNull(),
    mobile_page_name_key: text('mobile_page_name_key').notNull(),
    mobile_page_type: varchar('mobile_page_type', { length: 8 }).$type<MobilePageType>().notNull(),
    /** Where the app goes (a screen of the app or a web address); null: the page named above. */
    mobile_page_redirect_page: text('mobile_page_redirect_page'),
    /** A fixed value for that page (a detail page's default record); a push may give its own. */
    mobile_page_redirect_value: text('mobile_page_redirect_value'),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('mobile_pages_title_key').on(table.location_id, table.mobile_page_title_key),
    uniqueIndex('mobile_pages_name_key').on(table.location_id, table.mobile_page_name_key),
    check('mobile_pages_type', sql`${table.mobile_page_type} in ('main', 'detail')`),
  ],
);

/**
 * The mall's events and promotions (`GET /data/events`, `/data/promotions`): a small directory like
 * the stores, managed under Ayarlar, which a NEWSLETTER email lists (`newsletter_content_events`,
 * `newsletter_content_promotions`). Titles are unique per mall and kind (`nameKey`). Dates are the
 * mall's calendar days, the end on or after the start.
 */
export const mallPosts = pgTable(
  'mall_posts',
  {
    _id: idColumn(),
    location_id: refColumn('location_id')
      .notNull()
      .references(() => locations._id, { onDelete: 'cascade' }),
    post_kind: varchar('post_kind', { length: 12 }).$type<PostKind>().notNull(),
    post_title: varchar('post_title', { length: 120 }).notNull(),
    post_title_key: text('post_title_key').notNull(),
    post_description: text('post_description'),
    post_start_date: date('post_start_date', { mode: 'string' }).notNull(),
    post_end_date: date('post_end_date', { mode: 'string' }).notNull(),
    /** A public image of our file store, listed in fileReferences. */
    post_image: text('post_image'),
    post_link: text('post_link'),
    post_is_active: boolean('post_is_active').notNull().default(true),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('mall_posts_title_key').on(table.location_id, table.post_kind, table.post_title_key),
    index('mall_posts_location_kind_dates').on(table.location_id, table.post_kind, table.post_start_date),
    check('mall_posts_kind', sql`${table.post_kind} in ('event', 'promotion')`),
    check('mall_posts_dates', sql`${table.post_end_date} >= ${table.post_start_date}`),
  ],
);

/**
 * Spec §3 External email list (§5: an xlsx, addresses in column A separated by semicolons): a list of
 * addresses an email may go to instead of the customers. The counts are what the upload reported.
 */
export const externalMailLists = pgTable(
  'external_mail_lists',
  {
    _id: idColumn(),
    location_id: refColumn('location_id')
      .notNull()
      .references(() => locations._id, { onDelete: 'cascade' }),
    list_name: varchar('list_name', { length: 120 }).notNull(),
    list_name_key: text('list_name_key').notNull(),
    /** The uploaded file's stored name (private), kept for the record. */
    list_file: text('list_file'),
    list_address_count: integer('list_address_count').notNull().default(0),
    list_invalid_count: integer('list_invalid_count').notNull().default(0),
    list_duplicate_count: integer('list_duplicate_count').notNull().default(0),
    list_created_by: refColumn('list_created_by').references(() => admins._id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (table) => [uniqueIndex('external_mail_lists_name_key').on(table.location_id, table.list_name_key)],
);

/** One address of an external list, lower-cased, once per list. */
export const externalMailAddresses = pgTable(
  'external_mail_addresses',
  {
    _id: idColumn(),
    location_id: refColumn('location_id')
      .notNull()
      .references(() => locations._id, { onDelete: 'cascade' }),
    external_mail_list_id: refColumn('external_mail_list_id')
      .notNull()
      .references(() => externalMailLists._id, { onDelete: 'cascade' }),
    address_email: varchar('address_email', { length: 265 }).notNull(),
    /** The file's row it came from, for the upload's report. */
    address_row: integer('address_row'),
    created_at: moment('created_at').notNull().defaultNow(),
  },
  (table) => [
    // Once per list; dispatch walks a list's addresses in id order.
    uniqueIndex('external_mail_addresses_email').on(table.external_mail_list_id, table.address_email),
    index('external_mail_addresses_list').on(table.external_mail_list_id, table._id),
  ],
);

/**
 * Addresses that unsubscribed from the mall's email (the one-click link of a commercial mail, or an
 * external list's recipient): never mailed a commercial message by the mall again. A customer's own
 * unsubscribe also revokes their email consent through the consent history; this row covers the
 * address itself, whoever holds it.
 */
export const emailOptOuts = pgTable(
  'email_opt_outs',
  {
    _id: idColumn(),
    location_id: refColumn('location_id')
      .notNull()
      .references(() => locations._id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    opt_out_email: varchar('opt_out_email', { length: 265 }).notNull(),
    opt_out_source: varchar('opt_out_source', { length: 24 }).notNull(),
    /** The notification whose link was used, when one was. */
    opt_out_notification_id: refColumn('opt_out_notification_id'),
    created_at: moment('created_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('email_opt_outs_email').on(table.location_id, table.opt_out_email)],
);
