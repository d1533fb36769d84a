import { addDays, type DashboardReport, type DashboardReportBody, type Location } from '@avlu/contracts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { mallToday } from '../customers/mall-date';
import { dashboardFixtures, type Source, withConversion } from './campaign-dashboard.fixtures';
import { refreshRecentDays } from './campaign-dashboard.service';
import { campaignCustomerOrdinals } from './campaign-dashboard.tables';
import { campaignParticipations } from './participations.tables';

/**
 * The dashboard's members on PostgreSQL, where writes really run at once: customers and receipts are
 * numbered once whatever the order of the transactions, and the totals over overlapping campaigns
 * stay what the source rows say while participations and receipts are written beside the rollup job.
 */
describe.runIf(process.env.TEST_ENGINE === 'postgres')('campaign dashboard under concurrent writes', () => {
  const ctx = useTestApp();
  const f = dashboardFixtures(ctx);

  const participation = (mall: Location, campaignId: string, customerId: string, moment = new Date()) => ({
    location_id: mall._id,
    campaign_id: campaignId,
    customer_id: customerId,
    participation_day: mallToday(mall, moment),
    created_at: moment,
  });

  const ordinalsOf = async (customerId: string) =>
    ctx.database.db
      .select()
      .from(campaignCustomerOrdinals)
      .where(eq(campaignCustomerOrdinals.customer_id, customerId));

  /** Until another transaction of this database waits on a lock (the second numbering of one customer). */
  const someoneWaits = () =>
    vi.waitFor(async () => {
      const result = (await ctx.database.db.execute(sql`
        select count(*)::int as n from pg_stat_activity
         where datname = current_database() and wait_event_type = 'Lock'`)) as unknown as {
        rows: { n: number }[];
      };
      expect(result.rows[0]!.n).toBeGreaterThan(0);
    });

  it('numbers a customer two transactions add at once exactly once, also when the first rolls back', async () => {
    const db = ctx.database.db;
    const mall = await ctx.newLocation();
    const [a, b] = [await f.newCampaign(mall._id), await f.newCampaign(mall._id)];
    for (const outcome of ['commit', 'rollback'] as const) {
      const customerId = await f.newCustomer(mall._id);
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let inserted!: () => void;
      const firstIn = new Promise<void>((resolve) => {
        inserted = resolve;
      });
      const first = db
        .transaction(async (tx) => {
          await tx.insert(campaignParticipations).values(participation(mall, a._id, customerId));
          inserted();
          await held;
          if (outcome === 'rollback') throw new Error('rolled back');
        })
        .catch((error: Error) => error.message);
      await firstIn;
      // The second numbers the same customer: it waits for the first's key, then finds it or makes it.
      const second = (async () => {
        await db.insert(campaignParticipations).values(participation(mall, b._id, customerId));
      })();
      await someoneWaits();
      release();
      expect(await first).toBe(outcome === 'rollback' ? 'rolled back' : undefined);
      await second;
      expect(await ordinalsOf(customerId), outcome).toHaveLength(1);
    }
  });

  it('keeps the totals over overlapping campaigns equal to the source rows while they are written beside the rollup job', async () => {
    const mall = await ctx.newLocation();
    const today = mallToday(mall);
    const storeId = await f.newStore(mall._id);
    const ids = [
      (await f.newCampaign(mall._id, 'receipt'))._id,
      (await f.newCampaign(mall._id, 'wheel_of_fortune'))._id,
      (await f.newCampaign(mall._id))._id,
    ];
    const people: string[] = [];
    for (let index = 0; index < 6; index++) people.push(await f.newCustomer(mall._id));
    const yesterday = addDays(today, -1);
    // Some history, so that the period's new participants are not every participant.
    for (const [index, customerId] of people.entries())
      await f.participate(
        { mall, campaignId: ids[index % 3]!, storeId },
        customerId,
        new Date(`${yesterday}T12:00:00+03:00`),
      );
    await refreshRecentDays(ctx.database.db);

    let seed = 11;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    // Six writers at once: participations of old and new customers in several campaigns (new customers
    // taking part in two campaigns at the same moment), and receipts credited to several campaigns at
    // the same moment.
    const writer = async () => {
      for (let step = 0; step < 12; step++) {
        const fresh = random() < 0.3;
        const customerId = fresh ? await f.newCustomer(mall._id) : pick(people);
        if (fresh) people.push(customerId);
        const campaigns = ids.filter(() => random() < 0.6);
        await Promise.all(
          campaigns.map((campaignId) =>
            ctx.database.db
              .insert(campaignParticipations)
              .values(participation(mall, campaignId, customerId)),
          ),
        );
        if (random() < 0.5) {
          const [first = ids[0]!, ...others] = ids.filter(() => random() < 0.6);
          const amount = Math.round(random() * 50_000) / 100;
          const source: Source = { mall, campaignId: first, storeId };
          const receiptId = await f.credit(source, customerId, today, amount, 3);
          await Promise.all(
            others.map((campaignId) =>
              f.creditReceipt({ mall, campaignId, storeId }, receiptId, customerId, today, amount, 0),
            ),
          );
        }
      }
    };
    const body: DashboardReportBody = { campaignId: ids, interval: 'last_7_days' };
    let writing = true;
    let looks = 0;
    // Meanwhile the job and the dashboard: each answer's day counts a customer or a receipt once, so
    // no more than the campaigns' sum; and a receipt counts on its one day, so no fewer receipts than
    // the most any campaign has (a customer new to one campaign may have been met in another before).
    const watcher = async () => {
      while (writing) {
        await refreshRecentDays(ctx.database.db);
        const answer = (await f.report(mall, body)).json() as DashboardReport;
        looks++;
        for (const [index, day] of answer.days.entries()) {
          const each = answer.campaigns.map((campaign) => campaign.days[index]!);
          for (const key of ['participants', 'receipts'] as const) {
            const values = each.map((campaignDay) => campaignDay[key]);
            expect(day[key]).toBeLessThanOrEqual(values.reduce((sum, value) => sum + value, 0));
            if (key === 'receipts') expect(day[key]).toBeGreaterThanOrEqual(Math.max(...values));
          }
        }
      }
    };
    const watching = watcher();
    await Promise.all(Array.from({ length: 6 }, writer));
    writing = false;
    await watching;
    expect(looks).toBeGreaterThan(0);

    await refreshRecentDays(ctx.database.db);
    for (const set of [ids, ids.slice(0, 2), [ids[2]!, ids[0]!]])
      for (const interval of ['last_7_days', 'last_30_days', 'all_time'] as const) {
        const answer = (await f.report(mall, { campaignId: set, interval })).json() as DashboardReport;
        expect(answer.totals, interval).toEqual(withConversion(await f.directAll(set, answer.from, today)));
        expect(
          answer.days
            .filter((day) => day.participants + day.receipts > 0)
            .map(({ day, participants, receipts, receipt_amount }) => ({
              day,
              participants,
              receipts,
              receipt_amount,
            })),
          interval,
        ).toEqual(await f.distinctDays(set, answer.from, answer.to));
      }
  });
});
