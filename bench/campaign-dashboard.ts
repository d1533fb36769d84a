import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import {
  rebuildCampaignStats,
  refreshRecentDays,
} from '../apps/server/src/modules/campaigns/campaign-dashboard.service';
import { nameKey } from '../apps/server/src/platform/db/unique-names';
import { type BenchTarget, openTarget } from './customers/databases';
import { callOk, latencyFigure, loadFigure, onEachMillionMall, withServer } from './customers-1m';
import { type Figure, ms, percentile, sample, timed } from './lib/timing';
import { rowsOf } from './loyalty/generate';

/**
 * `npm run bench -- dashboard [postgres|pglite]` (issue 15 #5): the campaign dashboard on the
 * 1M-customer bench mall (customers-1m.ts). Five measured campaigns get a year of source rows
 * (participations, codes given and used, game plays from the mall's customers, and receipts each
 * credited to several of them), rolled up by the job's own code (timed); a hundred other campaigns get
 * a year of rollup rows each, so the table is not only ours. Then `POST /reports/campaign-dashboard-report`
 * is called through the HTTP API of the real app in a child process, each call for a set of two to
 * five of the measured campaigns and a period (all time, last year, 30 days, 7 days, a date range)
 * not asked before, so every call is a first call: its totals count each customer and receipt once
 * across the set, from the membership rollup. The CPU time the calls took is read from /proc: the
 * server process's, and on PostgreSQL that of the database's backends (other work on the machine
 * slows the latencies, not these). The excel report is timed beside it.
 * Target (PostgreSQL): p95 ≤ 300 ms; PGlite may take three times as long.
 */
const TARGET_MS = 300;
const PGLITE_SLOWER = 3;
const MEASURED = 5;
const BACKGROUND = 100;
const DAYS = 400;
const PER_CAMPAIGN = { participations: 60_000, codes: 30_000, plays: 40_000 };
/** Receipts of the year, each credited to each measured campaign at even odds (2.5 credits a receipt). */
const RECEIPTS = 100_000;
const RECEIPT_PREFIX = 'BENCH-PANO-';
const PREFIX = 'Bench pano';
/** First calls measured (after three unmeasured), each a campaign set and period of its own. */
const FIRST_CALLS = 100;
const PERIODS = ['all_time', 'last_year', 'last_30_days', 'last_7_days', 'date_range'] as const;

const log = (line: string) => console.error(line);

/**
 * Report bodies, none the same: every set of two or more of the measured campaigns with every period
 * (date ranges of 10 to 180 days ending up to 200 days ago), in a fixed shuffled order.
 */
const freshCalls = (ids: readonly string[]) => {
  const bodies: object[] = [];
  let seed = 15;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  for (let mask = 1; mask < 2 ** ids.length; mask++) {
    const set = ids.filter((_, index) => mask & (1 << index));
    if (set.length < 2) continue;
    for (const interval of PERIODS) {
      if (interval !== 'date_range') {
        bodies.push({ campaignId: set, interval });
        continue;
      }
      const end = new Date(Date.now() - Math.floor(next() * 200) * 86_400_000);
      const start = new Date(end.getTime() - Math.floor(10 + next() * 170) * 86_400_000);
      bodies.push({
        campaignId: set,
        interval,
        startDate: start.toISOString().slice(0, 10),
        endDate: end.toISOString().slice(0, 10),
      });
    }
  }
  for (let index = bodies.length - 1; index > 0; index--) {
    const other = Math.floor(next() * (index + 1));
    [bodies[index], bodies[other]] = [bodies[other]!, bodies[index]!];
  }
  return bodies;
};

const TICKS_PER_SECOND = 100;
/** A process's CPU time (user and system) in milliseconds, from /proc; 0 once it is gone. */
const cpuMsOf = async (pid: number) => {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
};

/** CPU time of the bench server and, on PostgreSQL, of the backends serving the bench database. */
const cpuMeter = async (target: BenchTarget, serverPid: number) => {
  const backends = async (): Promise<number[]> => {
    if (target.engine !== 'postgres') return [];
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      const result = await client.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      return result.rows.map((row) => row.pid);
    } finally {
      await client.end();
    }
  };
  const read = async () => {
    const database = new Map<number, number>();
    for (const pid of await backends()) database.set(pid, await cpuMsOf(pid));
    return { server: await cpuMsOf(serverPid), database };
  };
  return {
    read,
    since: async (before: Awaited<ReturnType<typeof read>>) => {
      const now = await read();
      let database = 0;
      for (const [pid, spent] of now.database) database += spent - (before.database.get(pid) ?? 0);
      return { server: now.server - before.server, database };
    },
  };
};

