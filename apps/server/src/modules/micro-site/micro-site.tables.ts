import { index, jsonb, pgTable, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn, refColumn } from '../../platform/db/columns';
import { customers } from '../customers/customers.tables';
import { locations } from '../locations/locations.tables';
import type { SmsCodePurpose } from './sms-codes.service';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A customer signed in on a mall's micro-site. Only the SHA-256 of the token is kept (a copy of the
 * table opens nothing), with the hash of the mall's micro-site token it was made under: a customer
 * token works only with its own mall's current token, so renewing the mall's token ends its sessions.
 * Logout revokes one; deleting the account revokes all of the customer's. Unused for
 * CUSTOMER_SESSION_IDLE_MS a session ends too (customer-sessions.service.ts).
 */
export const customerSessions = pgTable(
  'customer_sessions',
  {
    _id: idColumn(),
    customer_id: refColumn('customer_id')
      .notNull()
      .references(() => customers._id, { onDelete: 'cascade' }),
    location_id: refColumn('location_id')
      .notNull()
      .references(() => locations._id, { onDelete: 'cascade' }),
    token_hash: varchar('token_hash', { length: 64 }).notNull(),
    location_token_hash: varchar('location_token_hash', { length: 64 }).notNull(),
    created_at: at('created_at').notNull().defaultNow(),
    last_used_at: at('last_used_at').notNull().defaultNow(),
    revoked_at: at('revoked_at'),
    client_address: varchar('client_address', { length: 64 }),
    user_agent: varchar('user_agent', { length: 512 }),
  },
  (table) => [
    uniqueIndex('customer_sessions_token_hash').on(table.token_hash),
    index('customer_sessions_customer').on(table.customer_id),
  ],
);

/**
 * The sign-in code state of one phone (E.164), across every mall (see sms-codes.service.ts for why):
 * the live code (hashed, never the code), its wrong tries, the wrong tries in a row across codes and
 * the lock they lead to, and the send times of the last 24 hours for the hourly and daily caps. One
 * row per phone, locked (`for update`) by every decision about it, so concurrent requests for a
 * phone are decided one after another. The other counts live in `rate_limit_counters`, hourly
 * (sms-codes.service.ts `keys`): codes asked for per client address, network and number range
 * (`sms:address:<clientKey>`, `sms:network:<networkKey>`, `sms:prefix:<first 8 digits>`), SMS sent per
 * mall and for the server (`sms:mall:<id>`, `sms:budget`), and wrong codes per client address,
 * network and mall (`sms:failed:address:…`, `sms:failed:network:…`, `sms:failed:mall:<id>`).
 */
export const smsPhoneStates = pgTable('sms_phone_states', {
  phone: varchar('phone', { length: 32 }).primaryKey(),
  /** HMAC-SHA256 of the live code; null when none is live (used, spent, replaced by a lock). */
  code_hash: varchar('code_hash', { length: 64 }),
  /** What the live code is for (sms-codes.service.ts `SmsCodePurpose`): it is accepted for that only. */
  code_purpose: varchar('code_purpose', { length: 24 }).$type<SmsCodePurpose>().notNull().default('sign-in'),
  code_sent_at: at('code_sent_at'),
  code_expires_at: at('code_expires_at'),
  /** Wrong tries of the live code. */
  code_tries: smallint('code_tries').notNull().default(0),
  /** Wrong tries in a row across codes; a right code sets it back to 0. */
  failures_in_row: smallint('failures_in_row').notNull().default(0),
  locked_until: at('locked_until'),
  /** Send times (epoch ms) of the last 24 hours, oldest first: at most codesPerPhonePerDay entries. */
  sends: jsonb('sends').$type<number[]>().notNull().default([]),
  updated_at: at('updated_at').notNull().defaultNow(),
});

/**
 * Proof-of-work challenges already used (their nonce), kept until they expire so that a solution is
 * accepted once. A row past `expires_at` is dropped when the next solution is spent.
 */
export const spentChallenges = pgTable(
  'spent_challenges',
  {
    nonce: varchar('nonce', { length: 64 }).primaryKey(),
    expires_at: at('expires_at').notNull(),
  },
  (table) => [index('spent_challenges_expires_at').on(table.expires_at)],
);
