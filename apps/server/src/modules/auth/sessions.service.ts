import {
  type MenuItemNode,
  moduleSubjects,
  SYSTEM_ADMIN_ROLE_NAME,
  subjectsOf,
  type TokenResponse,
} from '@avlu/contracts';
import { and, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { StaffUser } from '../../platform/auth/route-access';
import type { Database } from '../../platform/db/database';
import { hashToken, newSecretToken } from '../../platform/secret-tokens';
import { adminLocations, admins, roles } from '../admins/admins.tables';
import { adminSessions } from './sessions.tables';

/** A remembered sign-in lasts a month; otherwise a working day with room to spare. */
export const REMEMBER_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_LIFETIME_MS = 12 * 60 * 60 * 1000;
/** last_used_at is written at most this often, so every request does not cost a write. */
export const TOUCH_INTERVAL_MS = 60 * 1000;

/** 32 random bytes (256 bits) in base64url: 43 characters. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const isSystemAdminRole = (roleName: string): boolean =>
  roleName.trim().toLowerCase() === SYSTEM_ADMIN_ROLE_NAME.toLowerCase();

export type SessionRequest = Pick<FastifyRequest, 'ip' | 'headers'>;

/**
 * Starts a session for an admin and answers the login shape (login, register by invitation, a password
 * change). The token itself is returned once and never stored: only its SHA-256 is.
 */
export const createSession = async (
  db: Database,
  adminId: string,
  options: { remember: boolean; request?: SessionRequest },
): Promise<TokenResponse> => {
  const value = newSecretToken();
  // One clock, the server's, for every time the session is judged by (not the database's default).
  const now = new Date();
  const expiresAt = new Date(now.getTime() + (options.remember ? REMEMBER_LIFETIME_MS : SESSION_LIFETIME_MS));
  const userAgent = options.request?.headers['user-agent'];
  await db.insert(adminSessions).values({
    admin_id: adminId,
    token_hash: hashToken(value),
    expires_at: expiresAt,
    remembered: options.remember,
    last_used_at: now,
    client_address: options.request?.ip.slice(0, 64) ?? null,
    user_agent: typeof userAgent === 'string' ? userAgent.slice(0, 512) : null,
  });
  return { token: { value, expiresAt: expiresAt.toISOString() } };
};

/** How long a session may go unused before it ends (STAFF_SESSION_IDLE_MINUTES and its remembered variant). */
export type SessionIdleLimits = { idleMinutes: number; rememberedIdleMinutes: number };

/** A live session as read from the database, with what its next checks need. */
export type LiveSession = {
  staff: StaffUser;
  expiresAt: Date;
  remembered: boolean;
  lastUsedAt: Date;
};

/** Anything not shaped like our tokens (a JWT, with or without `alg: none`) is refused before the database. */
export const isTokenShaped = (token: string): boolean => TOKEN_PATTERN.test(token);

const idleSince = (now: Date, minutes: number) => new Date(now.getTime() - minutes * 60_000);

/**
 * The live session of a token's hash, or undefined for one that does not name a live session
 * (unknown, expired, revoked, idle too long, its admin deleted). Session, admin, role and the admin's
 * malls come back from one query.
 */
export const readSession = async (
  db: Database,
  tokenHash: string,
  idle: SessionIdleLimits,
  now: Date,
): Promise<LiveSession | undefined> => {
  // last_used_at may lag a minute behind (it is written at most once a minute); the limits are far longer.
  const [row] = await db
    .select({
      sessionId: adminSessions._id,
      lastUsedAt: adminSessions.last_used_at,
      expiresAt: adminSessions.expires_at,
      remembered: adminSessions.remembered,
      adminId: admins._id,
      email: admins.admin_email,
      roleId: roles._id,
      roleName: roles.role_name,
      menuItems: roles.menu_items,
      locationIds: sql<
        string[] | null
      >`(select array_agg(${adminLocations.location_id} order by ${adminLocations.link_order}) from ${adminLocations} where ${adminLocations.admin_id} = ${admins._id})`,
    })
    .from(adminSessions)
    .innerJoin(admins, eq(admins._id, adminSessions.admin_id))
    .innerJoin(roles, eq(roles._id, admins.admin_role_id))
    .where(
      and(
        eq(adminSessions.token_hash, tokenHash),
        isNull(adminSessions.revoked_at),
        gt(adminSessions.expires_at, now),
        or(
          and(
            eq(adminSessions.remembered, false),
            gt(adminSessions.last_used_at, idleSince(now, idle.idleMinutes)),
          ),
          and(
            eq(adminSessions.remembered, true),
            gt(adminSessions.last_used_at, idleSince(now, idle.rememberedIdleMinutes)),
          ),
        ),
      ),
    );
  if (!row) return undefined;
  const isSystemAdmin = isSystemAdminRole(row.roleName);
  return {
    staff: {
      _id: row.adminId,
      email: row.email,
      roleId: row.roleId,
      roleName: row.roleName,
      isSystemAdmin,
      subjects: new Set<string>(isSystemAdmin ? moduleSubjects : subjectsOf(row.menuItems as MenuItemNode[])),
      locationIds: row.locationIds ?? [],
      sessionId: row.sessionId,
    },
    expiresAt: row.expiresAt,
    remembered: row.remembered,
    lastUsedAt: row.lastUsedAt,
  };
};

/** The same judgement as readSession's query, on a session read before: not expired, not idle too long. */
export const isStillLive = (session: LiveSession, idle: SessionIdleLimits, now: Date): boolean =>
  session.expiresAt > now &&
  session.lastUsedAt > idleSince(now, session.remembered ? idle.rememberedIdleMinutes : idle.idleMinutes);

/** Notes the session's use, at most once a minute, so a session in use does not end as idle. */
export const touchSession = async (db: Database, session: LiveSession, now: Date): Promise<void> => {
  if (now.getTime() - session.lastUsedAt.getTime() < TOUCH_INTERVAL_MS) return;
  // Noted before the write: concurrent requests of the same session write once.
  session.lastUsedAt = now;
  await db
    .update(adminSessions)
    .set({ last_used_at: now })
    .where(eq(adminSessions._id, session.staff.sessionId));
};

/**
 * The signed-in staff user of a bearer token, or undefined for any token that does not name a live
 * session, read from the database every time (session-cache.ts keeps them in memory between calls).
 */
export const resolveSession = async (
  db: Database,
  token: string,
  idle: SessionIdleLimits,
  now = new Date(),
): Promise<StaffUser | undefined> => {
  if (!isTokenShaped(token)) return undefined;
  const session = await readSession(db, hashToken(token), idle, now);
  if (!session) return undefined;
  await touchSession(db, session, now);
  return session.staff;
};

/** Ends one session (logout). */
export const revokeSession = async (db: Database, sessionId: string): Promise<void> => {
  await db
    .update(adminSessions)
    .set({ revoked_at: new Date() })
    .where(and(eq(adminSessions._id, sessionId), isNull(adminSessions.revoked_at)));
};

/**
 * Ends every live session of an admin but the one kept (a password change keeps the session that made
 * it; a reset by email link keeps none). A stolen token stops working at once.
 */
export const revokeAdminSessions = async (
  db: Database,
  adminId: string,
  options: { except?: string } = {},
): Promise<void> => {
  await db
    .update(adminSessions)
    .set({ revoked_at: new Date() })
    .where(
      and(
        eq(adminSessions.admin_id, adminId),
        isNull(adminSessions.revoked_at),
        options.except ? ne(adminSessions._id, options.except) : undefined,
      ),
    );
};
