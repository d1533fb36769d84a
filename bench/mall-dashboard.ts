import { sql } from 'drizzle-orm';
import {
  foldDashboardDeltas,
  vacuumDashboardDeltas,
} from '../apps/server/src/modules/dashboard/dashboard.service';
import { nameKey } from '../apps/server/src/platform/db/unique-names';
import { openTarget } from './customers/databases';
import { callOk, latencyFigure, loadFigure, onEachMillionMall, withServer } from './customers-1m';
import { type Figure, ms, sample, timed } from './lib/timing';
import { readNote, rowsOf, writeNote } from './loyalty/generate';

/**
 * `npm run bench -- mall-dashboard [postgres|pglite]` (issue 18 #2): `GET /data/dashboard` on the
 * 1M-customer bench mall (customers-1m.ts). The mall gets 400 days of activity written through the
 * module tables with the dashboard's triggers on (timed: what the triggers cost a bulk insert):
 * receipts at 120 stores, some in 20 campaigns, points earned and burned, gift redemptions, SMS, email
 * and push messages sent, reservations and lendings. The million customers were written with the
 * triggers off (the generator's replica mode), so the mall is then counted from scratch
 * (`dashboard_rebuild`, timed), the deltas are folded, and a minute's worth of changes is left as
 * deltas, as the job leaves them. Then each period is asked through the HTTP API of the real app in
 * a child process, the date ranges each a range not asked before.
 * Target (PostgreSQL): p95 ≤ 300 ms; PGlite ≤ 900 ms.
 */
const TARGET_MS = 300;
const PGLITE_TARGET_MS = 900;
const DAYS = 400;
const STORES = 120;
const CAMPAIGNS = 20;
const RECEIPTS = 300_000;
const POINT_ENTRIES = 300_000;
const REDEMPTIONS = 20_000;
/** Messages of each channel (one notification each, so one message per customer). */
const MESSAGES = 100_000;
const RESERVATIONS = 20_000;
const LENDINGS = 10_000;
const CALLS = 30;
const PREFIX = 'Bench AVM panosu';
const NOTE = 'mall-dashboard-activity';

const log = (line: string) => console.error(line);

type Db = Awaited<ReturnType<typeof openTarget>>['db'];

