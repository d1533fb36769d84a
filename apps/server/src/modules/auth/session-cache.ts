import type { StaffUser } from '../../platform/auth/route-access';
import type { Database } from '../../platform/db/database';
import type { Notices } from '../../platform/db/notices';
import { hashToken } from '../../platform/secret-tokens';
import {
  isStillLive,
  isTokenShaped,
  type LiveSession,
  readSession,
  type SessionIdleLimits,
  touchSession,
} from './sessions.service';

/** The channel staff-access-notices.sql's triggers send to. */
export const STAFF_ACCESS_CHANNEL = 'avlu_staff_access';
/** A kept session is read again after this long, whatever the notices say (a safety net, not the mechanism). */
export const SESSION_CACHE_MAX_AGE_MS = 60_000;
/** Beyond this many kept sessions the cache starts again empty: memory stays bounded under any load. */
const MAX_SESSIONS = 20_000;

type Kept = { session: LiveSession; keptAt: number };

export type StaffSessions = {
  resolve: (token: string, now?: Date) => Promise<StaffUser | undefined>;
  /** Where the process's writes stand (`Notices.writesSent`): taken as a request starts. */
  writes: () => number;
  /**
   * Resolves once this process has heard every notice of changes committed so far, if anything was
   * written since `writes()` was `since`: called after every request, before its answer is sent, so a
   * request that changed sessions, users, roles or mall links is answered only after its notice was
   * heard; one that wrote nothing (nor anything beside it) goes on at once.
   */
  settle: (since: number) => Promise<void>;
  /** Stops listening (the app closes). */
  close: () => void;
};

/**
 * The staff session of a bearer token, kept in this process's memory between calls so that a signed-in
 * request does not cost a query to learn who is calling. It is as exact as reading every time:
 * - Every change that ends a session or changes what it grants sends a notice (triggers in
 *   staff-access-notices.sql). PGlite hands notices out while the committing statement's answer is
 *   read. PostgreSQL queues them for every listener at commit, but delivers them on the listeners' own
 *   connections, with no order against the writer's answer: so a request that may have changed access
 *   is answered only once this process has heard everything committed before it (`settle`, through a
 *   notice of its own behind the change's), and the notice is on its way to other processes by then.
 *   A statement run by hand outside the app takes effect as its notice arrives, milliseconds later.
 * - A session that looks expired or idle in memory is read again: only the database ends a session.
 * - While the listening connection is down nothing is kept or served from memory, and everything kept is
 *   dropped when it goes down and when it is back (notices in between are lost).
 * - A read that started before a notice arrived is not kept (its answer may predate the change).
 */
export const staffSessions = async (
  db: Database,
  idle: SessionIdleLimits,
  notices: Notices,
): Promise<StaffSessions> => {
  const kept = new Map<string, Kept>();
  const hashOfSession = new Map<string, string>();
  /** Counts notices heard: a read is kept only if none came while it ran. */
  let heard = 0;
  const forgetAll = () => {
    heard++;
    kept.clear();
    hashOfSession.clear();
  };
  const forget = (hash: string) => {
    const entry = kept.get(hash);
    kept.delete(hash);
    if (entry) hashOfSession.delete(entry.session.staff.sessionId);
  };
  const stop = await notices.listen(STAFF_ACCESS_CHANNEL, {
    onNotice: (payload) => {
      if (!payload.startsWith('session:')) return forgetAll();
      heard++;
      const hash = hashOfSession.get(payload.slice('session:'.length));
      if (hash) forget(hash);
    },
    onGap: forgetAll,
  });

  const resolve = async (token: string, now = new Date()): Promise<StaffUser | undefined> => {
    if (!isTokenShaped(token)) return undefined;
    const hash = hashToken(token);
    const live = notices.live();
    const entry = live ? kept.get(hash) : undefined;
    if (entry) {
      if (now.getTime() - entry.keptAt < SESSION_CACHE_MAX_AGE_MS && isStillLive(entry.session, idle, now)) {
        await touchSession(db, entry.session, now);
        return entry.session.staff;
      }
      forget(hash);
    }
    const before = heard;
    const session = await readSession(db, hash, idle, now);
    if (!session) return undefined;
    await touchSession(db, session, now);
    // The touch's own notice (a changed session row) counts as heard: the session is read once more
    // after it, a minute's worth of requests later, which costs nothing worth avoiding.
    if (live && notices.live() && heard === before) {
      if (kept.size >= MAX_SESSIONS) forgetAll();
      kept.set(hash, { session, keptAt: now.getTime() });
      hashOfSession.set(session.staff.sessionId, hash);
    }
    return session.staff;
  };

  return {
    resolve,
    writes: notices.writesSent,
    settle: async (since) => {
      if (notices.writesSent() !== since) await notices.heardAll(STAFF_ACCESS_CHANNEL);
    },
    close: stop,
  };
};
