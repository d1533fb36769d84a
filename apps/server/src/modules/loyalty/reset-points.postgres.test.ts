import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { and, count, eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { postgresUrl, withDatabaseName } from '../../../test/database';
import { useTestApp } from '../../../test/helper';
import { postPoints } from './ledger.service';
import { newLoyaltyCustomer } from './loyalty.fixtures';
import { pointBalances, pointEntries } from './loyalty.tables';
import { runResetPoint } from './reset-points.job';
import { resetPoints } from './reset-points.tables';

/**
 * A reset run on PostgreSQL, where things really happen at once: two workers on one run (two
 * processes picking the same job, or the sweep beside the job) and customers spending and earning
 * while they are reset; and a worker process killed in the middle of a run, then started again.
 */
describe.runIf(process.env.TEST_ENGINE === 'postgres')('reset points at once', () => {
  const ctx = useTestApp();
  const db = () => ctx.database.db;
  const post = (mallId: string, customerId: string, kind: 'earn' | 'burn', amount: number, key: string) =>
    db().transaction((tx) =>
      postPoints(tx, {
        locationId: mallId,
        customerId,
        kind,
        amount: kind === 'burn' ? -amount : amount,
        cause: kind === 'burn' ? 'gift_redemption' : 'receipt',
        actor: 'system',
        idempotencyKey: key,
      }),
    );

  it('two workers on one run, with spends and earnings racing it: everyone reset once, every balance the sum of its entries, the counts exact', async () => {
    const mall = await ctx.newLocation();
    const people: string[] = [];
    for (let index = 0; index < 40; index++) {
      const id = await newLoyaltyCustomer(db(), mall._id);
      await post(mall._id, id, 'earn', 100 + index, `seed:${id}`);
      people.push(id);
    }
    const call = (method: 'POST', url: string, payload?: object) =>
      ctx.inject({ method, url: `/api/${url}?locationId=${mall._id}`, ...(payload ? { payload } : {}) });
    const created = (
      await call('POST', 'loyalty/reset-points', { reset_point_name: 'Hepsi', reset_point_type: 'all' })
    ).json();
    // Queued twice at once: one wins, the other hears 409.
    const queued = await Promise.all([
      call('POST', `loyalty/reset-points/${created._id}/move-to-in-queue`),
      call('POST', `loyalty/reset-points/${created._id}/move-to-in-queue`),
    ]);
    expect(queued.map((response) => response.statusCode).sort()).toEqual([200, 409]);

    const racing = people.flatMap((id, index) => [
      post(mall._id, id, 'burn', 50, `race-burn:${id}`).catch(() => 'refused'),
      index % 3 === 0 ? post(mall._id, id, 'earn', 7, `race-earn:${id}`) : Promise.resolve(undefined),
    ]);
    const outcomes = await Promise.all([
      runResetPoint(db(), created._id, 5),
      runResetPoint(db(), created._id, 5),
      ...racing,
    ]);
    // A worker that found the run held by the other stops; the run finishes once the other is done.
    expect(outcomes.slice(0, 2)).toEqual(expect.arrayContaining(['done']));
    expect(await runResetPoint(db(), created._id, 5)).toBe('not-running');

    const resets = await db()
      .select({
        customer: pointEntries.customer_id,
        amount: pointEntries.point_entry_amount,
      })
      .from(pointEntries)
      .where(and(eq(pointEntries.location_id, mall._id), eq(pointEntries.point_entry_kind, 'reset')));
    expect(new Set(resets.map((row) => row.customer)).size).toBe(resets.length);
    expect(resets).toHaveLength(40);
    const [row] = await db().select().from(resetPoints).where(eq(resetPoints._id, created._id));
    expect(row).toMatchObject({ reset_point_status: 'done', reset_point_customer_count: 40 });
    expect(row!.reset_point_point_total).toBe(-resets.reduce((sum, entry) => sum + entry.amount, 0));
    const off = await db()
      .select({ customer: pointBalances.customer_id })
      .from(pointBalances)
      .where(
        and(
          eq(pointBalances.location_id, mall._id),
          sql`${pointBalances.point_balance} <> (select sum(e.point_entry_amount) from point_entries e where e.customer_id = ${pointBalances.customer_id})`,
        ),
      );
    expect(off).toEqual([]);
  });

  /**
   * A reset run in a process of its own, as a worker runs it: `runResetPoint` on its own pool, on the
   * test's database, printing the outcome. Started with tsx, nothing built.
   */
  const SERVER_ROOT = path.resolve(import.meta.dirname, '../../..');
  const RUN_IN_CHILD = `
    const [url, resetPointId, size] = process.argv.slice(1);
    const { openPostgres } = await import('./src/platform/db/database.ts');
    const { runResetPoint } = await import('./src/modules/loyalty/reset-points.job.ts');
    const handle = await openPostgres(url);
    const outcome = await runResetPoint(handle.db, resetPointId, Number(size));
    await handle.close();
    process.stdout.write(outcome);`;
  type Worker = { process: ChildProcess; output: () => string; exit: Promise<number | null> };
  const startWorker = (url: string, resetPointId: string, size: number): Worker => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', RUN_IN_CHILD, url, resetPointId, String(size)],
      { cwd: SERVER_ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    return { process: child, output: () => output, exit };
  };

  it('a worker process killed (SIGKILL) in the middle of a run, then started again: everyone reset exactly once', async () => {
    const mall = await ctx.newLocation();
    const people: string[] = [];
    for (let index = 0; index < 30; index++) {
      const id = await newLoyaltyCustomer(db(), mall._id);
      await post(mall._id, id, 'earn', 100 + index, `seed:${id}`);
      people.push(id);
    }
    const total = people.reduce((sum, _, index) => sum + 100 + index, 0);
    const [run] = await db()
      .insert(resetPoints)
      .values({
        location_id: mall._id,
        reset_point_name: 'Hepsi',
        reset_point_type: 'all',
        reset_point_status: 'in_queue',
        reset_point_queued_at: new Date(),
      })
      .returning();
    const {
      rows: [{ name }],
    } = (await db().execute(sql`select current_database() as name`)) as unknown as {
      rows: [{ name: string }];
    };
    const url = withDatabaseName(postgresUrl(), name);
    const resetEntries = async () => {
      const [row] = await db()
        .select({ count: count() })
        .from(pointEntries)
        .where(
          and(eq(pointEntries.point_entry_cause_id, run!._id), eq(pointEntries.point_entry_kind, 'reset')),
        );
      return row!.count;
    };
    /** Backends of this database waiting for a row lock, besides the caller's. */
    const waitingBackends = async () => {
      const { rows } = (await db().execute(
        sql`select pid from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
      )) as unknown as { rows: { pid: number }[] };
      return rows.map((row) => row.pid);
    };
    const until = (check: () => Promise<boolean>, worker?: Worker) =>
      vi.waitUntil(
        async () => {
          if (worker && (worker.process.exitCode !== null || worker.process.signalCode !== null))
            throw new Error(`the worker exited early:\n${worker.output()}`);
          return check();
        },
        { timeout: 60_000, interval: 50 },
      );

    // The worker walks customers in id order, three a batch. A customer of the fifth batch is held
    // (a row lock, as a racing spend would) so the worker stops inside that batch, its transaction
    // open, after four batches committed: a point of the run known without any clock. There it dies.
    const sorted = [...people].sort();
    let backend = 0;
    await db().transaction(async (tx) => {
      await tx.select().from(pointBalances).where(eq(pointBalances.customer_id, sorted[13]!)).for('update');
      const worker = startWorker(url, run!._id, 3);
      await until(async () => (await waitingBackends()).length > 0, worker);
      [backend] = (await waitingBackends()) as [number];
      expect(await resetEntries()).toBe(12);
      worker.process.kill('SIGKILL');
      expect(await worker.exit).toBeNull();
    });
    const [midway] = await db().select().from(resetPoints).where(eq(resetPoints._id, run!._id));
    expect(midway).toMatchObject({ reset_point_status: 'started', reset_point_customer_count: 12 });
    expect(midway!.reset_point_cursor).toBe(sorted[11]);
    // The dead worker's backend goes once it finds its client gone, and its open batch rolls back.
    await until(async () => {
      const { rows } = (await db().execute(
        sql`select 1 from pg_stat_activity where pid = ${backend}`,
      )) as unknown as { rows: unknown[] };
      return rows.length === 0;
    });
    expect(await resetEntries()).toBe(12);

    const restarted = startWorker(url, run!._id, 3);
    expect(await restarted.exit, restarted.output()).toBe(0);
    expect(restarted.output()).toBe('done');

    const resets = await db()
      .select({
        customer: pointEntries.customer_id,
        amount: pointEntries.point_entry_amount,
        actor: pointEntries.point_entry_actor,
      })
      .from(pointEntries)
      .where(
        and(eq(pointEntries.point_entry_cause_id, run!._id), eq(pointEntries.point_entry_kind, 'reset')),
      );
    expect(resets.map((entry) => entry.customer).sort()).toEqual(sorted);
    expect(resets.every((entry) => entry.actor === 'system')).toBe(true);
    expect(-resets.reduce((sum, entry) => sum + entry.amount, 0)).toBe(total);
    const balances = await db()
      .select({
        balance: pointBalances.point_balance,
        entries: sql<number>`(select sum(e.point_entry_amount)::int from point_entries e where e.customer_id = ${pointBalances.customer_id})`,
      })
      .from(pointBalances)
      .where(eq(pointBalances.location_id, mall._id));
    expect(balances).toHaveLength(30);
    expect(balances.every((row) => row.balance === 0 && row.entries === 0)).toBe(true);
    const [row] = await db().select().from(resetPoints).where(eq(resetPoints._id, run!._id));
    expect(row).toMatchObject({
      reset_point_status: 'done',
      reset_point_customer_count: 30,
      reset_point_point_total: total,
    });
  }, 180_000);
});
