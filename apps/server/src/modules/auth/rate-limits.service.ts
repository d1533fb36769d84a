import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { rateLimitCounters } from './rate-limits.tables';

export type Counter = { key: string; count: number; resetsAt: Date };

/**
 * Counts one attempt on each key in fixed windows and answers the counts including this attempt. One
 * upsert statement does it for all keys, so concurrent requests of several server processes each get
 * a distinct count: counting before the work (a password check, an SMS) caps how often it runs.
 */
export const countAttempt = async (
  db: Database,
  keys: readonly string[],
  windowMs: number,
  now = new Date(),
): Promise<Counter[]> => {
  const started = sql`${now.toISOString()}::timestamptz`;
  const expired = sql`${rateLimitCounters.window_start} <= ${started} - ${`${windowMs} milliseconds`}::interval`;
  // Sorted keys lock their rows in the same order in every statement: no deadlock between two logins.
  const rows = await db
    .insert(rateLimitCounters)
    .values([...new Set(keys)].sort().map((key) => ({ key, window_start: now, count: 1 })))
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimitCounters.count} + 1 end`,
        window_start: sql`case when ${expired} then ${started} else ${rateLimitCounters.window_start} end`,
      },
    })
    .returning();
  return keys.map((key) => {
    const row = rows.find((candidate) => candidate.key === key)!;
    return { key, count: row.count, resetsAt: new Date(row.window_start.getTime() + windowMs) };
  });
};

/** The counts of keys in their current windows, without counting: 0 for a key without one. */
export const readCounters = async (
  db: Database,
  keys: readonly string[],
  windowMs: number,
  now = new Date(),
): Promise<Counter[]> => {
  const rows = await db
    .select()
    .from(rateLimitCounters)
    .where(inArray(rateLimitCounters.key, [...keys]));
  return keys.map((key) => {
    const row = rows.find((candidate) => candidate.key === key);
    const resetsAt = new Date((row?.window_start.getTime() ?? 0) + windowMs);
    return row && resetsAt > now ? { key, count: row.count, resetsAt } : { key, count: 0, resetsAt: now };
  });
};

/** Forgets the attempts of keys (a successful sign-in clears its account's failures). */
export const resetCounters = async (db: Database, keys: readonly string[]): Promise<void> => {
  await db.delete(rateLimitCounters).where(inArray(rateLimitCounters.key, [...keys]));
};

/** Takes back one counted attempt of each key that turned out fine (a right password or code). */
export const uncountAttempt = async (db: Database, keys: readonly string[]): Promise<void> => {
  await db
    .update(rateLimitCounters)
    .set({ count: sql`greatest(${rateLimitCounters.count} - 1, 0)` })
    .where(inArray(rateLimitCounters.key, [...keys]));
};
