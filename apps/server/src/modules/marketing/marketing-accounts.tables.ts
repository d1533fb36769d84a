import type { ProviderAccountChannel, ProviderAccountKind } from '@avlu/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { idColumn, moment, refColumn, timestamps } from '../../platform/db/columns';
import { customers } from '../customers/customers.tables';
import { locations } from '../locations/locations.tables';

/**
 * Spec §3 Dashboard data, provider accounts (issue 16 #5): a mall's SMS, email and push accounts by
 * kind (otp, bulk, transactional), one per channel and kind. The sender is the SMS header or the
 * email's from address. Credentials (a user name and password, an API key, an FCM service account)
 * are stored only encrypted: AES-256-GCM with a key from the environment or, without one, a
 * `serverSecret` (platform/server-secrets.ts), as `v1.<iv>.<tag>.<ciphertext>` in base64url; they
 * are never answered to the browser. The state and the SMS credit are what the last check found.
 */
export const providerAccounts = pgTable(
  'provider_accounts',
  {
    _id: idColumn(),
    location_id: refColumn('location_id')
      .notNull()
      .references(() => locations._id, { onDelete: 'cascade' }),
    account_channel: varchar('account_channel', { length: 8 }).$type<ProviderAccountChannel>().notNull(),
    account_kind: varchar('account_kind', { length: 16 }).$type<ProviderAccountKind>().notNull(),
    /** The driver: netgsm, smtp, fcm, or the development outbox. */
    account_provider: varchar('account_provider', { length: 24 }).notNull(),
    account_name: varchar('account_name', { length: 120 }).notNull(),
    /** The SMS header (NetGSM msgheader) or the email's from address. */
    account_sender: varchar('account_sender', { length: 265 }),
    account_sender_name: varchar('account_sender_name', { length: 120 }),
    /** NetGSM's application name (`appname`), sent with every call of an SMS account; null: none. */
    account_appname: varchar('account_appname', { length: 64 }),
    /** The provider's address (an SMTP host, an API base); null: the driver's default. */
    account_endpoint: text('account_endpoint'),
    account_credentials_encrypted: text('account_credentials_encrypted'),
    /** Messages a second at most (the driver's throttle); null: the driver's default. */
    account_rate_per_second: integer('account_rate_per_second'),
    account_is_active: boolean('account_is_active').notNull().default(true),
    account_state: varchar('account_state', { length: 16 }).notNull().default('unchecked'),
    account_state_message: text('account_state_message'),
    account_credit: numeric('account_credit', { precision: 14, scale: 2, mode: 'number' }),
    account_checked_at: moment('account_checked_at'),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('provider_accounts_channel_kind').on(
      table.location_id,
      table.account_channel,
      table.account_kind,
    ),
    check('provider_accounts_channel', sql`${table.account_channel} in ('sms', 'email', 'push')`),
    check('provider_accounts_kind', sql`${table.account_kind} in ('otp', 'bulk', 'transactional')`),
  ],
);

/**
 * A customer's push device tokens (issue 16 #4): one row per app installation, registered through an
 * `/ext/app` call with the customer's session; a token belongs to one customer of the mall (a phone
 * signed in by someone else moves it). FCM's `UNREGISTERED` removes the row. push-tokens.sql keeps
 * `customers.customer_push_token` the customer's newest token (null without one), so the segment
 * counts read "has a token" from `customer_facts` like the other conditions.
 */
export const customerPushTokens = pgTable(
  'customer_push_tokens',
  {
    _id: idColumn(),
    location_id: refColumn('location_id')
      .notNull()
      .references(() => locations._id, { onDelete: 'cascade' }),
    customer_id: refColumn('customer_id')
      .notNull()
      .references(() => customers._id, { onDelete: 'cascade' }),
    push_token: varchar('push_token', { length: 4096 }).notNull(),
    push_token_platform: varchar('push_token_platform', { length: 8 }),
    /** The app's language on that device: the push goes in it (tr or en). */
    push_token_language: varchar('push_token_language', { length: 2 }),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('customer_push_tokens_token').on(table.location_id, table.push_token),
    index('customer_push_tokens_customer').on(table.customer_id, table.updated_at),
  ],
);

/**
 * Double opt-in (spec §2 `/ext/customers/notification/validation`, §7 `POST
 * /ext/customers/notification/confirm` with notificationToken and notificationCode): a customer who
 * asks by a link to receive messages gets a code; the token of the link and the code are stored
 * only as SHA-256 hashes, with an expiry and the wrong attempts counted. Confirming records the
 * consent with source and evidence (this row's id, address and time).
 */
export const notificationOptIns = pgTable(
  'notification_opt_ins',
  {
    _id: idColumn(),
    location_id: refColumn('location_id')
      .notNull()
      .references(() => locations._id, { onDelete: 'cascade' }),
    customer_id: refColumn('customer_id')
      .notNull()
      .references(() => customers._id, { onDelete: 'cascade' }),
    /** The consent asked for: sms or email. */
    opt_in_channel: varchar('opt_in_channel', { length: 8 }).notNull(),
    opt_in_token_hash: varchar('opt_in_token_hash', { length: 64 }).notNull(),
    opt_in_code_hash: varchar('opt_in_code_hash', { length: 64 }).notNull(),
    opt_in_expires_at: moment('opt_in_expires_at').notNull(),
    opt_in_attempts: smallint('opt_in_attempts').notNull().default(0),
    opt_in_confirmed_at: moment('opt_in_confirmed_at'),
    opt_in_client_address: varchar('opt_in_client_address', { length: 64 }),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('notification_opt_ins_token').on(table.opt_in_token_hash),
    index('notification_opt_ins_customer').on(table.customer_id),
    // The clean-up of expired, unconfirmed ones.
    index('notification_opt_ins_expiry')
      .on(table.opt_in_expires_at)
      .where(sql`${table.opt_in_confirmed_at} is null`),
    check('notification_opt_ins_channel', sql`${table.opt_in_channel} in ('sms', 'email')`),
  ],
);
