import type {
  PointAdjustmentInput,
  PointBalance,
  PointEntry,
  PointEntryActor,
  PointEntryCause,
  PointEntryKind,
  PointHistory,
} from '@avlu/contracts';
import { pointAdjustmentInput } from '@avlu/contracts';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { audit } from '../../platform/audit';
import { bulkInsert } from '../../platform/db/bulk-insert';
import type { Database } from '../../platform/db/database';
import { violatedIndex } from '../../platform/db/unique-names';
import { invalidFields } from '../../platform/errors';
import { newId } from '../../platform/ids';
import { admins } from '../admins/admins.tables';
import { assertCustomerOfMall } from '../customers/customers.service';
import type { Acting } from '../users/acting';
import { loyaltyTiers, type PointEntryRow, pointBalances, pointEntries } from './loyalty.tables';
import { reachedTier } from './tiers.service';

/**
 * Who makes a change: a staff user, named (a receipt approved, a desk redemption, an adjustment, a
 * cancel), the customer themselves (a claim on the micro-site), or the system (a reset run, data
 * carried over). Said by every writer, so a customer's claim and a job are told apart.
 */
export type PointActor =
  | { actor: 'staff'; adminId: string }
  | { actor: Exclude<PointEntryActor, 'staff'>; adminId?: null };

/** A staff user's change where there is one (a request's signed-in user), else the system's (no request). */
export const staffOrSystem = (adminId: string | null | undefined): PointActor =>
  adminId ? { actor: 'staff', adminId } : { actor: 'system' };

export type PointChange = {
  locationId: string;
  customerId: string;
  kind: PointEntryKind;
  /** Signed: earn and refund add, burn, reset and expire take; an adjustment either. Never zero. */
  amount: number;
  cause: PointEntryCause;
  causeId?: string | null;
  note?: string | null;
  /**
   * One intended change, one key: the same key again in the mall adds nothing (see `withIdempotency`).
   * Derived from the cause where there is one (`receipt:<id>:earn`), else the client's key.
   */
  idempotencyKey: string;
} & PointActor;

/** Kinds that count toward the tier (what was earned since the last reset). */
const tierPoints = (kind: PointEntryKind, amount: number) =>
  kind === 'earn' || kind === 'adjust' ? amount : 0;

/**
 * Adds one entry to a customer's ledger and moves their balance by it, inside the caller's
 * transaction (`db` must be one), so the cause (an approved receipt, a redeemed gift) and its points
 * commit together or not at all. The balance row is changed by one guarded statement that also takes
 * its lock: a change that would take the balance below zero changes nothing and is refused (400
 * naming `field`), so concurrent spends never overspend, whatever their number. A reset sets the
 * tier's points to zero too; the tier follows its points in the same statement.
 */
export const postPoints = async (
  tx: Database,
  change: PointChange,
  field = 'point_entry_amount',
): Promise<PointEntryRow> => {
  if (!Number.isInteger(change.amount) || (change.amount === 0 && change.kind !== 'reset'))
    throw new Error(`postPoints: amount must be a non-zero integer, not ${change.amount}`);
  const tierDelta = tierPoints(change.kind, change.amount);
  const resets = change.kind === 'reset';
  let balanceAfter: number | undefined;
  if (change.amount > 0) {
    const [row] = await tx
      .insert(pointBalances)
      .values({
        customer_id: change.customerId,
        location_id: change.locationId,
        point_balance: change.amount,
        point_tier_points: Math.max(tierDelta, 0),
        point_earned_total: change.kind === 'earn' ? change.amount : 0,
      })
      .onConflictDoUpdate({
        target: pointBalances.customer_id,
        set: {
          point_balance: sql`${pointBalances.point_balance} + ${change.amount}`,
          point_tier_points: sql`greatest(${pointBalances.point_tier_points} + ${tierDelta}, 0)`,
          point_earned_total: sql`${pointBalances.point_earned_total} + ${change.kind === 'earn' ? change.amount : 0}`,
          point_last_entry_at: sql`now()`,
        },
      })
      .returning({ balance: pointBalances.point_balance });
    balanceAfter = row?.balance;
  } else {
    const [row] = await tx
      .update(pointBalances)
      .set({
        point_balance: sql`${pointBalances.point_balance} + ${change.amount}`,
        point_tier_points: resets ? 0 : sql`greatest(${pointBalances.point_tier_points} + ${tierDelta}, 0)`,
        point_last_entry_at: sql`now()`,
      })
      .where(
        and(
          eq(pointBalances.customer_id, change.customerId),
          eq(pointBalances.location_id, change.locationId),
          sql`${pointBalances.point_balance} + ${change.amount} >= 0`,
        ),
      )
      .returning({ balance: pointBalances.point_balance });
    balanceAfter = row?.balance;
  }
  if (balanceAfter === undefined) throw invalidFields({ [field]: 'pointsInsufficient' });
  // The tier follows the points now in the row (locked by the statement above).
  await tx
    .update(pointBalances)
    .set({ loyalty_tier_id: reachedTier })
    .where(eq(pointBalances.customer_id, change.customerId));
  const [entry] = await tx
    .insert(pointEntries)
    .values({
      location_id: change.locationId,
      customer_id: change.customerId,
      point_entry_kind: change.kind,
      point_entry_amount: change.amount,
      point_entry_balance_after: balanceAfter,
      point_entry_cause: change.cause,
      point_entry_cause_id: change.causeId ?? null,
      point_entry_note: change.note ?? null,
      point_entry_actor: change.actor,
      admin_id: change.adminId ?? null,
      point_entry_idempotency_key: change.idempotencyKey,
    })
    .returning();
  return entry!;
};

