import { consentSources } from '@avlu/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { idColumn, refColumn, timestamps } from '../../platform/db/columns';
import { admins } from '../admins/admins.tables';
import { channels } from '../channels/channels.tables';
import { locations } from '../locations/locations.tables';

const TURKISH = 'İIıŞşĞğÜüÖöÇç';
const ASCII = 'iiissgguuoocc';
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A customer of one mall (spec §3 Customer). The same person registering at two malls is two
 * customers: each mall owns its data and its consents. Consent columns hold the current state only;
 * `customer_consent_events` holds how it got there.
 */
export const customers = pgTable(
  'customers',
  {
    // Column order is for the segment scans: a count reads every customer of the mall, and
    // PostgreSQL reaches a column by walking the ones before it, so the mall, the markers and the
    // fixed-width condition columns come first, the long texts last (about 30% faster at a million).
    location_id: refColumn('location_id')
      .notNull()
      .references(() => locations._id, { onDelete: 'cascade' }),
    customer_deletedAt: at('customer_deleted_at'),
    /** When the retention job erased the personal data of a deleted customer; such a row never comes back. */
    customer_erasedAt: at('customer_erased_at'),
    ...timestamps(),
    customer_sms_permission: boolean('customer_sms_permission').notNull().default(false),
    customer_email_permission: boolean('customer_email_permission').notNull().default(false),
    customer_call_permission: boolean('customer_call_permission').notNull().default(false),
    customer_kvkk_permission: boolean('customer_kvkk_permission').notNull().default(false),
    customer_is_developer: boolean('customer_is_developer').notNull().default(false),
    customer_is_parent: boolean('customer_is_parent'),
    customer_birthdate: date('customer_birthdate', { mode: 'string' }),
    customer_number_of_children: smallint('customer_number_of_children'),
    customer_gender: varchar('customer_gender', { length: 8, enum: ['male', 'female', 'unknown'] })
      .notNull()
      .default('unknown'),
    customer_province: varchar('customer_province', { length: 100 }),
    customer_district: varchar('customer_district', { length: 100 }),
    customer_locality: varchar('customer_locality', { length: 100 }),
    // Channels are another module's table, built alongside; the reference is added when both land.
    // A deleted channel leaves its customers registered, with no channel.
    channel_id: refColumn('channel_id').references(() => channels._id, { onDelete: 'set null' }),
    customer_vehicle_plate: varchar('customer_vehicle_plate', { length: 20 }),
    customer_frequency: varchar('customer_frequency', {
      length: 20,
      enum: ['first_visit', 'several_per_year', 'once_a_month', 'once_a_week'],
    }),
    _id: idColumn(),
    // 32: an erased customer's phone becomes '#' and its id (see retention.ts), freeing the number.
    customer_phone: varchar('customer_phone', { length: 32 }).notNull(),
    customer_name: varchar('customer_name', { length: 50 }),
    customer_surname: varchar('customer_surname', { length: 50 }),
    customer_email: varchar('customer_email', { length: 265 }),
    customer_address: varchar('customer_address', { length: 300 }),
    customer_favorite_region: varchar('customer_favorite_region', { length: 100 }),
    customer_favorite_category: varchar('customer_favorite_category', { length: 100 }),
    customer_push_token: text('customer_push_token'),
    customer_sms_permission_date: at('customer_sms_permission_date'),
    customer_email_permission_date: at('customer_email_permission_date'),
    customer_call_permission_date: at('customer_call_permission_date'),
    customer_kvkk_permission_date: at('customer_kvkk_permission_date'),
    /**
     * Name, surname, email and phone digits folded like platform/db/search.ts (Turkish letters to
     * ASCII, lower case), so one trigram index serves fragment search at a million customers.
     */
    customer_search: text('customer_search').generatedAlwaysAs(
      (): ReturnType<typeof sql> =>
        sql`lower(translate(coalesce(customer_name, '') || ' ' || coalesce(customer_surname, '') || ' ' || coalesce(customer_email, '') || ' ' || customer_phone, ${sql.raw(`'${TURKISH}'`)}, ${sql.raw(`'${ASCII}'`)}))`,
    ),
  },
  (table) => [
    // Deleted customers keep their number until erased (register reactivates them); erasure frees it.
    uniqueIndex('customers_location_phone').on(table.location_id, table.customer_phone),
    // The retention job's work list: deleted customers not yet erased.
    index('customers_deleted_pending')
      .on(table.customer_deletedAt)
      .where(sql`${table.customer_deletedAt} is not null and ${table.customer_erasedAt} is null`),
    // Lists (newest first), the segment's first ids and the export's keyset pages walk this in
    // order; with _id as the tie-break in the index too, no page has to be sorted.
    index('customers_location_created').on(table.location_id, table.created_at, table._id),
    // Channel exports and the channel segment condition read a mall's customers by channel.
    index('customers_location_channel').on(table.location_id, table.channel_id),
    index('customers_search_trgm').using('gin', table.customer_search.op('gin_trgm_ops')),
  ],
);