/** A year and more of the mall's activity in its module tables, set-based, the triggers on. */
const seedActivity = async (db: Db, locationId: string) => {
  const ids = (rows: { _id: string }[]) => rows.map((row) => row._id);
  const campaignIds: string[] = [];
  for (let index = 0; index < CAMPAIGNS; index++) {
    const name = `${PREFIX} ${index + 1}`;
    const [row] = await rowsOf<{ _id: string }>(
      db,
      sql`insert into campaigns (_id, location_id, campaign_name, campaign_name_en, campaign_name_key,
            campaign_name_en_key, campaign_description, campaign_type, campaign_status, campaign_start_date,
            campaign_end_date, campaign_archive_date, campaign_participation)
          values (substr(md5(random()::text), 1, 24), ${locationId}, ${name}, ${`Bench mall dashboard ${index + 1}`},
            ${nameKey(name)}, ${nameKey(`Bench mall dashboard ${index + 1}`)}, 'Bench', 'coupon', 'published',
            now() - interval '420 days', now() + interval '30 days', now() + interval '60 days', 'unlimited')
          returning _id`,
    );
    campaignIds.push(row!._id);
  }
  const [category] = await rowsOf<{ _id: string }>(
    db,
    sql`insert into store_categories (_id, location_id, store_category_name, store_category_name_en,
          store_category_name_key, store_category_name_en_key)
        values (substr(md5(random()::text), 1, 24), ${locationId}, 'Bench Giyim', 'Bench Fashion',
          'bench giyim', 'bench fashion') returning _id`,
  );
  const storeIds = ids(
    await rowsOf<{ _id: string }>(
      db,
      sql`insert into stores (_id, location_id, store_name, store_name_key, store_category_id, store_floor)
          select substr(md5(random()::text || g), 1, 24), ${locationId}, 'Bench Mağaza ' || g, 'bench magaza ' || g,
                 ${category!._id}, 'Zemin Kat'
            from generate_series(1, ${STORES}) g returning _id`,
    ),
  );
  const [area] = await rowsOf<{ _id: string }>(
    db,
    sql`insert into reservation_areas (_id, location_id, reservation_area_name, reservation_area_name_key,
          reservation_area_type, reservation_start_date, reservation_end_date)
        values (substr(md5(random()::text), 1, 24), ${locationId}, 'Bench Oyun Alanı', 'bench oyun alani', 'other',
          current_date - 420, current_date + 30) returning _id`,
  );
  const itemIds = ids(
    await rowsOf<{ _id: string }>(
      db,
      sql`insert into lending_items (_id, location_id, item_no, item_no_key, item_name, item_image)
          select substr(md5(random()::text || g), 1, 24), ${locationId}, 'BP-' || g, 'BP-' || g, 'Bench puset ' || g,
                 '/api/files/bench.png'
            from generate_series(1, 50) g returning _id`,
    ),
  );
  const notificationIds: string[] = [];
  for (const kind of ['sms', 'email', 'push']) {
    const [row] = await rowsOf<{ _id: string }>(
      db,
      sql`insert into notifications (_id, location_id, notification_kind, notification_state)
          values (substr(md5(random()::text), 1, 24), ${locationId}, ${kind}, 'sent') returning _id`,
    );
    notificationIds.push(row!._id);
  }
  // The mall's customers numbered 1…n; each generated row draws its number (a hash join).
  const POOL = 200_000;
  const customers = sql`(select _id, row_number() over () as rn from (select _id from customers
                          where location_id = ${locationId} limit ${POOL}) s)`;
  const draw = sql`1 + floor(random() * ${POOL})::int as rn`;
  const at = sql`now() - random() * interval '${sql.raw(String(DAYS))} days' as at_`;
  const chunks = async (total: number, insert: (from: number, to: number) => Promise<unknown>) => {
    for (let from = 1; from <= total; from += 100_000) await insert(from, Math.min(total, from + 99_999));
  };
  await chunks(RECEIPTS, (from, to) =>
    db.execute(sql`
      insert into receipts (_id, location_id, customer_id, store_id, campaign_id, receipt_no, receipt_no_key,
                            receipt_amount, receipt_date, receipt_day, receipt_status, receipt_photo,
                            receipt_photo_type, receipt_photo_hash, receipt_source, created_at)
      select substr(md5(random()::text || g::text), 1, 24), ${locationId}, c._id,
             (${sql.param(storeIds)}::varchar[])[1 + floor(u * ${STORES})::int],
             case when v < 0.5 then (${sql.param(campaignIds)}::varchar[])[1 + floor(v * 2 * ${CAMPAIGNS})::int] end,
             'BENCH-AVM-' || g, 'BENCH-AVM-' || g, round((50 + random() * 950)::numeric, 2),
             at_, (at_ at time zone 'Europe/Istanbul')::date,
             case when w < 0.85 then 'approved' when w < 0.95 then 'rejected' else 'pending' end,
             md5(g::text) || '.jpg', 'jpg', md5(g::text) || md5(g::text), 'desk', at_
        from ${customers} c,
             (select g, ${at}, random() as u, random() as v, random() as w, ${draw}
                from generate_series(${from}::int, ${to}::int) g) t
       where c.rn = t.rn`),
  );
  await chunks(POINT_ENTRIES, (from, to) =>
    db.execute(sql`
      insert into point_entries (_id, location_id, customer_id, point_entry_kind, point_entry_amount,
                                 point_entry_balance_after, point_entry_cause, point_entry_actor,
                                 point_entry_idempotency_key, created_at)
      select substr(md5(random()::text || g::text), 1, 24), ${locationId}, c._id,
             case when u < 0.7 then 'earn' else 'burn' end,
             case when u < 0.7 then 1 + floor(random() * 100)::int else -(1 + floor(random() * 300)::int) end,
             0, 'adjustment', 'system', 'bench-avm:' || g, at_
        from ${customers} c,
             (select g, ${at}, random() as u, ${draw} from generate_series(${from}::int, ${to}::int) g) t
       where c.rn = t.rn`),
  );
  await db.execute(sql`
    insert into loyalty_redemptions (_id, location_id, customer_id, loyalty_customer_gift_title,
      loyalty_customer_points, loyalty_customer_gift_send_type, loyalty_customer_status, loyalty_customer_source,
      created_at)
    select substr(md5(random()::text || g::text), 1, 24), ${locationId}, c._id, 'Kahve (bench)', 50, 'by_hand',
           case when u < 0.05 then 'cancelled' else 'new' end, 'desk', at_
      from ${customers} c,
           (select g, ${at}, random() as u, ${draw} from generate_series(1, ${REDEMPTIONS}) g) t
     where c.rn = t.rn`);
  for (const notificationId of notificationIds)
    await db.execute(sql`
      insert into notification_messages (_id, location_id, notification_id, customer_id, message_state,
        message_is_commercial, message_sent_at, created_at)
      select substr(md5(random()::text || c._id), 1, 24), ${locationId}, ${notificationId}, c._id,
             case when random() < 0.9 then 'delivered' else 'failed' end, true, at_, at_
        from (select _id, ${at} from customers where location_id = ${locationId} limit ${MESSAGES}) c`);
  await db.execute(sql`
    insert into reservations (_id, location_id, reservation_area_id, customer_id, reservation_customer_name,
      reservation_customer_surname, reservation_customer_gender, reservation_customer_phone,
      reservation_total_person, reservation_request_date, reservation_request_hour, reservation_status,
      reservation_source, created_at)
    select substr(md5(random()::text || g::text), 1, 24), ${locationId}, ${area!._id}, c._id, 'Bench', 'Misafir',
           'unknown', '+905320000000', 2, (at_ at time zone 'Europe/Istanbul')::date, '10:00-11:00', 'accepted',
           'back-office', at_
      from ${customers} c,
           (select g, ${at}, ${draw} from generate_series(1, ${RESERVATIONS}) g) t
     where c.rn = t.rn`);
  await db.execute(sql`
    insert into lendings (_id, location_id, lending_item_id, customer_id, lending_status, lending_started_at,
      lending_ended_at, created_at)
    select substr(md5(random()::text || g::text), 1, 24), ${locationId},
           (${sql.param(itemIds)}::varchar[])[1 + (g % 50)], c._id, 'done', at_, at_ + interval '2 hours', at_
      from ${customers} c,
           (select g, ${at}, ${draw} from generate_series(1, ${LENDINGS}) g) t
     where c.rn = t.rn`);
};