/**
 * A reset of one customer (a reset point run, the system's): their whole balance is taken and their
 * tier's points end, as one `reset` entry, under the balance row's lock so that nothing spent or
 * earned meanwhile is missed. A customer without a balance row has nothing to reset: no entry.
 */
export const resetCustomerPoints = async (
  tx: Database,
  change: Pick<PointChange, 'locationId' | 'customerId' | 'note' | 'idempotencyKey'> & { causeId: string },
): Promise<PointEntryRow | undefined> => {
  const [row] = await tx
    .select({ balance: pointBalances.point_balance })
    .from(pointBalances)
    .where(
      and(eq(pointBalances.customer_id, change.customerId), eq(pointBalances.location_id, change.locationId)),
    )
    .for('update');
  if (!row) return undefined;
  return postPoints(tx, {
    ...change,
    kind: 'reset',
    amount: -row.balance,
    cause: 'reset_point',
    actor: 'system',
  });
};

/** The entry a key already made in the mall, if any. */
const entryOfKey = async (db: Database, locationId: string, key: string) => {
  const [entry] = await db
    .select()
    .from(pointEntries)
    .where(and(eq(pointEntries.location_id, locationId), eq(pointEntries.point_entry_idempotency_key, key)));
  return entry;
};

/**
 * Runs `write` (a transaction that posts one entry with `key`) once per key: a retry whose key is
 * already in the ledger gets the entry the first call made and writes nothing. Two calls with one key
 * at once: both may start, the second's entry then violates the key's unique index, its whole
 * transaction (balance change included) rolls back, and it too answers with the first one's entry.
 */
export const withIdempotency = async (
  db: Database,
  locationId: string,
  key: string,
  write: () => Promise<PointEntryRow>,
): Promise<{ entry: PointEntryRow; replayed: boolean }> => {
  const earlier = await entryOfKey(db, locationId, key);
  if (earlier) return { entry: earlier, replayed: true };
  try {
    return { entry: await write(), replayed: false };
  } catch (error) {
    if (violatedIndex(error) !== 'point_entries_idempotency') throw error;
    const first = await entryOfKey(db, locationId, key);
    if (!first) throw error;
    return { entry: first, replayed: true };
  }
};

/** `POST /loyalty-customer/adjust-points`: a staff correction with its reason, once per `Idempotency-Key`. */
export const adjustPoints = async (
  db: Database,
  locationId: string,
  input: PointAdjustmentInput,
  key: string,
  actor: Acting,
): Promise<PointBalance> => {
  const values = pointAdjustmentInput.parse(input);
  await assertCustomerOfMall(db, locationId, values.customer_id);
  await withIdempotency(db, locationId, `adjust:${key}`, () =>
    db.transaction(async (tx) => {
      const entry = await postPoints(tx, {
        locationId,
        customerId: values.customer_id,
        kind: 'adjust',
        amount: values.point_entry_amount,
        cause: 'adjustment',
        note: values.point_entry_note,
        actor: 'staff',
        adminId: actor.staff._id,
        idempotencyKey: `adjust:${key}`,
      });
      await audit(tx, actor, {
        action: 'points.adjust',
        entity: 'customer',
        entityId: values.customer_id,
        details: { point_entry_amount: values.point_entry_amount, point_entry_note: values.point_entry_note },
      });
      return entry;
    }),
  );
  return balanceOf(db, locationId, values.customer_id);
};

/** A customer's balance and tier; zero and no tier before their first entry. */
export const balanceOf = async (
  db: Database,
  locationId: string,
  customerId: string,
): Promise<PointBalance> => {
  const [row] = await db
    .select({
      point_balance: pointBalances.point_balance,
      point_tier_points: pointBalances.point_tier_points,
      point_earned_total: pointBalances.point_earned_total,
      loyalty_tier_id: pointBalances.loyalty_tier_id,
      loyalty_tier_title: loyaltyTiers.loyalty_tier_title,
      loyalty_tier_title_en: loyaltyTiers.loyalty_tier_title_en,
    })
    .from(pointBalances)
    .leftJoin(loyaltyTiers, eq(loyaltyTiers._id, pointBalances.loyalty_tier_id))
    .where(and(eq(pointBalances.customer_id, customerId), eq(pointBalances.location_id, locationId)));
  return {
    customer_id: customerId,
    point_balance: row?.point_balance ?? 0,
    point_tier_points: row?.point_tier_points ?? 0,
    point_earned_total: row?.point_earned_total ?? 0,
    loyalty_tier_id: row?.loyalty_tier_id ?? null,
    loyalty_tier_title: row?.loyalty_tier_title ?? null,
    loyalty_tier_title_en: row?.loyalty_tier_title_en ?? null,
  };
};

