import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { idColumn, refColumn, timestamps } from '../../platform/db/columns';
import { locations } from '../locations/locations.tables';

/** Spec §3 Channel type ("channel tag" on screen). Each mall keeps its own. */
export const channelTypes = pgTable(
  'channel_types',
  {
    _id: idColumn(),
    location_id: refColumn('location_id')
      .notNull()
      .references(() => locations._id, { onDelete: 'cascade' }),
    channel_type_name: varchar('channel_type_name', { length: 120 }).notNull(),
    /** `nameKey(channel_type_name)`: a mall's tags differ by more than letter case (platform/db/unique-names.ts). */
    channel_type_name_key: text('channel_type_name_key').notNull(),
    channel_type_exp: text('channel_type_exp').notNull().default(''),
    ...timestamps(),
  },
  (table) => [
    index('channel_types_location').on(table.location_id),
    uniqueIndex('channel_types_name_key').on(table.location_id, table.channel_type_name_key),
  ],
);

/** Spec §3 Channel: where a customer registered. Each mall keeps its own. */
export const channels = pgTable(
  'channels',
  {
    _id: idColumn(),
    location_id: refColumn('location_id')
      .notNull()
      .references(() => locations._id, { onDelete: 'cascade' }),
    channel_name: varchar('channel_name', { length: 120 }).notNull(),
    channel_name_en: varchar('channel_name_en', { length: 120 }).notNull(),
    /** `nameKey` of both names: a mall's channels differ in each language (platform/db/unique-names.ts). */
    channel_name_key: text('channel_name_key').notNull(),
    channel_name_en_key: text('channel_name_en_key').notNull(),
    channel_exp: text('channel_exp').notNull(),
    channel_exp_en: text('channel_exp_en').notNull(),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    event_id: varchar('event_id', { length: 64 }),
    channel_ui_allowed: boolean('channel_ui_allowed').notNull().default(false),
    channel_single_participation: boolean('channel_single_participation').notNull().default(false),
    channel_permission_allow: boolean('channel_permission_allow').notNull().default(false),
    channel_teacher_form_allowed: boolean('channel_teacher_form_allowed').notNull().default(false),
    channel_detail_payment_form_allowed: boolean('channel_detail_payment_form_allowed')
      .notNull()
      .default(false),
    channel_payment_form_allowed: boolean('channel_payment_form_allowed').notNull().default(false),
    channel_cdp_data_entry: boolean('channel_cdp_data_entry').notNull().default(false),
    channel_cdp_receipt_entry: boolean('channel_cdp_receipt_entry').notNull().default(false),
    channel_status: boolean('channel_status').notNull().default(true),
    ...timestamps(),
  },
  (table) => [
    index('channels_location').on(table.location_id),
    uniqueIndex('channels_name_key').on(table.location_id, table.channel_name_key),
    uniqueIndex('channels_name_en_key').on(table.location_id, table.channel_name_en_key),
  ],
);

/**
 * A channel's types, in the order they were given. A join table rather than an id array: deleting a
 * type takes it off every channel by the foreign key, in the same statement, with nothing left dangling.
 */
export const channelChannelTypes = pgTable(
  'channel_channel_types',
  {
    channel_id: refColumn('channel_id')
      .notNull()
      .references(() => channels._id, { onDelete: 'cascade' }),
    channel_type_id: refColumn('channel_type_id')
      .notNull()
      .references(() => channelTypes._id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.channel_id, table.channel_type_id] }),
    index('channel_channel_types_type').on(table.channel_type_id),
  ],
);
