import type { FeedbackReplyChannel, FeedbackSource, FeedbackStatus } from '@avlu/contracts';
import { boolean, index, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn, moment, refColumn, timestamps } from '../../platform/db/columns';
import { admins } from '../admins/admins.tables';
import { customers } from '../customers/customers.tables';
import { locations } from '../locations/locations.tables';

/** A mall's feedback types (complaint, suggestion, thanks), in Turkish and English, unique per mall as read. */
export const feedbackTypes = pgTable(
  'feedback_types',
  {
    _id: idColumn(),
    location_id: refColumn('location_id')
      .notNull()
      .references(() => locations._id, { onDelete: 'cascade' }),
    feedback_type_name: varchar('feedback_type_name', { length: 60 }).notNull(),
    feedback_type_name_key: text('feedback_type_name_key').notNull(),
    feedback_type_name_en: varchar('feedback_type_name_en', { length: 60 }).notNull(),
    feedback_type_name_en_key: text('feedback_type_name_en_key').notNull(),
    feedback_type_is_active: boolean('feedback_type_is_active').notNull().default(true),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('feedback_types_name_key').on(table.location_id, table.feedback_type_name_key),
    uniqueIndex('feedback_types_name_en_key').on(table.location_id, table.feedback_type_name_en_key),
  ],
);

/**
 * Spec §3 Feedback (issue 17 #7). An anonymous one keeps no name, gender or contact. The type is not
 * deleted while feedback names it (restrict). `customer_id` is the micro-site customer who sent it
 * (named ones only).
 */
export const feedbacks = pgTable(
  'feedbacks',
  {
    _id: idColumn(),
    location_id: refColumn('location_id')
      .notNull()
      .references(() => locations._id, { onDelete: 'cascade' }),
    feedback_title: varchar('feedback_title', { length: 100 }).notNull(),
    feedback_anonymous: boolean('feedback_anonymous').notNull().default(false),
    feedback_name: varchar('feedback_name', { length: 50 }),
    feedback_surname: varchar('feedback_surname', { length: 50 }),
    feedback_gender: varchar('feedback_gender', { length: 16 }).$type<'male' | 'female' | 'unknown'>(),
    feedback_email: varchar('feedback_email', { length: 265 }),
    /** E.164, as customer phones. */
    feedback_phone_number: varchar('feedback_phone_number', { length: 32 }),
    feedback_type: refColumn('feedback_type')
      .notNull()
      .references(() => feedbackTypes._id, { onDelete: 'restrict' }),
    feedback_text: text('feedback_text').notNull(),
    /** A public image of our file store (`/api/files/…`), listed in fileReferences. */
    feedback_file: text('feedback_file'),
    feedback_status: varchar('feedback_status', { length: 16 })
      .$type<FeedbackStatus>()
      .notNull()
      .default('new'),
    feedback_source: varchar('feedback_source', { length: 16 }).$type<FeedbackSource>().notNull(),
    customer_id: refColumn('customer_id').references(() => customers._id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (table) => [
    index('feedbacks_location_created').on(table.location_id, table.created_at),
    index('feedbacks_type').on(table.feedback_type),
    index('feedbacks_customer').on(table.customer_id),
  ],
);

/** Every answer sent to a feedback's author, by SMS or email: what was said, to where, by whom. */
export const feedbackReplies = pgTable(
  'feedback_replies',
  {
    _id: idColumn(),
    feedback_id: refColumn('feedback_id')
      .notNull()
      .references(() => feedbacks._id, { onDelete: 'cascade' }),
    feedback_reply_channel: varchar('feedback_reply_channel', { length: 8 })
      .$type<FeedbackReplyChannel>()
      .notNull(),
    feedback_reply_title: varchar('feedback_reply_title', { length: 150 }).notNull(),
    feedback_reply_text: text('feedback_reply_text').notNull(),
    feedback_reply_to: varchar('feedback_reply_to', { length: 265 }).notNull(),
    sent_by: refColumn('sent_by').references(() => admins._id, { onDelete: 'set null' }),
    sent_at: moment('sent_at').notNull().defaultNow(),
  },
  (table) => [index('feedback_replies_feedback').on(table.feedback_id, table.sent_at)],
);