/** `GET /loyalty-customer/points/{customerId}`: the balance and a page of the ledger, newest first. */
export const pointHistoryOf = async (
  db: Database,
  locationId: string,
  customerId: string,
  page: { limit: number; currentPage: number },
): Promise<PointHistory> => {
  await assertCustomerOfMall(db, locationId, customerId);
  const mine = and(eq(pointEntries.customer_id, customerId), eq(pointEntries.location_id, locationId));
  const [rows, [total], balance] = await Promise.all([
    db
      .select({
        _id: pointEntries._id,
        point_entry_kind: pointEntries.point_entry_kind,
        point_entry_amount: pointEntries.point_entry_amount,
        point_entry_balance_after: pointEntries.point_entry_balance_after,
        point_entry_cause: pointEntries.point_entry_cause,
        point_entry_cause_id: pointEntries.point_entry_cause_id,
        point_entry_note: pointEntries.point_entry_note,
        point_entry_actor: pointEntries.point_entry_actor,
        admin_name: admins.admin_name,
        admin_surname: admins.admin_surname,
        created_at: pointEntries.created_at,
      })
      .from(pointEntries)
      .leftJoin(admins, eq(admins._id, pointEntries.admin_id))
      .where(mine)
      .orderBy(desc(pointEntries.created_at), desc(pointEntries._id))
      .limit(page.limit)
      .offset((page.currentPage - 1) * page.limit),
    db.select({ count: count() }).from(pointEntries).where(mine),
    balanceOf(db, locationId, customerId),
  ]);
  const data: PointEntry[] = rows.map(({ admin_name, admin_surname, created_at, ...row }) => ({
    ...row,
    point_entry_admin_name: admin_name === null ? null : `${admin_name} ${admin_surname ?? ''}`.trim(),
    createdAt: created_at.toISOString(),
  }));
  return { balance, data, total: total?.count ?? 0 };
};

export type ResetTarget = { customerId: string; balance: number };

/**
 * The batch form of a reset's `postPoints` (a reset point run, the system's), in three statements for
 * the whole batch instead of three per customer, inside the caller's transaction: every target whose
 * balance is still the one read (the caller locked the rows `for update` as it read them) gets its
 * balance and tier points set to zero and its tier re-placed, and one `reset` entry taking that
 * balance, with its key from `keyOf` (unique per mall: a key already in the ledger fails the whole
 * batch, which rolls back with the caller's transaction). A target whose balance moved meanwhile is
 * left out. Answers the targets reset.
 * (The rows are also named by `= any(ids)`, so that the update reads them by the primary key instead
 * of joining the whole mall's balances for each batch.)
 */
export const postResets = async (
  tx: Database,
  change: { locationId: string; causeId: string; keyOf: (customerId: string) => string },
  targets: readonly ResetTarget[],
): Promise<ResetTarget[]> => {
  if (targets.length === 0) return [];
  const { rows } = (await tx.execute(sql`
    update ${pointBalances} set point_balance = 0, point_tier_points = 0, point_last_entry_at = now()
    from unnest(${sql.param(targets.map((target) => target.customerId))}::varchar[], ${sql.param(targets.map((target) => target.balance))}::int[])
      as read(customer_id, balance)
    where ${pointBalances.customer_id} = read.customer_id
      and ${pointBalances.customer_id} = any(${sql.param(targets.map((target) => target.customerId))}::varchar[])
      and ${pointBalances.location_id} = ${change.locationId}
      and ${pointBalances.point_balance} = read.balance
    returning ${pointBalances.customer_id}`)) as unknown as { rows: { customer_id: string }[] };
  const done = new Set(rows.map((row) => row.customer_id));
  const kept = targets.filter((target) => done.has(target.customerId));
  if (kept.length === 0) return [];
  const ids = kept.map((target) => target.customerId);
  await tx
    .update(pointBalances)
    .set({ loyalty_tier_id: reachedTier })
    .where(inArray(pointBalances.customer_id, ids));
  await tx.execute(
    bulkInsert(pointEntries, [
      { column: pointEntries._id, values: kept.map(() => newId()) },
      { column: pointEntries.location_id, value: change.locationId },
      { column: pointEntries.customer_id, values: ids },
      { column: pointEntries.point_entry_kind, value: 'reset' },
      { column: pointEntries.point_entry_amount, values: kept.map((target) => -target.balance || 0) },
      { column: pointEntries.point_entry_balance_after, value: 0 },
      { column: pointEntries.point_entry_cause, value: 'reset_point' },
      { column: pointEntries.point_entry_cause_id, value: change.causeId },
      { column: pointEntries.point_entry_actor, value: 'system' },
      { column: pointEntries.point_entry_idempotency_key, values: ids.map(change.keyOf) },
    ]),
  );
  return kept;
};