export type CustomerRow = typeof customers.$inferSelect;

/**
 * The segment conditions of every live (not deleted) customer, and nothing else: a narrow copy of
 * `customers` that a segment count reads instead of the whole rows. At a million customers a count
 * reads every customer of the mall; these rows are under half the size of a customer's, the mall is
 * a number rather than a 24-character id, and the birthday month is worked out once. Triggers keep
 * it (customer-facts.sql): nothing writes here but them, so no code path can forget it. The
 * columns carry the customers' names and values, so one segment compiler serves both tables
 * (segment-sql.ts).
 */
export const customerFacts = pgTable(
  'customer_facts',
  {
    // Fixed-width columns first, as in `customers`, so a scan reaches the conditions cheaply.
    location_no: integer('location_no').notNull(),
    created_at: at('created_at').notNull(),
    customer_birthdate: date('customer_birthdate', { mode: 'string' }),
    customer_number_of_children: smallint('customer_number_of_children'),
    customer_birth_month: smallint('customer_birth_month'),
    customer_sms_permission: boolean('customer_sms_permission').notNull(),
    customer_email_permission: boolean('customer_email_permission').notNull(),
    customer_call_permission: boolean('customer_call_permission').notNull(),
    customer_kvkk_permission: boolean('customer_kvkk_permission').notNull(),
    customer_is_developer: boolean('customer_is_developer').notNull(),
    customer_is_parent: boolean('customer_is_parent'),
    customer_has_vehicle: boolean('customer_has_vehicle').notNull(),
    /** Reachable by email and by push (marketing audiences, issue 16): an address, a device token. */
    customer_has_email: boolean('customer_has_email').notNull(),
    customer_has_push_token: boolean('customer_has_push_token').notNull(),
    customer_gender: varchar('customer_gender', { length: 8 }).notNull(),
    customer_frequency: varchar('customer_frequency', { length: 20 }),
    customer_province: varchar('customer_province', { length: 100 }),
    customer_district: varchar('customer_district', { length: 100 }),
    customer_locality: varchar('customer_locality', { length: 100 }),
    channel_id: refColumn('channel_id'),
    customer_id: refColumn('customer_id').primaryKey(),
  },
  (table) => [index('customer_facts_location').on(table.location_no)],
);

/** Append-only: one row per consent change, never updated or deleted while the customer exists. */
export const customerConsentEvents = pgTable(
  'customer_consent_events',
  {
    _id: idColumn(),
    customer_id: refColumn('customer_id')
      .notNull()
      .references(() => customers._id, { onDelete: 'cascade' }),
    channel: varchar('consent_channel', { length: 8, enum: ['sms', 'email', 'call', 'kvkk'] }).notNull(),
    granted: boolean('consent_granted').notNull(),
    at: at('consent_at').notNull().defaultNow(),
    // A varchar, not a database enum: a new source needs no migration (16 characters hold them all).
    source: varchar('consent_source', { length: 16, enum: consentSources }).notNull(),
    staff_admin_id: refColumn('staff_admin_id').references(() => admins._id, { onDelete: 'set null' }),
    client_address: varchar('client_address', { length: 64 }),
    agreement_version: text('agreement_version'),
  },
  (table) => [index('customer_consent_events_customer').on(table.customer_id, table.at)],
);
