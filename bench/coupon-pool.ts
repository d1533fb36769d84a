import { performance } from 'node:perf_hooks';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { prepareFirstStart } from '../apps/server/src/db/first-start';
import { admins } from '../apps/server/src/modules/admins/admins.tables';
import { rateLimitCounters } from '../apps/server/src/modules/auth/rate-limits.tables';
import { createSession } from '../apps/server/src/modules/auth/sessions.service';
import { campaigns } from '../apps/server/src/modules/campaigns/campaigns.tables';
import { couponCodes } from '../apps/server/src/modules/campaigns/coupons.tables';
import { customers } from '../apps/server/src/modules/customers/customers.tables';
import { locations } from '../apps/server/src/modules/locations/locations.tables';
import type { Database } from '../apps/server/src/platform/db/database';
import { nameKey } from '../apps/server/src/platform/db/unique-names';
import { createFiles } from '../apps/server/src/platform/files/files';
import { benchApp, benchConfig } from './lib/app';
import type { BenchEngine } from './lib/engines';
import { type Figure, ms, percentile } from './lib/timing';

const CODES = Number(process.env.BENCH_COUPON_CODES ?? 1_000_000);
const LOOKUPS = 200;

/**
 * Issue 13: a clerk's lookup among the pool's codes (`GET /api/code-validation`, which also holds the
 * code), each of `LOOKUPS` given codes looked up once, one after another. The lookup counters (30 a
 * minute per user and address) are cleared every 25, since one bench user looks up more than a clerk may.
 */
const lookUpAmong = async (
  db: Database,
  app: Awaited<ReturnType<typeof benchApp>>,
  headers: Record<string, string>,
  mallId: string,
  campaignId: string,
): Promise<number[]> => {
  const [holder] = await db
    .select({ _id: customers._id })
    .from(customers)
    .where(eq(customers.location_id, mallId))
    .limit(1);
  const given = await db
    .update(couponCodes)
    .set({
      coupon_status: 'given',
      customer_id: holder!._id,
      coupon_given_at: new Date(),
      coupon_expires_at: new Date(Date.now() + DAY),
    })
    .where(
      inArray(
        couponCodes._id,
        sql`(select pick._id from coupon_codes pick where pick.campaign_id = ${campaignId}
              and pick.coupon_status = 'ready' order by pick.coupon_code limit ${LOOKUPS})`,
      ),
    )
    .returning({ code: couponCodes.coupon_code });
  const times: number[] = [];
  for (const [index, { code }] of given.entries()) {
    if (index % 25 === 0) await db.delete(rateLimitCounters).where(sql`true`);
    const began = performance.now();
    const response = await app.inject({
      url: `/api/code-validation?campaign_id=${campaignId}&coupon_code=${code}&locationId=${mallId}`,
      headers,
      remoteAddress: `10.30.${Math.floor(index / 25)}.1`,
    });
    times.push(performance.now() - began);
    if (response.statusCode !== 200) throw new Error(`lookup answered ${response.body}`);
  }
  return times;
};
const DAY = 86_400_000;

/**
 * Issue 13: generating 1,000,000 codes for one campaign through `POST /api/coupons/cache/generate`
 * (target ≤ 30 s on PostgreSQL): seconds, the process's peak RSS while it ran (sampled every 100 ms),
 * and how the API kept answering meanwhile (a campaign read in a loop beside it: its p95 and worst).
 */
export const couponPool = async (engine: BenchEngine): Promise<Figure[]> => {
  const database = await engine.open();
  try {
    await database.migrate();
    await prepareFirstStart(database.db, benchConfig(), await createFiles(benchConfig(), database.db));
    const [mall] = await database.db.select().from(locations).orderBy(asc(locations.created_at)).limit(1);
    const [campaign] = await database.db
      .insert(campaigns)
      .values({
        location_id: mall!._id,
        campaign_name: 'Bir milyon kupon',
        campaign_name_en: 'A million coupons',
        campaign_name_key: nameKey('Bir milyon kupon'),
        campaign_name_en_key: nameKey('A million coupons'),
        campaign_description: 'Kıyaslama',
        campaign_type: 'coupon',
        campaign_status: 'published',
        campaign_start_date: new Date(Date.now() - DAY),
        campaign_end_date: new Date(Date.now() + 30 * DAY),
        campaign_archive_date: new Date(Date.now() + 60 * DAY),
      })
      .returning();
    // The read beside it is of a campaign without a pool: what is measured is whether the API answers,
    // not how long counting a growing pool takes.
    const [other] = await database.db
      .select({ _id: campaigns._id })
      .from(campaigns)
      .where(and(eq(campaigns.location_id, mall!._id), eq(campaigns.campaign_type, 'basic')))
      .limit(1);
    const [admin] = await database.db.select({ _id: admins._id }).from(admins).limit(1);
    const { token } = await createSession(database.db, admin!._id, { remember: true });
    const headers = { 'accept-language': 'tr', authorization: `Bearer ${token.value}` };
    const app = await benchApp(database);
    try {
      let peakRss = process.memoryUsage().rss;
      let ticks = 0;
      const sampler = setInterval(() => {
        ticks++;
        peakRss = Math.max(peakRss, process.memoryUsage().rss);
      }, 100);
      let done = false;
      const reads: number[] = [];
      const reader = (async () => {
        while (!done) {
          const began = performance.now();
          const response = await app.inject({
            url: `/api/campaign/${other!._id}?locationId=${mall!._id}`,
            headers,
          });
          if (response.statusCode !== 200) throw new Error(`campaign read answered ${response.statusCode}`);
          reads.push(performance.now() - began);
          if (process.env.BENCH_TRACE) console.log('read', (performance.now() - began).toFixed(0));
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      })();
      const began = performance.now();
      const response = await app.inject({
        method: 'POST',
        url: `/api/coupons/cache/generate?locationId=${mall!._id}`,
        headers,
        payload: { campaignId: campaign!._id, count: CODES },
      });
      const seconds = (performance.now() - began) / 1000;
      if (process.env.BENCH_TRACE) console.log('sampler ticks', ticks);
      done = true;
      await reader;
      clearInterval(sampler);
      if (response.statusCode !== 200)
        throw new Error(`generate answered ${response.statusCode}: ${response.body}`);
      if (response.json().codes.ready !== CODES) throw new Error(`the pool holds ${response.body}`);
      const lookups = await lookUpAmong(database.db, app, headers, mall!._id, campaign!._id);
      return [
        {
          engine: engine.name,
          benchmark: `generate ${CODES.toLocaleString('en')} coupon codes (one campaign)`,
          value: `${seconds.toFixed(1)} s, peak RSS ${(peakRss / 1024 / 1024).toFixed(0)} MiB`,
        },
        {
          engine: engine.name,
          benchmark: 'GET /api/campaign/{id} meanwhile (another campaign)',
          value: `p50 ${ms(percentile(reads, 50))}, p95 ${ms(percentile(reads, 95))}, worst ${ms(Math.max(...reads))} (${reads.length} calls)`,
        },
        {
          engine: engine.name,
          benchmark: `GET /api/code-validation among ${CODES.toLocaleString('en')} codes (target p95 ≤ 20 ms)`,
          value: `p50 ${ms(percentile(lookups, 50))}, p95 ${ms(percentile(lookups, 95))} (${lookups.length} lookups)`,
        },
      ];
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
};
