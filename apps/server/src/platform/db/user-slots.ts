import { randomBytes } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import type { Database } from './database';
import { userSlots } from './user-slots.tables';

/** A slot lives this long unless renewed; a crashed process's slots free themselves after it. */
const SLOT_TTL_SECONDS = 60;
const RENEW_EVERY_MS = (SLOT_TTL_SECONDS * 1000) / 3;

export type SlotKind = { kind: string; limit: number };
export type Slot = { slot: number; release: () => Promise<void> };

const expiry = () => sql`now() + make_interval(secs => ${SLOT_TTL_SECONDS})`;

/**
 * Takes one of the `limit` slots of `kind` for the user, or answers undefined when all are taken.
 * Each slot is one row taken by an atomic upsert that succeeds only on a free or expired row, so the
 * limit holds across every server process on PostgreSQL and on PGlite alike; the slot is renewed
 * while held, and freed by `release` (or by expiry when the process is gone).
 */
export const takeSlot = async (
  db: Database,
  userId: string,
  { kind, limit }: SlotKind,
): Promise<Slot | undefined> => {
  const holder = randomBytes(16).toString('hex');
  for (let slot = 0; slot < limit; slot++) {
    const taken = await db
      .insert(userSlots)
      .values({ kind, user_id: userId, slot, holder, expires_at: expiry() })
      .onConflictDoUpdate({
        target: [userSlots.kind, userSlots.user_id, userSlots.slot],
        set: { holder, expires_at: expiry() },
        setWhere: lt(userSlots.expires_at, sql`now()`),
      })
      .returning({ slot: userSlots.slot });
    if (taken.length === 0) continue;
    const mine = and(
      eq(userSlots.kind, kind),
      eq(userSlots.user_id, userId),
      eq(userSlots.slot, slot),
      eq(userSlots.holder, holder),
    );
    const renewal = setInterval(() => {
      db.update(userSlots)
        .set({ expires_at: expiry() })
        .where(mine)
        .catch(() => undefined); // the database is away: the slot may lapse, which only frees it early
    }, RENEW_EVERY_MS);
    renewal.unref();
    let released: Promise<void> | undefined;
    return {
      slot,
      release: () => {
        clearInterval(renewal);
        released ??= db
          .delete(userSlots)
          .where(mine)
          .then(() => undefined);
        return released;
      },
    };
  }
  return undefined;
};

const takeUserSlot = async (db: Database, request: FastifyRequest, kind: SlotKind): Promise<Slot> => {
  const userId = request.staff?._id;
  if (userId === undefined) throw new Error('user slots need a staff route');
  const slot = await takeSlot(db, userId, kind);
  if (!slot)
    throw new AppError('OPERATION_LIMIT', 429, { params: { limit: kind.limit }, retryAfterSeconds: 5 });
  return slot;
};

/**
 * Runs heavy work that ends in the handler (a segment count) in a slot of `kind` of the signed-in
 * staff user, freed before the answer is sent; all taken: 429 OPERATION_LIMIT with Retry-After.
 */
export const withUserSlot = async <T>(
  db: Database,
  request: FastifyRequest,
  kind: SlotKind,
  work: () => Promise<T>,
): Promise<T> => {
  const slot = await takeUserSlot(db, request, kind);
  try {
    return await work();
  } finally {
    await slot
      .release()
      .catch((error: unknown) => request.log.warn({ err: error }, 'could not free a user slot'));
  }
};

/**
 * For a streamed answer (an export): takes a slot of `kind` for the signed-in staff user, held until
 * the response has been sent to its last byte or the client went away; all taken: 429 as above.
 */
export const holdUserSlot = async (
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  kind: SlotKind,
): Promise<void> => {
  const slot = await takeUserSlot(db, request, kind);
  const release = () => {
    slot.release().catch((error: unknown) => request.log.warn({ err: error }, 'could not free a user slot'));
  };
  // 'close' follows both a finished response and a client that went away.
  reply.raw.once('close', release);
  reply.raw.once('finish', release);
};
