import {
  addDays,
  conversionOf,
  type DashboardCampaign,
  type DashboardCounts,
  type DashboardDay,
  type DashboardReport,
  type DashboardReportBody,
  type DashboardStats,
  dashboardCountKeys,
  daysBetween,
} from '@avlu/contracts';
import { and, asc, desc, eq, gte, inArray, lte, max, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { dateIn, type Mall, mallToday } from '../customers/mall-date';
import { locations } from '../locations/locations.tables';
import { campaigns } from './campaigns.tables';
import { campaignRowState } from './giving.service';
import { campaignDailyStats } from './mechanics.tables';

/**
 * The campaign dashboard (issue 15 #5): the daily rollup `campaign_daily_stats` and the report read
 * from it.
 *
 * **What a day counts** (days are the mall's calendar days, in its time zone):
 * - participations: `campaign_participations` rows of the day (`participation_day`); new participants:
 *   customers whose first participation in the campaign was that day (summable over days);
 * - codes given: codes of the campaign's pool by the day of `coupon_given_at`; codes used: by the day
 *   of `coupon_used_at` (a code given on Monday and used on Tuesday counts on each day once);
 * - receipts, their amount and the points the campaign's multiplier added: `campaign_receipt_credits`
 *   by `credit_day`, the receipt's own day (a receipt approved today for last Friday counts on Friday);
 * - plays and wins: `campaign_game_plays` by the day of `created_at`.
 *
 * **How it stays current**: the job (campaign-dashboard.job.ts) recomputes yesterday and today of
 * every mall's live campaigns every minute (`refreshRecentDays`), widened back to the oldest receipt
 * day credited meanwhile; at start-up it catches up from the mall's last rollup change
 * (`catchUpRollup`: everything for a mall without rows). So the report is at most about a minute
 * behind, and each campaign's figures read only the rollup: a few hundred rows by the primary key,
 * whatever the number of customers. A recomputation is a set of idempotent upserts (rows whose figures
 * did not change are not written) and removes rows of the window nothing counts toward any more.
 *
 * The figures of several campaigns together cannot all come from the rollup: a customer or a receipt
 * two of them count would count twice. Those are read from the source rows of the period
 * (`distinctFigures`), only when two of the chosen campaigns have such figures (`overlapsOf`), and
 * kept while the rollup stands (`keptDistinct`); their cost grows with the period's activity.
 */

/** The rollup's day range for a recomputation: both days included; `from` undefined is "since ever". */
export type RollupWindow = { from?: string; to: string };

type MallZone = { locationId: string; timezone: string };

const EARLIEST = '1900-01-01';

/**
 * Recomputes the rollup rows of `campaignIds` (of one mall) for the days of the window from the source
 * tables, in one statement: upserts each (campaign, day) with activity, removes rows of the window
 * without any. Running it twice leaves the same rows. Answers the rows written or removed.
 */
export const recomputeCampaignDays = async (
  db: Database,
  { locationId, timezone }: MallZone,
  campaignIds: readonly string[],
  window: RollupWindow,
): Promise<number> => {
  if (campaignIds.length === 0) return 0;
  const ids = sql`${sql.param([...campaignIds])}::varchar[]`;
  const from = window.from ?? EARLIEST;
  const fromAt = sql`((${from}::date)::timestamp at time zone ${timezone})`;
  const toAt = sql`((${window.to}::date + 1)::timestamp at time zone ${timezone})`;
  const dayOf = (column: SQL) => sql`(${column} at time zone ${timezone})::date`;
  const inWindow = (column: SQL) => sql`${column} >= ${fromAt} and ${column} < ${toAt}`;
  // Rows of a day are made on it or later (a participation on its day, a receipt's credit at its
  // approval): a lower bound on created_at lets the (campaign_id, created_at) indexes skip older rows.
  const since = window.from ? sql`created_at >= ${fromAt} - interval '1 day'` : sql`true`;
  const result = (await db.execute(sql`
    with participations as (
      select campaign_id, participation_day as day, count(*) as n
        from campaign_participations
       where campaign_id = any(${ids}) and participation_day between ${from}::date and ${window.to}::date
         and ${since}
       group by 1, 2
    ),
    firsts as (
      select f.campaign_id, f.day, count(*) as n
        from (select campaign_id, customer_id, min(participation_day) as day
                from campaign_participations
               where campaign_id = any(${ids}) and participation_day between ${from}::date and ${window.to}::date
                 and ${since}
               group by 1, 2) f
       where not exists (select 1 from campaign_participations e
                          where e.customer_id = f.customer_id and e.campaign_id = f.campaign_id
                            and e.participation_day < f.day)
       group by 1, 2
    ),
    given as (
      select campaign_id, ${dayOf(sql`coupon_given_at`)} as day, count(*) as n
        from coupon_codes
       where campaign_id = any(${ids}) and coupon_status <> 'ready' and ${inWindow(sql`coupon_given_at`)}
       group by 1, 2
    ),
    used as (
      select campaign_id, ${dayOf(sql`coupon_used_at`)} as day, count(*) as n
        from coupon_codes
       where campaign_id = any(${ids}) and coupon_status = 'used' and ${inWindow(sql`coupon_used_at`)}
       group by 1, 2
    ),
    credits as (
      select campaign_id, credit_day as day, count(*) as n, sum(credit_amount) as amount,
             sum(credit_points) as points
        from campaign_receipt_credits
       where campaign_id = any(${ids}) and credit_day between ${from}::date and ${window.to}::date
         and ${since}
       group by 1, 2
    ),
    plays as (
      select campaign_id, ${dayOf(sql`created_at`)} as day, count(*) as n,
             count(*) filter (where game_play_outcome = 'win') as wins
        from campaign_game_plays
       where campaign_id = any(${ids}) and ${inWindow(sql`created_at`)}
       group by 1, 2
    ),
    keys as (
      select campaign_id, day from participations
      union select campaign_id, day from given
      union select campaign_id, day from used
      union select campaign_id, day from credits
      union select campaign_id, day from plays
    ),
    computed as (
      select k.campaign_id, k.day,
             coalesce(p.n, 0)::int as participations, coalesce(f.n, 0)::int as new_participants,
             coalesce(g.n, 0)::int as codes_given, coalesce(u.n, 0)::int as codes_used,
             coalesce(c.n, 0)::int as receipts, coalesce(c.amount, 0)::numeric(16, 2) as amount,
             coalesce(c.points, 0)::bigint as points,
             coalesce(pl.n, 0)::int as plays, coalesce(pl.wins, 0)::int as wins
        from keys k
        left join participations p on p.campaign_id = k.campaign_id and p.day = k.day
        left join firsts f on f.campaign_id = k.campaign_id and f.day = k.day
        left join given g on g.campaign_id = k.campaign_id and g.day = k.day
        left join used u on u.campaign_id = k.campaign_id and u.day = k.day
        left join credits c on c.campaign_id = k.campaign_id and c.day = k.day
        left join plays pl on pl.campaign_id = k.campaign_id and pl.day = k.day
    ),
    removed as (
      delete from campaign_daily_stats s
       where s.campaign_id = any(${ids}) and s.stat_day between ${from}::date and ${window.to}::date
         and not exists (select 1 from computed c where c.campaign_id = s.campaign_id and c.day = s.stat_day)
      returning 1
    ),
    written as (
      insert into campaign_daily_stats as s (
        location_id, campaign_id, stat_day, stat_participations, stat_new_participants, stat_codes_given,
        stat_codes_used, stat_receipts, stat_receipt_amount, stat_points, stat_plays, stat_wins, updated_at)
      select ${locationId}, campaign_id, day, participations, new_participants, codes_given, codes_used,
             receipts, amount, points, plays, wins, now()
        from computed
      on conflict (campaign_id, stat_day) do update set
        stat_participations = excluded.stat_participations,
        stat_new_participants = excluded.stat_new_participants,
        stat_codes_given = excluded.stat_codes_given,
        stat_codes_used = excluded.stat_codes_used,
        stat_receipts = excluded.stat_receipts,
        stat_receipt_amount = excluded.stat_receipt_amount,
        stat_points = excluded.stat_points,
        stat_plays = excluded.stat_plays,
        stat_wins = excluded.stat_wins,
        updated_at = excluded.updated_at
      where (s.stat_participations, s.stat_new_participants, s.stat_codes_given, s.stat_codes_used,
             s.stat_receipts, s.stat_receipt_amount, s.stat_points, s.stat_plays, s.stat_wins)
            is distinct from
            (excluded.stat_participations, excluded.stat_new_participants, excluded.stat_codes_given,
             excluded.stat_codes_used, excluded.stat_receipts, excluded.stat_receipt_amount,
             excluded.stat_points, excluded.stat_plays, excluded.stat_wins)
      returning 1
    )
    select (select count(*) from removed) + (select count(*) from written) as changed`)) as unknown as {
    rows: { changed: number | string }[];
  };
  return Number(result.rows[0]?.changed ?? 0);
};

const mallsOf = async (db: Database, locationId?: string): Promise<MallZone[]> =>
  db
    .select({ locationId: locations._id, timezone: locations.timezone })
    .from(locations)
    .where(locationId ? eq(locations._id, locationId) : undefined);

const campaignIdsOf = async (db: Database, locationId: string, where?: SQL) =>
  (
    await db
      .select({ _id: campaigns._id })
      .from(campaigns)
      .where(and(eq(campaigns.location_id, locationId), where))
  ).map((row) => row._id);

/**
 * Every mall's live campaigns (not archived, or archived within the last two days), yesterday and today
 * of the mall, reaching back to the oldest receipt day credited since yesterday began (a receipt
 * approved late counts on its own day). The job's minute work.
 */
export const refreshRecentDays = async (db: Database, now = new Date()): Promise<number> => {
  let changed = 0;
  for (const mall of await mallsOf(db)) {
    const today = dateIn(mall.timezone, now);
    const yesterday = addDays(today, -1);
    const ids = await campaignIdsOf(
      db,
      mall.locationId,
      sql`(${campaigns.campaign_status} <> 'archived' or ${campaigns.campaign_archive_date} > ${new Date(now.getTime() - 2 * 86_400_000).toISOString()})`,
    );
    if (ids.length === 0) continue;
    const late = (await db.execute(sql`
      select min(credit_day)::text as day from campaign_receipt_credits
       where campaign_id = any(${sql.param(ids)}::varchar[])
         and created_at >= ((${yesterday}::date)::timestamp at time zone ${mall.timezone})
         and credit_day < ${yesterday}::date`)) as unknown as { rows: { day: string | null }[] };
    const from = late.rows[0]?.day ?? yesterday;
    changed += await recomputeCampaignDays(db, mall, ids, { from, to: today });
  }
  return changed;
};

/** Every day of the campaigns of a mall (or of one campaign), from their first activity to today. */
export const rebuildCampaignStats = async (
  db: Database,
  locationId: string,
  options: { campaignId?: string; now?: Date } = {},
): Promise<number> => {
  let changed = 0;
  for (const mall of await mallsOf(db, locationId)) {
    const ids = await campaignIdsOf(
      db,
      mall.locationId,
      options.campaignId ? eq(campaigns._id, options.campaignId) : undefined,
    );
    changed += await recomputeCampaignDays(db, mall, ids, { to: dateIn(mall.timezone, options.now) });
  }
  return changed;
};

/**
 * At start-up: the days a stopped server missed. Each mall is recomputed from the day before its last
 * rollup change (a rollup row changes whenever a day's figures do, so days after it had nothing new
 * the minute job saw; the days the server was down are among them), or entirely when it has no rows.
 */
export const catchUpRollup = async (db: Database, now = new Date()): Promise<number> => {
  let changed = 0;
  for (const mall of await mallsOf(db)) {
    const [last] = await db
      .select({ at: max(campaignDailyStats.updated_at) })
      .from(campaignDailyStats)
      .where(eq(campaignDailyStats.location_id, mall.locationId));
    const ids = await campaignIdsOf(db, mall.locationId);
    const to = dateIn(mall.timezone, now);
    changed += await recomputeCampaignDays(db, mall, ids, {
      from: last?.at ? addDays(dateIn(mall.timezone, last.at), -1) : undefined,
      to,
    });
  }
  return changed;
};

/* ------------------------------------------------------------------------------------------------ */
/* The report                                                                                        */
/* ------------------------------------------------------------------------------------------------ */

const campaignColumns = {
  _id: campaigns._id,
  campaign_name: campaigns.campaign_name,
  campaign_name_en: campaigns.campaign_name_en,
  campaign_type: campaigns.campaign_type,
  campaign_start_date: campaigns.campaign_start_date,
  campaign_end_date: campaigns.campaign_end_date,
  campaign_status: campaigns.campaign_status,
};
type CampaignPick = {
  [Key in keyof typeof campaignColumns]: (typeof campaignColumns)[Key]['_']['data'];
};

const toDashboardCampaign = (row: CampaignPick, now: Date): DashboardCampaign => ({
  _id: row._id,
  campaign_name: row.campaign_name,
  campaign_name_en: row.campaign_name_en,
  campaign_type: row.campaign_type,
  campaign_start_date: row.campaign_start_date.toISOString(),
  campaign_end_date: row.campaign_end_date.toISOString(),
  campaign_state: campaignRowState(row, now),
});

/** `GET /reports/campaign-dashboard-campaign-list`: every campaign of the mall, newest start first. */
export const listDashboardCampaigns = async (
  db: Database,
  locationId: string,
  now = new Date(),
): Promise<DashboardCampaign[]> =>
  (
    await db
      .select(campaignColumns)
      .from(campaigns)
      .where(eq(campaigns.location_id, locationId))
      .orderBy(desc(campaigns.campaign_start_date), asc(campaigns._id))
  ).map((row) => toDashboardCampaign(row, now));

const zero = (): DashboardCounts => ({
  participants: 0,
  participations: 0,
  codes_given: 0,
  codes_used: 0,
  receipts: 0,
  receipt_amount: 0,
  points: 0,
  plays: 0,
  wins: 0,
});

const add = (into: DashboardCounts, from: DashboardCounts) => {
  for (const key of dashboardCountKeys) into[key] += from[key];
};

/** Sums of money kept to the kuruş: adding many 2-decimal numbers in floating point drifts. */
const roundMoney = (value: number) => Math.round(value * 100) / 100;

const withConversion = (counts: DashboardCounts): DashboardStats => ({
  ...counts,
  receipt_amount: roundMoney(counts.receipt_amount),
  conversion: conversionOf(counts.codes_given, counts.codes_used),
});

/** The period's first and last day in the mall's time zone; all time starts at the campaigns' first day. */
const periodOf = (
  body: DashboardReportBody,
  today: string,
  firstDay: string,
): { from: string; to: string } => {
  switch (body.interval) {
    case 'last_7_days':
      return { from: addDays(today, -6), to: today };
    case 'last_30_days':
      return { from: addDays(today, -29), to: today };
    case 'last_year':
      return { from: addDays(today, -364), to: today };
    case 'date_range':
      return { from: body.startDate!, to: body.endDate! };
    case 'all_time':
      return { from: firstDay < today ? firstDay : today, to: today };
  }
};

/** The chosen campaigns of the mall, in the order asked; another mall's (or no) campaign is 404 naming it. */
const chosenCampaigns = async (db: Database, mall: Mall, ids: readonly string[]) => {
  const unique = [...new Set(ids)];
  const rows = await db
    .select(campaignColumns)
    .from(campaigns)
    .where(and(eq(campaigns.location_id, mall._id), inArray(campaigns._id, unique)));
  const byId = new Map(rows.map((row) => [row._id, row]));
  const missing = unique.filter((id) => !byId.has(id));
  if (missing.length > 0) throw new AppError('CAMPAIGN_NOT_FOUND', 404, { extra: { campaignId: missing } });
  return unique.map((id) => byId.get(id)!);
};

/** A day's figures that can overlap between campaigns, counted once over the chosen ones. */
type Distinct = Pick<DashboardCounts, 'participants' | 'receipts' | 'receipt_amount' | 'points'>;
const distinctKeys = {
  participants: ['participants'],
  receipts: ['receipts', 'receipt_amount', 'points'],
} as const satisfies Record<string, readonly (keyof Distinct)[]>;
/** Which overlapping figures need the source tables: those two or more of the chosen campaigns have. */
type Overlaps = Record<keyof typeof distinctKeys, boolean>;

/**
 * A customer can be counted by two campaigns only when two of them had participants by the period's
 * end, a receipt only when two credited receipts in the period (the rollup tells): otherwise the sum
 * over the campaigns is already right, and the source tables are not read for it.
 */
const overlapsOf = async (
  db: Database,
  ids: readonly string[],
  to: string,
  rollup: readonly (DashboardCounts & { campaign_id: string })[],
): Promise<Overlaps> => {
  const withReceipts = new Set(rollup.filter((row) => row.receipts > 0).map((row) => row.campaign_id));
  const [participated] = await db
    .select({ campaigns: sql<number>`count(distinct ${campaignDailyStats.campaign_id})`.mapWith(Number) })
    .from(campaignDailyStats)
    .where(
      and(
        inArray(campaignDailyStats.campaign_id, [...ids]),
        lte(campaignDailyStats.stat_day, to),
        sql`${campaignDailyStats.stat_participations} > 0`,
      ),
    );
  return { participants: (participated?.campaigns ?? 0) > 1, receipts: withReceipts.size > 1 };
};

/**
 * The chosen campaigns' figures that can overlap, per day, read from the source tables with each
 * customer and each receipt counted once however many of the campaigns count it (the rollup holds
 * per-campaign counts only, whose sum counts them once per campaign). Each is counted on one day, so
 * the days add up to the period's total:
 *
 * - new participants: customers on the day of their first participation in any of the chosen
 *   campaigns, when that falls in the period (the chosen campaigns taken as one: a customer new to two
 *   of them is one, and one who took part in one of them before the period is not new to them in it);
 * - receipts, their amount and points: the receipts credited to any of the chosen campaigns, on their
 *   own day (`credit_day`), the amount once per receipt; its points are what the campaigns'
 *   multipliers added to it (only a receipt's own receipt campaign adds any, so they are never counted
 *   twice).
 *
 * Participations, codes given and used, plays and wins belong to one campaign each: their sums over
 * the rollup stay. Both statements read the period's rows of the campaigns through the
 * `(campaign_id, created_at)` indexes (rows of a day are made on it or later: a participation on its
 * day, a credit at the receipt's approval; a day's leeway either side, as the rollup has), and whether
 * a customer took part before the period by `campaign_participations_customer` or one scan of the
 * campaigns' older rows, as the planner finds cheaper. Their cost grows with the period's activity,
 * not with the number of customers.
 */
const distinctFigures = async (
  db: Database,
  timezone: string,
  ids: readonly string[],
  from: string,
  to: string,
  which: Overlaps,
): Promise<Map<string, Partial<Distinct>>> => {
  const campaignIds = sql`${sql.param([...ids])}::varchar[]`;
  // A subquery, so the zone's conversion runs once per statement, not once per row scanned.
  const fromAt = sql`(select (${from}::date)::timestamp at time zone ${timezone})`;
  type Row = { day: string; n: number | string; amount?: number | string; points?: number | string };
  const none = Promise.resolve({ rows: [] as Row[] });
  const [participants, receipts] = await Promise.all([
    !which.participants
      ? none
      : (db.execute(sql`
      with firsts as (
        select p.customer_id, min(p.participation_day) as day
          from campaign_participations p
         where p.campaign_id = any(${campaignIds})
           and p.participation_day between ${from}::date and ${to}::date
           and p.created_at >= ${fromAt} - interval '1 day'
         group by 1
      )
      select f.day::text as day, count(*) as n
        from firsts f
       where not exists (select 1 from campaign_participations e
                          where e.customer_id = f.customer_id and e.campaign_id = any(${campaignIds})
                            and e.participation_day < ${from}::date
                            and e.created_at < ${fromAt} + interval '1 day')
       group by 1`) as unknown as Promise<{ rows: Row[] }>),
    !which.receipts
      ? none
      : (db.execute(sql`
      with each_receipt as (
        select min(c.credit_day) as day, max(c.credit_amount) as amount, sum(c.credit_points) as points
          from campaign_receipt_credits c
         where c.campaign_id = any(${campaignIds})
           and c.credit_day between ${from}::date and ${to}::date
           and c.created_at >= ${fromAt} - interval '1 day'
         group by c.receipt_id
      )
      select day::text as day, count(*) as n, sum(amount) as amount, sum(points) as points
        from each_receipt group by 1`) as unknown as Promise<{ rows: Row[] }>),
  ]);
  const byDay = new Map<string, Partial<Distinct>>();
  const entry = (day: string) => {
    let found = byDay.get(day);
    if (!found) {
      found = {};
      byDay.set(day, found);
    }
    return found;
  };
  for (const row of participants.rows) entry(row.day).participants = Number(row.n);
  for (const row of receipts.rows) {
    const into = entry(row.day);
    into.receipts = Number(row.n);
    into.receipt_amount = Number(row.amount ?? 0);
    into.points = Number(row.points ?? 0);
  }
  return byDay;
};

/** Figures of `distinctFigures` kept per database: the newest few asked, each with the rollup's state it was read at. */
const keptFigures = new WeakMap<Database, Map<string, Map<string, Partial<Distinct>>>>();
const KEPT_MAX = 50;

/**
 * `distinctFigures`, kept in memory while the chosen campaigns' rollup rows of the period stay as they
 * are. Whatever changes those figures changes a rollup row of the period too (a participation or a
 * credit of a day of the period is one of its campaign's figures of that day), so they are read again
 * once the minute job has written it: at most about a minute behind, as every figure of the report.
 * The dashboard asked again for the same campaigns and period (a refresh, the excel report after the
 * screen, a colleague's look) answers from the rollup alone.
 */
const keptDistinct = async (
  db: Database,
  timezone: string,
  ids: readonly string[],
  from: string,
  to: string,
  rollup: readonly (DashboardCounts & { updated_at: Date })[],
  which: Overlaps,
) => {
  let kept = keptFigures.get(db);
  if (!kept) {
    kept = new Map();
    keptFigures.set(db, kept);
  }
  let latest = 0;
  const sums = zero();
  for (const row of rollup) {
    latest = Math.max(latest, row.updated_at.getTime());
    add(sums, row);
  }
  const key = JSON.stringify([[...ids].sort(), timezone, from, to, which, rollup.length, latest, sums]);
  const found = kept.get(key);
  if (found) {
    // The newest asked goes last; the oldest are dropped first.
    kept.delete(key);
    kept.set(key, found);
    return found;
  }
  const figures = await distinctFigures(db, timezone, ids, from, to, which);
  kept.set(key, figures);
  for (const old of kept.keys()) {
    if (kept.size <= KEPT_MAX) break;
    kept.delete(old);
  }
  return figures;
};

/**
 * `POST /reports/campaign-dashboard-report`: each chosen campaign's figures over the period, per day
 * and in total, read from the rollup; and the same over all chosen campaigns, where a customer or a
 * receipt that several of them count is counted once (`distinctFigures`, from the source tables, kept
 * by `keptDistinct`; with one campaign chosen, its own figures). Every figure's total is the sum of
 * its days.
 */
export const campaignDashboardReport = async (
  db: Database,
  mall: Mall,
  body: DashboardReportBody,
  now = new Date(),
): Promise<DashboardReport> => {
  const timezone = mall.location_meta.timezone;
  const chosen = await chosenCampaigns(db, mall, body.campaignId);
  const ids = chosen.map((row) => row._id);
  const today = mallToday(mall, now);
  let firstDay = today;
  if (body.interval === 'all_time') {
    const [earliest] = await db
      .select({ day: sql<string | null>`min(${campaignDailyStats.stat_day})::text` })
      .from(campaignDailyStats)
      .where(inArray(campaignDailyStats.campaign_id, ids));
    for (const row of chosen) {
      const start = dateIn(timezone, row.campaign_start_date);
      if (start < firstDay) firstDay = start;
    }
    if (earliest?.day && earliest.day < firstDay) firstDay = earliest.day;
  }
  const { from, to } = periodOf(body, today, firstDay);
  const rows = await db
    .select({
      campaign_id: campaignDailyStats.campaign_id,
      day: campaignDailyStats.stat_day,
      participants: campaignDailyStats.stat_new_participants,
      participations: campaignDailyStats.stat_participations,
      codes_given: campaignDailyStats.stat_codes_given,
      codes_used: campaignDailyStats.stat_codes_used,
      receipts: campaignDailyStats.stat_receipts,
      receipt_amount: campaignDailyStats.stat_receipt_amount,
      points: campaignDailyStats.stat_points,
      plays: campaignDailyStats.stat_plays,
      wins: campaignDailyStats.stat_wins,
      updated_at: campaignDailyStats.updated_at,
    })
    .from(campaignDailyStats)
    .where(
      and(
        inArray(campaignDailyStats.campaign_id, ids),
        eq(campaignDailyStats.location_id, mall._id),
        gte(campaignDailyStats.stat_day, from),
        lte(campaignDailyStats.stat_day, to),
      ),
    );
  const which = ids.length > 1 ? await overlapsOf(db, ids, to, rows) : undefined;
  const overlapping =
    which && (which.participants || which.receipts)
      ? await keptDistinct(db, timezone, ids, from, to, rows, which)
      : undefined;

  const dayCount = daysBetween(from, to) + 1;
  const days = Array.from({ length: dayCount }, (_, index) => addDays(from, index));
  const perCampaign = new Map(ids.map((id) => [id, days.map(zero)]));
  const summed = days.map(zero);
  for (const row of rows) {
    const index = daysBetween(from, row.day);
    add(perCampaign.get(row.campaign_id)![index]!, row);
    add(summed[index]!, row);
  }
  const series = (counts: DashboardCounts[]): DashboardDay[] =>
    counts.map((count, index) => ({ day: days[index]!, ...withConversion(count) }));
  const total = (counts: DashboardCounts[]) => {
    const sum = zero();
    for (const count of counts) add(sum, count);
    return withConversion(sum);
  };
  if (which && overlapping) {
    // All chosen campaigns' figures that can overlap: each customer and receipt once.
    const keys = (Object.keys(distinctKeys) as (keyof Overlaps)[]).flatMap((part) =>
      which[part] ? distinctKeys[part] : [],
    );
    for (const [index, day] of days.entries()) {
      const found = overlapping.get(day);
      for (const key of keys) summed[index]![key] = found?.[key] ?? 0;
    }
  }
  return {
    from,
    to,
    timezone,
    totals: total(summed),
    days: series(summed),
    campaigns: chosen.map((row) => {
      const counts = perCampaign.get(row._id)!;
      return { ...toDashboardCampaign(row, now), totals: total(counts), days: series(counts) };
    }),
  };
};
