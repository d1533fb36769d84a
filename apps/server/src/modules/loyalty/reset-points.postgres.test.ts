import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { postPoints } from './ledger.service';
import { newLoyaltyCustomer } from './loyalty.fixtures';
import { pointBalances, pointEntries } from './loyalty.tables';
import { runResetPoint } from './reset-points.job';
import { resetPoints } from './reset-points.tables';

/**
 * A reset run on PostgreSQL, where things really happen at once: two workers on one run (two
 * processes picking the same job, or the sweep beside the job) and customers spending and earning
 * while they are reset.
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
});