/** The bench campaigns again (a run removes the previous run's): measured first, then background. */
const seed = async (db: Parameters<typeof rebuildCampaignStats>[0], locationId: string) => {
  const previous = sql`(select _id from campaigns where location_id = ${locationId} and campaign_name like ${`${PREFIX}%`})`;
  // Plays first: deleting a code sets its plays' coupon_code_id null, and campaign_game_plays has no
  // index on it, so removing the codes scans the plays (dead rows too, hence the vacuum) once per code.
  await db.execute(sql`delete from campaign_game_plays where campaign_id in ${previous}`);
  await db.execute(sql`vacuum campaign_game_plays`);
  await db.execute(sql`delete from campaigns where _id in ${previous}`);
  await db.execute(
    sql`delete from receipts where location_id = ${locationId} and receipt_no like ${`${RECEIPT_PREFIX}%`}`,
  );
  const ids: string[] = [];
  for (let index = 0; index < MEASURED + BACKGROUND; index++) {
    const name = `${PREFIX} ${index + 1}`;
    const [row] = await rowsOf<{ _id: string }>(
      db,
      sql`insert into campaigns (_id, location_id, campaign_name, campaign_name_en, campaign_name_key,
            campaign_name_en_key, campaign_description, campaign_type, campaign_status, campaign_start_date,
            campaign_end_date, campaign_archive_date, campaign_participation)
          values (substr(md5(random()::text), 1, 24), ${locationId}, ${name}, ${`Bench dashboard ${index + 1}`},
            ${nameKey(name)}, ${nameKey(`Bench dashboard ${index + 1}`)}, 'Bench', 'wheel_of_fortune', 'published',
            now() - interval '420 days', now() + interval '30 days', now() + interval '60 days', 'unlimited')
          returning _id`,
    );
    ids.push(row!._id);
  }
  const measured = ids.slice(0, MEASURED);
  // A pool of the mall's customers numbered 1…n; each generated row draws its number (a hash join).
  const POOL = 200_000;
  const customers = sql`(select _id, row_number() over () as rn from (select _id from customers
                          where location_id = ${locationId} limit ${POOL}) s)`;
  const draw = sql`1 + floor(random() * ${POOL})::int as rn`;
  for (const [index, campaignId] of measured.entries()) {
    await db.execute(sql`
      insert into campaign_participations (_id, location_id, campaign_id, customer_id, participation_day, created_at)
      select substr(md5(random()::text || g::text), 1, 24), ${locationId}, ${campaignId},
             c._id,
             (at_ at time zone 'Europe/Istanbul')::date, at_
        from ${customers} c,
             (select g, now() - random() * interval '365 days' as at_, ${draw}
                from generate_series(1, ${PER_CAMPAIGN.participations}) g) t
       where c.rn = t.rn`);
    await db.execute(sql`
      insert into coupon_codes (_id, location_id, campaign_id, coupon_code, coupon_status, customer_id,
                                coupon_given_at, coupon_used_at, coupon_source)
      select substr(md5(random()::text || g::text), 1, 24), ${locationId}, ${campaignId},
             ${`BD${index}X`} || g, case when u < 0.4 then 'used' else 'given' end,
             c._id,
             at_, case when u < 0.4 then at_ + random() * interval '3 days' end, 'generated'
        from ${customers} c,
             (select g, now() - interval '4 days' - random() * interval '360 days' as at_, random() as u, ${draw}
                from generate_series(1, ${PER_CAMPAIGN.codes}) g) t
       where c.rn = t.rn`);
    await db.execute(sql`
      insert into campaign_game_plays (_id, location_id, campaign_id, customer_id, game_play_key, game_play_draw,
                                       game_play_outcome, created_at)
      select substr(md5(random()::text || g::text), 1, 24), ${locationId}, ${campaignId},
             c._id, md5(g::text), d,
             case when d < 2000 then 'win' else 'lose' end, at_
        from ${customers} c,
             (select g, floor(random() * 10000)::int as d, now() - random() * interval '365 days' as at_, ${draw}
                from generate_series(1, ${PER_CAMPAIGN.plays}) g) t
       where c.rn = t.rn`);
  }
  // Receipts of the mall's customers over the year, each credited to some of the measured campaigns
  // (the first one's multiplier adds points): a receipt counted by several is one in the totals.
  await db.execute(sql`
    insert into receipts (_id, location_id, customer_id, store_id, receipt_no, receipt_no_key, receipt_amount,
                          receipt_date, receipt_day, receipt_status, receipt_photo, receipt_photo_type,
                          receipt_photo_hash, receipt_source, created_at)
    select substr(md5(random()::text || g::text), 1, 24), ${locationId}, c._id, substr(md5('bench store'), 1, 24),
           ${RECEIPT_PREFIX} || g, ${RECEIPT_PREFIX} || g, round((50 + random() * 950)::numeric, 2),
           at_, (at_ at time zone 'Europe/Istanbul')::date, 'approved', md5(g::text) || '.jpg', 'jpg',
           md5(g::text) || md5(g::text), 'desk', at_
      from ${customers} c,
           (select g, now() - interval '1 day' - random() * interval '364 days' as at_, ${draw}
              from generate_series(1, ${RECEIPTS}) g) t
     where c.rn = t.rn`);
  await db.execute(sql`
    insert into campaign_receipt_credits (_id, location_id, campaign_id, customer_id, receipt_id, credit_day,
                                          credit_amount, credit_stamp, credit_points, created_at)
    select substr(md5(random()::text || r._id || m.id), 1, 24), ${locationId}, m.id, r.customer_id, r._id,
           r.receipt_day, r.receipt_amount, false, case when m.n = 1 then 10 else 0 end,
           r.receipt_date + random() * interval '1 day'
      from receipts r, unnest(${sql.param(measured)}::varchar[]) with ordinality m(id, n)
     where r.location_id = ${locationId} and r.receipt_no like ${`${RECEIPT_PREFIX}%`} and random() < 0.5`);
  await db.execute(sql`
    insert into campaign_daily_stats (location_id, campaign_id, stat_day, stat_participations, stat_new_participants,
      stat_codes_given, stat_codes_used, stat_receipts, stat_receipt_amount, stat_points, stat_plays, stat_wins)
    select ${locationId}, c, current_date - d, p, p / 2, p / 3, p / 5, p / 4, p * 87.5, p * 3, p / 2, p / 10
      from (select c, d, floor(random() * 500)::int as p
              from unnest(${sql.param(ids.slice(MEASURED))}::varchar[]) c, generate_series(0, ${DAYS - 1}) d) t`);
  await db.execute(sql`vacuum analyze campaign_participations`);
  await db.execute(sql`vacuum analyze coupon_codes`);
  await db.execute(sql`vacuum analyze campaign_game_plays`);
  await db.execute(sql`vacuum analyze receipts`);
  await db.execute(sql`vacuum analyze campaign_receipt_credits`);
  return measured;
};

