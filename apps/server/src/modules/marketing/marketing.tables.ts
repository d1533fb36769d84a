import type {
  EmailContentType,
  MessageState,
  NotificationKind,
  NotificationState,
  PushNotificationType,
  SegmentFilter,
} from '@avlu/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { idColumn, moment, refColumn, timestamps } from '../../platform/db/columns';
import { admins } from '../admins/admins.tables';
import { customers } from '../customers/customers.tables';
import { locations } from '../locations/locations.tables';
import { providerAccounts } from './marketing-accounts.tables';
import { externalMailAddresses, externalMailLists, mobilePages } from './marketing-directory.tables';

const ids = (name: string) => varchar(name, { length: 24 }).array().notNull().default(sql`'{}'`);
const count = (name: string) => integer(name).notNull().default(0);

/**
 * Spec §3 Push, SMS and Email notification (issue 16): one row per notification of the three kinds,
 * `notification_kind` saying which. The fields every kind has are `notification_*`; a kind's own fields
 * carry the spec's names (`push_notification_text_tr`, `sms_notification_text`, `html_content`…) and
 * are null for the other kinds. The answers put the kind's prefix on the common ones
 * (`sms_notification_state`, `sms_notification_potential`).
 *
 * - Recipients: the customers of the mall in `notification_filters` (the customers' segment language;
 *   null: every customer) and, when `customer_ids` is not empty, only those of them; an email with
 *   `external_mail_list` goes to that list's addresses instead.
 * - State (spec §4): created → scheduled (a `notification_scheduled_for` moment) → waiting for
 *   approval (over the mall's threshold, until a second user approves) → send in progress → sent, or
 *   error. Only created and scheduled ones may be changed or deleted.
 * - Dispatch writes `notification_messages` (one per recipient) walking the recipients in id order
 *   after `notification_recipients_cursor`, until `notification_recipients_written_at`; the counts
 *   are kept by dispatch beside the message states, so reports read one row.
 */
