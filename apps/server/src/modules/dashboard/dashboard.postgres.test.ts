import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { insertCustomer } from '../customers/customers.fixtures';
import { customers } from '../customers/customers.tables';
import { mallToday } from '../customers/mall-date';
import { answerFigures, directFigures, newDashboardMall } from './dashboard.fixtures';
import { foldDashboardDeltas, mallDashboard } from './dashboard.service';

/**
 * The rollups on PostgreSQL, where writes really run at once: writers of one mall and day never wait
 * on one another (they only insert deltas), a fold neither waits on an open writer nor loses its
 * deltas, and under writers and folds running together the figures stay what the tables say.
 */
describe.runIf(process.env.TEST_ENGINE === 'postgres')('mall dashboard under concurrent writes', () => {
  const ctx = useTestApp();

  it('lets two registrations of the same day, gender and birth year commit without waiting on each other, or on a fold', async () => {
    const { mall } = await newDashboardMall(ctx.database.db, () => ctx.newLocation());
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inserted!: () => void;
    const open = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    // A registration left open (its deltas uncommitted)…
    const first = ctx.database.db.transaction(async (tx) => {
      await insertCustomer(tx, mall._id, { customer_birthdate: '1990-05-05', customer_sms_permission: true });
      inserted();
      await held;
    });
    await open;
    // …while the same kind of registration commits, and a fold runs: neither may wait for it.
    await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local lock_timeout = '5s'`);
      await insertCustomer(tx, mall._id, { customer_birthdate: '1990-05-05', customer_sms_permission: true });
    });
    await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local lock_timeout = '5s'`);
      await tx.execute(sql`select dashboard_fold()`);
    });
    const midway = await mallDashboard(ctx.database.db, mall, { interval: 'last_7_days' });
    expect(midway.dashboard_customers.value).toBe(1);
    release();
    await first;
    const after = await mallDashboard(ctx.database.db, mall, { interval: 'last_7_days' });
    expect(after.dashboard_customers.value).toBe(2);
    expect(after.dashboard_consents.find((row) => row.channel === 'sms')?.value).toBe(2);
    await foldDashboardDeltas(ctx.database.db);
    expect(await mallDashboard(ctx.database.db, mall, { interval: 'last_7_days' })).toEqual(after);
  });

  it('stays exact while registrations, deletions and consent changes run beside folds and reads', async () => {
    const { mall } = await newDashboardMall(ctx.database.db, () => ctx.newLocation());
    const today = mallToday(mall);
    const year = Number(today.slice(0, 4));
    const writers = Array.from({ length: 6 }, (_, writer) =>
      (async () => {
        for (let step = 0; step < 15; step++) {
          await ctx.database.db.transaction(async (tx) => {
            const row = await insertCustomer(tx, mall._id, {
              customer_gender: step % 2 ? 'male' : 'female',
              customer_birthdate: `${1960 + ((writer + step) % 40)}-01-01`,
              customer_sms_permission: step % 3 === 0,
            });
            if (step % 4 === 0)
              await tx
                .update(customers)
                .set({ customer_deletedAt: new Date() })
                .where(sql`${customers._id} = ${row._id}`);
            if (step % 5 === 0)
              await tx
                .update(customers)
                .set({ customer_email_permission: true, customer_gender: 'unknown' })
                .where(sql`${customers._id} = ${row._id}`);
          });
        }
      })(),
    );
    let running = true;
    const folds = (async () => {
      let count = 0;
      while (running) {
        await foldDashboardDeltas(ctx.database.db);
        count++;
      }
      return count;
    })();
    // Reads beside them: each transaction adds a customer or nothing, so the count never goes down and
    // never passes the end's (a fold moving deltas is seen whole: nothing counted twice or lost).
    const reads = (async () => {
      let last = 0;
      while (running) {
        const answer = await mallDashboard(ctx.database.db, mall, { interval: 'all_time' });
        expect(answer.dashboard_customers.value).toBeLessThanOrEqual(6 * 15);
        expect(answer.dashboard_customers.value).toBeGreaterThanOrEqual(last);
        last = answer.dashboard_customers.value;
      }
    })();
    await Promise.all(writers);
    running = false;
    expect(await folds).toBeGreaterThan(0);
    await reads;
    const end = await mallDashboard(ctx.database.db, mall, { interval: 'all_time' });
    expect(end.dashboard_customers.value).toBeGreaterThan(50);
    for (const interval of ['all_time', 'last_7_days'] as const) {
      const answer = await mallDashboard(ctx.database.db, mall, { interval });
      const days = answer.dashboard_from ? { from: answer.dashboard_from, to: answer.dashboard_to } : null;
      const {
        months: _m,
        storesAll: _s,
        campaignsAll: _c,
        ...direct
      } = await directFigures(ctx.database.db, mall, days, year);
      expect(answerFigures(answer, 'value'), interval).toEqual(direct);
      expect(direct.customers).toBeGreaterThan(50);
    }
  });
});