/** 2,000 of the mall's customers from a random place in the million. */
const someCustomers = async (db: Db, locationId: string) =>
  (
    await rowsOf<{ _id: string }>(
      db,
      sql`select _id from customers where location_id = ${locationId}
           order by _id offset ${Math.floor(Math.random() * 900_000)} limit 2000`,
    )
  ).map((row) => row._id);

/** Their SMS consent switched, 20 a statement (each its own transaction, as the desk's edits are): ms per statement. */
const switchConsents = async (db: Db, ids: readonly string[]) => {
  const [took] = await timed(async () => {
    for (let batch = 0; batch < ids.length / 20; batch++)
      await db.execute(sql`update customers set customer_sms_permission = not customer_sms_permission
                            where _id = any(${sql.param(ids.slice(batch * 20, batch * 20 + 20))}::varchar[])`);
  });
  return took / (ids.length / 20);
};

/**
 * What the dashboard's trigger adds to a write: the same statements with it on and off (twice off, so
 * the customers end as they were; the rollups are counted from scratch after this anyway).
 */
const triggerCost = async (db: Db, locationId: string) => {
  const ids = await someCustomers(db, locationId);
  const on = await switchConsents(db, ids);
  await db.execute(sql`alter table customers disable trigger dashboard_customers_update`);
  try {
    const off = ((await switchConsents(db, ids)) + (await switchConsents(db, ids))) / 2;
    return { on, off };
  } finally {
    await db.execute(sql`alter table customers enable trigger dashboard_customers_update`);
  }
};

/** The periods asked: the four fixed ones, and date ranges (each asked once) ending up to 200 days ago. */
const queries = (period: string, index: number) => {
  if (period !== 'date_range') return `interval=${period}`;
  const end = new Date(Date.now() - ((index * 37) % 200) * 86_400_000);
  const start = new Date(end.getTime() - (10 + ((index * 53) % 170)) * 86_400_000);
  return `interval=date_range&startDate=${start.toISOString().slice(0, 10)}&endDate=${end.toISOString().slice(0, 10)}`;
};