export const notifications = pgTable(
  'notifications',
  {
    _id: idColumn(),
    location_id: refColumn('location_id')
      .notNull()
      .references(() => locations._id, { onDelete: 'cascade' }),
    notification_kind: varchar('notification_kind', { length: 8 }).$type<NotificationKind>().notNull(),
    notification_state: varchar('notification_state', { length: 24 })
      .$type<NotificationState>()
      .notNull()
      .default('created'),
    /** Commercial messages go only to customers whose consent for the channel is on (İYS). */
    notification_is_commercial: boolean('notification_is_commercial').notNull().default(true),
    /** The segment; null: no filter (a BROADCAST push, every customer). */
    notification_filters: jsonb('notification_filters').$type<SegmentFilter>(),
    /** Explicit recipients (spec `customer_ids`); empty: the whole segment. */
    customer_ids: ids('customer_ids'),
    /** When a scheduled notification is sent (spec `_scheduled_for_datetime`), a moment in UTC. */
    notification_scheduled_for: moment('notification_scheduled_for'),
    /** The account it is sent through; null: the mall's bulk account of the channel. */
    notification_account_id: refColumn('notification_account_id').references(() => providerAccounts._id, {
      onDelete: 'set null',
    }),

    // Push (spec §3 Push notification).
    push_notification_text_tr: text('push_notification_text_tr'),
    push_notification_text_en: text('push_notification_text_en'),
    push_notification_mobile_page_id: refColumn('push_notification_mobile_page_id').references(
      () => mobilePages._id,
      { onDelete: 'set null' },
    ),
    push_notification_redirect_page_value: text('push_notification_redirect_page_value'),
    push_notification_type: varchar('push_notification_type', { length: 10 }).$type<PushNotificationType>(),

    // SMS (spec §3 SMS notification).
    sms_notification_title: varchar('sms_notification_title', { length: 100 }),
    sms_notification_text: text('sms_notification_text'),

    // Email (spec §3 Email notification).
    email_notification_subject: varchar('email_notification_subject', { length: 200 }),
    email_notification_preview_text: varchar('email_notification_preview_text', { length: 200 }),
    email_notification_showing_logo: boolean('email_notification_showing_logo'),
    email_notification_content_type: varchar('email_notification_content_type', {
      length: 12,
    }).$type<EmailContentType>(),
    single_content_image: text('single_content_image'),
    single_content_link: text('single_content_link'),
    html_content: text('html_content'),
    newsletter_content_image: text('newsletter_content_image'),
    newsletter_content_title: varchar('newsletter_content_title', { length: 200 }),
    newsletter_content_link: text('newsletter_content_link'),
    newsletter_content_description: text('newsletter_content_description'),
    /** Ids of the mall's events and promotions (`mall_posts`); a deleted one's id stays until the next edit. */
    newsletter_content_events: ids('newsletter_content_events'),
    newsletter_content_promotions: ids('newsletter_content_promotions'),
    external_mail_list: refColumn('external_mail_list').references(() => externalMailLists._id, {
      onDelete: 'restrict',
    }),

    // Who and when.
    notification_created_by: refColumn('notification_created_by').references(() => admins._id, {
      onDelete: 'set null',
    }),
    notification_updated_by: refColumn('notification_updated_by').references(() => admins._id, {
      onDelete: 'set null',
    }),
    /** Who asked for the send (send now, or the scheduler acting for whoever scheduled it). */
    notification_sent_by: refColumn('notification_sent_by').references(() => admins._id, {
      onDelete: 'set null',
    }),
    notification_send_requested_at: moment('notification_send_requested_at'),
    /** The second user who approved a send over the mall's threshold. */
    notification_approved_by: refColumn('notification_approved_by').references(() => admins._id, {
      onDelete: 'set null',
    }),
    notification_approved_at: moment('notification_approved_at'),
    notification_send_started_at: moment('notification_send_started_at'),
    notification_send_finished_at: moment('notification_send_finished_at'),
    /** Why the notification is in the error state. */
    notification_error: text('notification_error'),

    // Dispatch's progress: writing the messages, then their counts by state.
    notification_recipients_cursor: varchar('notification_recipients_cursor', { length: 24 }),
    notification_recipients_written_at: moment('notification_recipients_written_at'),
    notification_recipient_count: count('notification_recipient_count'),
    notification_sent_count: count('notification_sent_count'),
    notification_delivered_count: count('notification_delivered_count'),
    notification_failed_count: count('notification_failed_count'),
    notification_skipped_count: count('notification_skipped_count'),
    notification_opted_out_count: count('notification_opted_out_count'),
    notification_in_doubt_count: count('notification_in_doubt_count'),
    /** SMS parts sent (each message's parts summed). */
    notification_parts_count: count('notification_parts_count'),
    /** When delivery reports were last fetched (§9: within 15 minutes, then hourly for 3 days). */
    notification_report_fetched_at: moment('notification_report_fetched_at'),
    ...timestamps(),
  },
  (table) => [
    unique('notifications_location_notification').on(table.location_id, table._id),
    check('notifications_kind', sql`${table.notification_kind} in ('push', 'sms', 'email')`),
    check(
      'notifications_state',
      sql`${table.notification_state} in ('created', 'scheduled', 'waiting_for_approval', 'send_in_progress', 'sent', 'error')`,
    ),
    // A scheduled notification has its moment.
    check(
      'notifications_scheduled_moment',
      sql`${table.notification_state} <> 'scheduled' or ${table.notification_scheduled_for} is not null`,
    ),
    // The lists: one kind of one mall, newest first (and by state).
    index('notifications_location_kind_created').on(
      table.location_id,
      table.notification_kind,
      table.created_at,
      table._id,
    ),
    index('notifications_location_kind_state').on(
      table.location_id,
      table.notification_kind,
      table.notification_state,
    ),
    // The scheduler: scheduled notifications by their moment, across malls.
    index('notifications_due')
      .on(table.notification_scheduled_for)
      .where(sql`${table.notification_state} = 'scheduled'`),
    // Dispatch and the report job: notifications being sent, and those sent in the last 3 days.
    index('notifications_in_progress')
      .on(table.notification_send_started_at)
      .where(sql`${table.notification_state} = 'send_in_progress'`),
    index('notifications_reports_due')
      .on(table.notification_send_finished_at)
      .where(sql`${table.notification_state} = 'sent' and ${table.notification_kind} <> 'push'`),
    // What refers to a mobile page or an external list (their deletes).
    index('notifications_mobile_page').on(table.push_notification_mobile_page_id),
    index('notifications_external_list').on(table.external_mail_list),
  ],
);
export type NotificationRow = typeof notifications.$inferSelect;

