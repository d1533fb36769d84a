import { isObjectId, type Location } from '@avlu/contracts';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../platform/db/database';
import { hashToken, newSecretToken } from '../../platform/secret-tokens';
import { customers } from '../customers/customers.tables';
import { toLocation } from '../locations/locations.service';
import { locations } from '../locations/locations.tables';
import { customerSessions } from './micro-site.tables';

/** A session unused this long ends: a phone left signed in for a season signs in again. */
export const CUSTOMER_SESSION_IDLE_MS = 90 * 24 * 60 * 60 * 1000;
/** last_used_at is written at most this often, so every request does not cost a write. */
const TOUCH_INTERVAL_MS = 60 * 1000;

/** Our secrets are 43 base64url characters; malls made before the column got 64 hex (locations.tables.ts). */
const LOCATION_TOKEN = /^[A-Za-z0-9_-]{43,64}$/;
const CUSTOMER_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The mall of a micro-site request, as its location token names it. */
export type MicroSiteMall = Location & {
  /** SHA-256 of the token the request carried: a customer session is bound to it. */
  tokenHash: string;
  /** SMS the mall may send in an hour; null: the SMS_MALL_HOURLY_BUDGET setting. */
  smsHourlyBudget: number | null;
};

/** The signed-in customer of a micro-site request. */
export type MicroSiteCustomerSession = { _id: string; sessionId: string };

/** The mall whose micro-site token this is; undefined for anything else. */
export const mallOfToken = async (db: Database, token: string): Promise<MicroSiteMall | undefined> => {
  if (!LOCATION_TOKEN.test(token)) return undefined;
  const [row] = await db.select().from(locations).where(eq(locations.location_token, token));
  return row && { ...toLocation(row), tokenHash: hashToken(token), smsHourlyBudget: row.sms_hourly_budget };
};

/**
 * Starts a customer session on the mall's micro-site (login, register) and answers the token, once:
 * only its SHA-256 is stored, with the hash of the mall's token it belongs to.
 */
export const createCustomerSession = async (
  db: Database,
  mall: MicroSiteMall,
  customerId: string,
  request: Pick<FastifyRequest, 'ip' | 'headers'>,
  now = new Date(),
): Promise<string> => {
  const token = newSecretToken();
  const userAgent = request.headers['user-agent'];
  await db.insert(customerSessions).values({
    customer_id: customerId,
    location_id: mall._id,
    token_hash: hashToken(token),
    location_token_hash: mall.tokenHash,
    created_at: now,
    last_used_at: now,
    client_address: request.ip.slice(0, 64),
    user_agent: typeof userAgent === 'string' ? userAgent.slice(0, 512) : null,
  });
  return token;
};

/**
 * The customer of a live session of this mall, or undefined: the token and the customer id must
 * name one session, not revoked, used within CUSTOMER_SESSION_IDLE_MS, made under the mall's current
 * token, of a customer of this mall who is not deleted. Another mall's session never matches.
 */
export const resolveCustomerSession = async (
  db: Database,
  mall: MicroSiteMall,
  token: string | undefined,
  customerId: string | undefined,
  now = new Date(),
): Promise<MicroSiteCustomerSession | undefined> => {
  if (!token || !customerId || !CUSTOMER_TOKEN.test(token) || !isObjectId(customerId)) return undefined;
  const [row] = await db
    .select({ sessionId: customerSessions._id, lastUsedAt: customerSessions.last_used_at })
    .from(customerSessions)
    .innerJoin(customers, eq(customers._id, customerSessions.customer_id))
    .where(
      and(
        eq(customerSessions.token_hash, hashToken(token)),
        eq(customerSessions.customer_id, customerId),
        eq(customerSessions.location_id, mall._id),
        eq(customerSessions.location_token_hash, mall.tokenHash),
        isNull(customerSessions.revoked_at),
        gt(customerSessions.last_used_at, new Date(now.getTime() - CUSTOMER_SESSION_IDLE_MS)),
        eq(customers.location_id, mall._id),
        isNull(customers.customer_deletedAt),
      ),
    );
  if (!row) return undefined;
  if (now.getTime() - row.lastUsedAt.getTime() >= TOUCH_INTERVAL_MS)
    await db
      .update(customerSessions)
      .set({ last_used_at: now })
      .where(eq(customerSessions._id, row.sessionId));
  return { _id: customerId, sessionId: row.sessionId };
};

/** Logout: ends one session. */
export const revokeCustomerSession = async (db: Database, sessionId: string, now = new Date()) => {
  await db
    .update(customerSessions)
    .set({ revoked_at: now })
    .where(and(eq(customerSessions._id, sessionId), isNull(customerSessions.revoked_at)));
};

/** Account deletion: ends every session of the customer. */
export const revokeCustomerSessions = async (db: Database, customerId: string, now = new Date()) => {
  await db
    .update(customerSessions)
    .set({ revoked_at: now })
    .where(and(eq(customerSessions.customer_id, customerId), isNull(customerSessions.revoked_at)));
};