export const mallDashboardAtAMillion = (options: readonly string[]): Promise<Figure[]> =>
  onEachMillionMall(options, 'mall dashboard', async ({ engine, target, locationId }) => {
    const limit = engine === 'pglite' ? PGLITE_TARGET_MS : TARGET_MS;
    const measured: Figure[] = [];
    const handle = await openTarget(target);
    try {
      const { db } = handle;
      const seeded = await readNote(db, NOTE);
      if (seeded) measured.push({ engine, benchmark: 'dashboard activity (an earlier run)', value: seeded });
      else {
        log(`${engine}: ${DAYS} days of the mall's activity, through the triggers…`);
        const [took] = await timed(() => seedActivity(db, locationId));
        const value = `${(took / 1000).toFixed(1)} s for ${RECEIPTS.toLocaleString('en')} receipts, ${POINT_ENTRIES.toLocaleString('en')} point entries, ${REDEMPTIONS.toLocaleString('en')} gifts, ${(3 * MESSAGES).toLocaleString('en')} messages, ${RESERVATIONS.toLocaleString('en')} reservations, ${LENDINGS.toLocaleString('en')} lendings (triggers on)`;
        await writeNote(db, NOTE, value);
        measured.push({ engine, benchmark: 'dashboard activity written', value });
      }
      const [foldMs, folded] = await timed(() => foldDashboardDeltas(db));
      await vacuumDashboardDeltas(db);
      measured.push({
        engine,
        benchmark: 'the fold of what was written since the last run (the job)',
        value: `${ms(foldMs)} (${folded.toLocaleString('en')} mall, day and key rows)`,
      });
      const cost = await triggerCost(db, locationId);
      measured.push({
        engine,
        benchmark: 'a consent switched on 20 customers, one statement: with the dashboard trigger / without',
        value: `${ms(cost.on)} / ${ms(cost.off)} (100 statements each way)`,
      });
      log(`${engine}: the mall counted from scratch…`);
      const [rebuild] = await timed(() => db.execute(sql`select dashboard_rebuild(${locationId})`));
      measured.push({
        engine,
        benchmark: 'dashboard_rebuild: the 1M-customer mall counted from its tables (a time zone change)',
        value: ms(rebuild),
      });
      // A minute's worth left as deltas, as the job leaves them: 100 statements' changes.
      await switchConsents(db, await someCustomers(db, locationId));
      const [rows] = await rowsOf<{ daily: number; monthly: number; deltas: number }>(
        db,
        sql`select (select count(*) from dashboard_daily where location_id = ${locationId})::int as daily,
                   (select count(*) from dashboard_monthly where location_id = ${locationId})::int as monthly,
                   (select count(*) from dashboard_deltas where location_id = ${locationId})::int as deltas`,
      );
      measured.push({
        engine,
        benchmark: 'rollup rows of the bench mall: daily / monthly / deltas not folded',
        value: `${rows!.daily.toLocaleString('en')} / ${rows!.monthly.toLocaleString('en')} / ${rows!.deltas.toLocaleString('en')}`,
      });
      for (const table of ['dashboard_daily', 'dashboard_monthly', 'dashboard_deltas'])
        await db.execute(sql.raw(`vacuum analyze ${table}`));
    } finally {
      await handle.close();
    }
    await withServer(target, async (server) => {
      measured.push(loadFigure(engine, 'before the dashboard calls'));
      const all: number[] = [];
      for (const period of ['all_time', 'last_year', 'last_30_days', 'last_7_days', 'date_range']) {
        let index = 0;
        const samples = await sample(
          CALLS,
          () => callOk(server, 'GET', '/data/dashboard', { query: queries(period, index++) }),
          3,
        );
        all.push(...samples);
        measured.push({
          engine,
          benchmark: `GET /data/dashboard ${period}`,
          value: latencyFigure(samples, limit),
        });
      }
      measured.push({
        engine,
        benchmark: 'GET /data/dashboard, every period',
        value: latencyFigure(all, limit),
      });
      measured.push(loadFigure(engine, 'after the dashboard calls'));
    });
    return measured;
  });
