import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { audit } from '../../platform/audit';
import { type Database, isEmbedded } from '../../platform/db/database';
import type { Jobs } from '../../platform/jobs';
import { postResets } from './ledger.service';
import { pointBalances } from './loyalty.tables';
import { resetEntryKey, resetTargets } from './reset-points.service';
import { resetPoints } from './reset-points.tables';

/**
 * Customers reset per transaction: a thousand on PostgreSQL; fewer on PGlite, whose one connection
 * every other request waits for while a batch holds it.
 */
export const resetBatchSize = (db: Database) => (isEmbedded(db) ? 100 : 1000);

export type BatchOutcome = 'more' | 'done' | 'busy' | 'not-running';

/**
 * One batch of a reset point's run, in one transaction: the reset row is locked (another worker
 * running the same reset skips it: 'busy'), in_queue becomes started, the next `size` targeted
 * balance rows after the cursor are locked in customer-id order and each given one `reset` entry
 * (key `reset:<resetId>:<customerId>`) by the ledger's batch form of a reset (`postResets`: three
 * statements for the batch, where `postPoints` would take three per customer), then the cursor and the counts move and,
 * when fewer than `size` were left, the reset is done. Killed anywhere, the transaction rolls back
 * whole and the next batch starts where the last commit left off; a customer already reset by the
 * run is not a target any more (resetTargets), so nobody is reset twice.
 */
export const resetPointBatch = (db: Database, resetPointId: string, size: number): Promise<BatchOutcome> =>
  db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(resetPoints)
      .where(eq(resetPoints._id, resetPointId))
      .for('update', { skipLocked: true });
    if (!row) {
      const [exists] = await tx
        .select({ _id: resetPoints._id })
        .from(resetPoints)
        .where(eq(resetPoints._id, resetPointId));
      return exists ? 'busy' : 'not-running';
    }
    if (row.reset_point_status !== 'in_queue' && row.reset_point_status !== 'started') return 'not-running';
    const targets = await tx
      .select({ customer_id: pointBalances.customer_id, balance: pointBalances.point_balance })
      .from(pointBalances)
      .where(
        and(
          await resetTargets(tx, row),
          row.reset_point_cursor ? gt(pointBalances.customer_id, row.reset_point_cursor) : undefined,
        ),
      )
      .orderBy(asc(pointBalances.customer_id))
      .limit(size)
      .for('update');
    // The balances read under the rows' locks are the ones taken: nothing moves them meanwhile.
    const reset = await postResets(
      tx,
      {
        locationId: row.location_id,
        causeId: row._id,
        keyOf: (customerId) => resetEntryKey(row._id, customerId),
      },
      targets.map((target) => ({ customerId: target.customer_id, balance: target.balance })),
    );
    const points = reset.reduce((sum, target) => sum + target.balance, 0);
    const finished = targets.length < size;
    await tx
      .update(resetPoints)
      .set({
        reset_point_status: finished ? 'done' : 'started',
        reset_point_started_at: row.reset_point_started_at ?? sql`now()`,
        reset_point_finished_at: finished ? sql`now()` : null,
        reset_point_cursor: targets.at(-1)?.customer_id ?? row.reset_point_cursor,
        reset_point_customer_count: sql`${resetPoints.reset_point_customer_count} + ${reset.length}`,
        reset_point_point_total: sql`${resetPoints.reset_point_point_total} + ${points}`,
      })
      .where(eq(resetPoints._id, row._id));
    if (finished) {
      const [done] = await tx.select().from(resetPoints).where(eq(resetPoints._id, row._id));
      await audit(tx, undefined, {
        action: 'reset_point.done',
        entity: 'reset_point',
        entityId: row._id,
        details: {
          reset_point_name: row.reset_point_name,
          reset_point_customer_count: done?.reset_point_customer_count,
          reset_point_point_total: done?.reset_point_point_total,
        },
        actorId: null,
        locationId: row.location_id,
      });
    }
    return finished ? 'done' : 'more';
  });

/** Runs a reset point's batches until it is done (or another worker holds it); a turn of the event loop between. */
export const runResetPoint = async (
  db: Database,
  resetPointId: string,
  size = resetBatchSize(db),
): Promise<BatchOutcome> => {
  for (;;) {
    const outcome = await resetPointBatch(db, resetPointId, size);
    if (outcome !== 'more') return outcome;
    await new Promise((resolve) => setImmediate(resolve));
  }
};

/** Every reset queued or begun and not finished, run to the end: what a lost or killed job left. */
export const runPendingResetPoints = async (db: Database, size = resetBatchSize(db)) => {
  const pending = await db
    .select({ _id: resetPoints._id })
    .from(resetPoints)
    .where(inArray(resetPoints.reset_point_status, ['in_queue', 'started']))
    .orderBy(asc(resetPoints.reset_point_queued_at));
  for (const { _id } of pending) await runResetPoint(db, _id, size);
};

/**
 * The worker of `loyalty.reset-points`: a queued reset is sent at once (`move-to-in-queue`), and every
 * minute a sweep runs whatever is still pending, so a job lost between the commit and the send, or a
 * process killed in the middle of a run, is picked up again where it stopped.
 */
export const scheduleResetPoints = async (jobs: Jobs, db: Database, logger: Logger) => {
  await jobs.work('loyalty.reset-points', async (job) => {
    if (!job.data.resetPointId) return runPendingResetPoints(db);
    const outcome = await runResetPoint(db, job.data.resetPointId);
    logger.info({ resetPointId: job.data.resetPointId, outcome }, 'reset point run');
  });
  await jobs.schedule('loyalty.reset-points', '* * * * *', {});
};
