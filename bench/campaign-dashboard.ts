import { sql } from 'drizzle-orm';
import {
  rebuildCampaignStats,
  refreshRecentDays,
} from '../apps/server/src/modules/campaigns/campaign-dashboard.service';
import { nameKey } from '../apps/server/src/platform/db/unique-names';
import { benchTargets, openTarget, prepareTarget } from './customers/databases';
import { attempt, latencyFigure, loadFigure, withServer } from './customers-1m';
import { type Figure, ms, sample, timed } from './lib/timing';
import { rowsOf } from './loyalty/generate';

/**
 * `npm run bench -- dashboard [postgres|pglite]` (issue 15 #5): the campaign dashboard on the
 * 1M-customer bench mall (customers-1m.ts). Five measured campaigns get a year of source rows
 * (participations, codes given and used, game plays from the mall's customers, and receipts each
 * credited to several of them), rolled up by the job's own code (timed); a hundred other campaigns get
 * a year of rollup rows each, so the table is not only ours. Then `POST /reports/campaign-dashboard-report`
 * for the five over the last year is called through the HTTP API of the real app in a child process
 * (its totals count each customer and receipt once, read from the source rows of the year), and the
 * excel report beside it.
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

const log = (line: string) => console.error(line);

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

export const campaignDashboardAtAMillion = async (options: readonly string[]): Promise<Figure[]> => {
  const figures: Figure[] = [];
  const add = (...measured: Figure[]) => {
    for (const figure of measured) log(`${figure.engine}: ${figure.benchmark}: ${figure.value}`);
    figures.push(...measured);
  };
  for (const { target, serverUrl } of benchTargets().filter(
    ({ target }) => options.length === 0 || options.includes(target.engine),
  )) {
    const engine = target.engine;
    const limit = engine === 'pglite' ? TARGET_MS * PGLITE_SLOWER : TARGET_MS;
    add(
      ...(await attempt(engine, 'campaign dashboard', async () => {
        const prepared = await prepareTarget(target, serverUrl, log);
        const measured: Figure[] = [
          { engine, benchmark: 'customers in the bench mall', value: `1,000,000 (${prepared.generation})` },
        ];
        const handle = await openTarget(target);
        let ids: string[];
        try {
          log(`${engine}: dashboard campaigns and a year of their source rows…`);
          const [seedMs, seeded] = await timed(() => seed(handle.db, prepared.locationId));
          ids = seeded;
          measured.push({
            engine,
            benchmark: `dashboard data: ${MEASURED} campaigns × (${PER_CAMPAIGN.participations.toLocaleString('en')} participations, ${PER_CAMPAIGN.codes.toLocaleString('en')} codes, ${PER_CAMPAIGN.plays.toLocaleString('en')} plays), ${RECEIPTS.toLocaleString('en')} receipts each credited to half of them, + ${BACKGROUND} campaigns × ${DAYS} rollup days`,
            value: `${(seedMs / 1000).toFixed(1)} s`,
          });
          const [rebuildMs] = await timed(async () => {
            for (const id of ids)
              await rebuildCampaignStats(handle.db, prepared.locationId, { campaignId: id });
          });
          measured.push({
            engine,
            benchmark: `rollup: full rebuild of the ${MEASURED} campaigns (a year each)`,
            value: ms(rebuildMs),
          });
          const refresh = await sample(5, () => refreshRecentDays(handle.db), 1);
          measured.push({
            engine,
            benchmark: `rollup: the minute job (yesterday and today of ${MEASURED + BACKGROUND} live campaigns)`,
            value: `median ${ms(refresh.sort((a, b) => a - b)[2]!)}`,
          });
          const [days] = await rowsOf<{ n: string }>(
            handle.db,
            sql`select count(*) as n from campaign_daily_stats where location_id = ${prepared.locationId}`,
          );
          measured.push({
            engine,
            benchmark: 'rollup rows in the bench mall',
            value: Number(days!.n).toLocaleString('en'),
          });
        } finally {
          await handle.close();
        }
        await withServer(target, async (server) => {
          const call =
            (route: string, body: () => object = () => ({ campaignId: ids, interval: 'last_year' })) =>
            async () => {
              const response = await fetch(
                `http://127.0.0.1:${server.ready.port}/api${route}?locationId=${server.ready.locationId}`,
                {
                  method: 'POST',
                  headers: {
                    authorization: `Bearer ${server.ready.token}`,
                    'accept-language': 'tr',
                    'content-type': 'application/json',
                  },
                  body: JSON.stringify(body()),
                },
              );
              if (response.status !== 200)
                throw new Error(`${route} answered ${response.status}: ${await response.text()}`);
              await response.arrayBuffer();
            };
          measured.push(loadFigure(engine, 'before the dashboard calls'));
          // First a year the server has not been asked for: each call a year ending a day earlier, so
          // the totals over the five (each customer and receipt once) are read from the source rows.
          let shift = 0;
          const yearEnding = () => {
            const end = new Date(Date.now() - ++shift * 86_400_000);
            const start = new Date(end.getTime() - 364 * 86_400_000);
            return {
              campaignId: ids,
              interval: 'date_range',
              startDate: start.toISOString().slice(0, 10),
              endDate: end.toISOString().slice(0, 10),
            };
          };
          measured.push({
            engine,
            benchmark: `POST /reports/campaign-dashboard-report (${MEASURED} campaigns, a year not asked before: totals from the source rows)`,
            value: latencyFigure(
              await sample(30, call('/reports/campaign-dashboard-report', yearEnding), 2),
              limit,
            ),
          });
          measured.push({
            engine,
            benchmark: `POST /reports/campaign-dashboard-report (${MEASURED} campaigns, last year, asked again: totals kept while the rollup stands)`,
            value: latencyFigure(await sample(200, call('/reports/campaign-dashboard-report')), limit),
          });
          measured.push({
            engine,
            benchmark: `POST /reports/campaigns-excel-report (${MEASURED} campaigns, last year)`,
            value: latencyFigure(await sample(20, call('/reports/campaigns-excel-report'), 2), 1000),
          });
        });
        return measured;
      })),
    );
  }
  return figures;
};