/** The campaigns' source rows seeded and rolled up by the job's own code, each step timed. */
const seedAndRollUp = async (
  engine: string,
  db: Parameters<typeof rebuildCampaignStats>[0],
  locationId: string,
  measured: Figure[],
) => {
  log(`${engine}: dashboard campaigns and a year of their source rows…`);
  const [seedMs, ids] = await timed(() => seed(db, locationId));
  measured.push({
    engine,
    benchmark: `dashboard data: ${MEASURED} campaigns × (${PER_CAMPAIGN.participations.toLocaleString('en')} participations, ${PER_CAMPAIGN.codes.toLocaleString('en')} codes, ${PER_CAMPAIGN.plays.toLocaleString('en')} plays), ${RECEIPTS.toLocaleString('en')} receipts each credited to half of them, + ${BACKGROUND} campaigns × ${DAYS} rollup days`,
    value: `${(seedMs / 1000).toFixed(1)} s`,
  });
  const [rebuildMs] = await timed(async () => {
    for (const id of ids) await rebuildCampaignStats(db, locationId, { campaignId: id });
  });
  measured.push({
    engine,
    benchmark: `rollup: full rebuild of the ${MEASURED} campaigns (a year each)`,
    value: ms(rebuildMs),
  });
  const refresh = await sample(5, () => refreshRecentDays(db), 1);
  measured.push({
    engine,
    benchmark: `rollup: the minute job (yesterday and today of ${MEASURED + BACKGROUND} live campaigns)`,
    value: `median ${ms(refresh.sort((a, b) => a - b)[2]!)}`,
  });
  const [days] = await rowsOf<{ n: string }>(
    db,
    sql`select count(*) as n from campaign_daily_stats where location_id = ${locationId}`,
  );
  measured.push({
    engine,
    benchmark: 'rollup rows in the bench mall',
    value: Number(days!.n).toLocaleString('en'),
  });
  return ids;
};