/**
 * One message per (notification, customer) or (notification, external address), unique, written
 * before anything is sent: a crashed send resumes with the messages still `queued`, and a message
 * is `sending` only while its batch is with the provider, so after a crash exactly the batch in
 * flight is in doubt (`in_doubt`, never sent again). Consent and the customer's state are checked
 * again per batch (`skipped`: no consent or no address any more; `opted_out`: the address
 * unsubscribed). The destination (phone, email or push token count) is read when the batch is sent.
 */
export const notificationMessages = pgTable(
  'notification_messages',
  {
    _id: idColumn(),
    location_id: refColumn('location_id')
      .notNull()
      .references(() => locations._id, { onDelete: 'cascade' }),
    notification_id: refColumn('notification_id')
      .notNull()
      .references(() => notifications._id, { onDelete: 'cascade' }),
    customer_id: refColumn('customer_id').references(() => customers._id, { onDelete: 'set null' }),
    external_address_id: refColumn('external_address_id').references(() => externalMailAddresses._id, {
      onDelete: 'set null',
    }),
    message_state: varchar('message_state', { length: 12 }).$type<MessageState>().notNull().default('queued'),
    message_is_commercial: boolean('message_is_commercial').notNull(),
    /** The dispatch batch that took it (a batch is one provider call or one worker's share). */
    message_batch: integer('message_batch'),
    message_attempts: smallint('message_attempts').notNull().default(0),
    /** A queued message whose batch the provider turned away for now (429, 5xx) waits until then. */
    message_retry_at: moment('message_retry_at'),
    /** The provider's job or bulk id (NetGSM's jobid), read back by delivery reports. */
    message_provider_job_id: varchar('message_provider_job_id', { length: 64 }),
    /** The provider's id of this one message (an FCM message name, an SMTP message id). */
    message_provider_message_id: varchar('message_provider_message_id', { length: 200 }),
    /** SMS parts (GSM-7, Turkish single shift or UCS-2 as counted at send). */
    message_parts: smallint('message_parts'),
    message_error_code: varchar('message_error_code', { length: 64 }),
    message_error: text('message_error'),
    message_sent_at: moment('message_sent_at'),
    message_delivered_at: moment('message_delivered_at'),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('notification_messages_customer')
      .on(table.notification_id, table.customer_id)
      .where(sql`${table.customer_id} is not null`),
    uniqueIndex('notification_messages_address')
      .on(table.notification_id, table.external_address_id)
      .where(sql`${table.external_address_id} is not null`),
    check(
      'notification_messages_state',
      sql`${table.message_state} in ('queued', 'sending', 'in_doubt', 'sent', 'delivered', 'failed', 'skipped', 'opted_out')`,
    ),
    // The next batch to send: queued messages in id order, written to one index only while queued.
    index('notification_messages_queued')
      .on(table.notification_id, table._id)
      .where(sql`${table.message_state} = 'queued'`),
    // A batch found again after a crash (sending → in doubt).
    index('notification_messages_sending')
      .on(table.notification_id, table.message_batch)
      .where(sql`${table.message_state} = 'sending'`),
    // Delivery reports by the provider's job id.
    index('notification_messages_job')
      .on(table.message_provider_job_id)
      .where(sql`${table.message_provider_job_id} is not null`),
    // The report's pages by state, and its export in id order.
    index('notification_messages_report').on(table.notification_id, table.message_state, table._id),
    // A customer's messages (their history, erasure).
    index('notification_messages_customer_id').on(table.customer_id),
    index('notification_messages_external_address').on(table.external_address_id),
  ],
);