/** The measured campaigns of an earlier run, when `calls` asks to time the calls again on them. */
const measuredCampaigns = async (db: Parameters<typeof rebuildCampaignStats>[0], locationId: string) =>
  (
    await rowsOf<{ _id: string }>(
      db,
      sql`select _id from campaigns where location_id = ${locationId}
            and campaign_name = any(${sql.param(Array.from({ length: MEASURED }, (_, index) => `${PREFIX} ${index + 1}`))}::varchar[])
          order by campaign_name`,
    )
  ).map((row) => row._id);

export const campaignDashboardAtAMillion = (options: readonly string[]): Promise<Figure[]> =>
  onEachMillionMall(options, 'campaign dashboard', async ({ engine, target, locationId }) => {
    const limit = engine === 'pglite' ? TARGET_MS * PGLITE_SLOWER : TARGET_MS;
    const measured: Figure[] = [];
    const handle = await openTarget(target);
    let ids: string[];
    try {
      const kept = options.includes('calls') ? await measuredCampaigns(handle.db, locationId) : [];
      if (kept.length === MEASURED) {
        log(`${engine}: the previous run's campaigns and rollup, kept ('calls')`);
        ids = kept;
      } else ids = await seedAndRollUp(engine, handle.db, locationId, measured);
    } finally {
      await handle.close();
    }
    await withServer(target, async (server) => {
      const call = (route: string, body: object) => () => callOk(server, 'POST', route, { body });
      const cpu = await cpuMeter(target, server.child.pid!);
      measured.push(loadFigure(engine, 'before the dashboard calls'));
      // Every call a set of campaigns and a period not asked before (the server keeps nothing
      // between calls, so each is a first call): the totals over the set count each customer and
      // receipt once, from the membership rollup.
      const bodies = freshCalls(ids);
      const report = (body: object) => call('/reports/campaign-dashboard-report', body);
      for (const body of bodies.splice(0, 3)) await report(body)();
      const byPeriod = new Map<string, number[]>();
      const samples: number[] = [];
      const before = await cpu.read();
      for (const body of bodies.slice(0, FIRST_CALLS)) {
        const [took] = await timed(report(body));
        samples.push(took);
        const period = (body as { interval: string }).interval;
        byPeriod.set(period, [...(byPeriod.get(period) ?? []), took]);
      }
      const spent = await cpu.since(before);
      measured.push({
        engine,
        benchmark: `POST /reports/campaign-dashboard-report, first calls: each a set of 2–${MEASURED} of the ${MEASURED} campaigns and a period not asked before (totals count each customer and receipt once)`,
        value: latencyFigure(samples, limit),
      });
      for (const [period, times] of byPeriod)
        measured.push({
          engine,
          benchmark: `  of which ${period}`,
          value: `p50 ${ms(percentile(times, 50))}, max ${ms(Math.max(...times))} (${times.length} calls)`,
        });
      measured.push({
        engine,
        benchmark: 'CPU time per first call (the server process, and on PostgreSQL its backends)',
        value: `${ms(spent.server / samples.length)} server + ${ms(spent.database / samples.length)} database`,
      });
      measured.push(loadFigure(engine, 'after the dashboard calls'));
      measured.push({
        engine,
        benchmark: `POST /reports/campaigns-excel-report (${MEASURED} campaigns, last year)`,
        value: latencyFigure(
          await sample(
            20,
            call('/reports/campaigns-excel-report', { campaignId: ids, interval: 'last_year' }),
            2,
          ),
          1000,
        ),
      });
    });
    return measured;
  });
