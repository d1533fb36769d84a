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
import { and, asc, desc, eq, inArray, max, type SQL, sql } from 'drizzle-orm';
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
 * The figures of several campaigns together cannot all come from summing the rollup: a customer or a
 * receipt two of them count would count twice. So the same statement keeps, beside each day's
 * figures, the day's members (`campaign_daily_members`: the ordinals of the campaign's new
 * participants and of its receipts, with their amounts), and the report unions the chosen campaigns'
 * members in bitsets (`distinctFigures`): exact, and without reading the source tables, whatever the
 * period or the campaigns chosen.
 */

/** The rollup's day range for a recomputation: both days included; `from` undefined is "since ever". */
export type RollupWindow = { from?: string; to: string };

type MallZone = { locationId: string; timezone: string };

const EARLIEST = '1900-01-01';

/** The bytes an unsigned value below 2^(8·w) takes, as a SQL expression: 1 to 4 for deltas. */
const widthOf = (largest: SQL) =>
  sql`case when ${largest} < 256 then 1 when ${largest} < 65536 then 2 when ${largest} < 16777216 then 3 else 4 end`;

/**
 * The packed members of each (campaign, day) of `rows` (campaign_id, day, ordinal and, with amounts,
 * kurus): the list of ordinals, sorted, as one byte giving the width w of its steps, the first
 * ordinal in 4 bytes, then each step to the next ordinal in w bytes (a day's members are near each
 * other, so steps take 1 or 2 bytes where whole ordinals take 4); and the amounts in the same order,
 * as one byte giving their width (1 to 5 bytes unsigned, which holds every amount of numeric(12, 2);
 * 8 bytes signed if any is negative) and each amount in kuruş. `readMembers` and `readAmounts` read
 * them back.
 */
const packedMembers = (rows: SQL, options: { amounts?: boolean } = {}) => sql`
      select campaign_id, day,
             substring(int4send(width) from 4) || int4send(min(ordinal))
               || coalesce(string_agg(substring(int4send(step) from 5 - width), ''::bytea order by ordinal)
                             filter (where step is not null), ''::bytea) as members
             ${
               options.amounts
                 ? sql`, substring(int4send(amount_width) from 4)
                         || string_agg(substring(int8send(kurus) from 9 - amount_width), ''::bytea order by ordinal)
                         as amounts`
                 : sql``
             }
        from (select stepped.*, ${widthOf(sql`coalesce(max(step) over day_rows, 0)`)} as width
                     ${
                       options.amounts
                         ? sql`, case when min(kurus) over day_rows < 0 then 8
                                    when max(kurus) over day_rows < 4294967296
                                      then ${widthOf(sql`max(kurus) over day_rows`)}
                                    else 5 end as amount_width`
                         : sql``
                     }
                from (select r.*, ordinal - lag(ordinal) over (partition by campaign_id, day order by ordinal) as step
                        from (${rows}) r) stepped
              window day_rows as (partition by campaign_id, day)) widths
       group by campaign_id, day, width${options.amounts ? sql`, amount_width` : sql``}`;

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
  const since = (column = sql`created_at`) =>
    window.from ? sql`${column} >= ${fromAt} - interval '1 day'` : sql`true`;
  const result = (await db.execute(sql`
    with participations as (
      select campaign_id, participation_day as day, count(*) as n
        from campaign_participations
       where campaign_id = any(${ids}) and participation_day between ${from}::date and ${window.to}::date
         and ${since()}
       group by 1, 2
    ),
    first_rows as (
      select f.campaign_id, f.customer_id, f.day
        from (select campaign_id, customer_id, min(participation_day) as day
                from campaign_participations
               where campaign_id = any(${ids}) and participation_day between ${from}::date and ${window.to}::date
                 and ${since()}
               group by 1, 2) f
       where not exists (select 1 from campaign_participations e
                          where e.customer_id = f.customer_id and e.campaign_id = f.campaign_id
                            and e.participation_day < f.day)
    ),
    firsts as (
      select campaign_id, day, count(*) as n from first_rows group by 1, 2
    ),
    first_members as (
      ${packedMembers(sql`select f.campaign_id, f.day, o.customer_ordinal as ordinal
                            from first_rows f
                            join campaign_customer_ordinals o on o.customer_id = f.customer_id`)}
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
    credit_rows as (
      select campaign_id, credit_day as day, receipt_id, credit_amount, credit_points
        from campaign_receipt_credits
       where campaign_id = any(${ids}) and credit_day between ${from}::date and ${window.to}::date
         and ${since()}
    ),
    credits as (
      select campaign_id, day, count(*) as n, sum(credit_amount) as amount, sum(credit_points) as points
        from credit_rows group by 1, 2
    ),
    credit_members as (
      ${packedMembers(
        sql`select c.campaign_id, c.day, o.receipt_ordinal as ordinal, (c.credit_amount * 100)::bigint as kurus
              from credit_rows c
              join campaign_receipt_ordinals o on o.receipt_id = c.receipt_id`,
        { amounts: true },
      )}
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
             coalesce(pl.n, 0)::int as plays, coalesce(pl.wins, 0)::int as wins,
             fm.members as new_members, cm.members as receipt_members, cm.amounts as receipt_amounts
        from keys k
        left join participations p on p.campaign_id = k.campaign_id and p.day = k.day
        left join firsts f on f.campaign_id = k.campaign_id and f.day = k.day
        left join given g on g.campaign_id = k.campaign_id and g.day = k.day
        left join used u on u.campaign_id = k.campaign_id and u.day = k.day
        left join credits c on c.campaign_id = k.campaign_id and c.day = k.day
        left join plays pl on pl.campaign_id = k.campaign_id and pl.day = k.day
        left join first_members fm on fm.campaign_id = k.campaign_id and fm.day = k.day
        left join credit_members cm on cm.campaign_id = k.campaign_id and cm.day = k.day
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
    ),
    members_removed as (
      delete from campaign_daily_members m
       where m.campaign_id = any(${ids}) and m.stat_day between ${from}::date and ${window.to}::date
         and not exists (select 1 from computed c
                          where c.campaign_id = m.campaign_id and c.day = m.stat_day
                            and (c.new_members is not null or c.receipt_members is not null))
      returning 1
    ),
    members_written as (
      insert into campaign_daily_members as m (
        location_id, campaign_id, stat_day, member_new_customers, member_receipts, member_receipt_amounts,
        updated_at)
      select ${locationId}, campaign_id, day, coalesce(new_members, ''::bytea),
             coalesce(receipt_members, ''::bytea), coalesce(receipt_amounts, ''::bytea), now()
        from computed
       where new_members is not null or receipt_members is not null
      on conflict (campaign_id, stat_day) do update set
        member_new_customers = excluded.member_new_customers,
        member_receipts = excluded.member_receipts,
        member_receipt_amounts = excluded.member_receipt_amounts,
        updated_at = excluded.updated_at
      where (m.member_new_customers, m.member_receipts, m.member_receipt_amounts)
            is distinct from
            (excluded.member_new_customers, excluded.member_receipts, excluded.member_receipt_amounts)
      returning 1
    )
    select (select count(*) from removed) + (select count(*) from written)
         + (select count(*) from members_removed) + (select count(*) from members_written) as changed`)) as unknown as {
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
type Distinct = Pick<DashboardCounts, 'participants' | 'receipts' | 'receipt_amount'>;
const distinctKeys = [
  'participants',
  'receipts',
  'receipt_amount',
] as const satisfies readonly (keyof Distinct)[];

/** A campaign's day as the report reads it: its figures and, with several campaigns, its members. */
type DayRow = DashboardCounts & {
  campaign_id: string;
  day: string;
  /** Base64 of the packed lists (`packedMembers`): bytea's hex would be twice the bytes, and slower to read. */
  customers?: string | null;
  receipt_list?: string | null;
  amounts?: string | null;
};

/** How many ordinals a packed list (`packedMembers`) holds. */
export const membersIn = (list: Uint8Array) => (list.length === 0 ? 0 : (list.length - 5) / list[0]! + 1);

/** The amount (in kuruş) at a place of a packed list of amounts (`packedMembers`). */
const amountAt = (amounts: Uint8Array, place: number) => {
  const width = amounts[0]!;
  const at = 1 + place * width;
  if (width === 8) {
    const high = (amounts[at]! << 24) | (amounts[at + 1]! << 16) | (amounts[at + 2]! << 8) | amounts[at + 3]!;
    const low =
      ((amounts[at + 4]! << 24) | (amounts[at + 5]! << 16) | (amounts[at + 6]! << 8) | amounts[at + 7]!) >>>
      0;
    return high * 0x1_0000_0000 + low;
  }
  let value = 0;
  for (let byte = 0; byte < width; byte++) value = value * 256 + amounts[at + byte]!;
  return value;
};

/**
 * A set of ordinals as bits, grown as larger ones come (1,000,000 ordinals take 125 KB). `addAll`
 * adds the ordinals of a packed list (`packedMembers`) and answers the places in it of those that
 * were not in the set yet, as a count and, when asked, through `each`.
 */
const ordinalSet = () => {
  let words = new Uint32Array(4096);
  const grow = (word: number) => {
    const grown = new Uint32Array(Math.max(word + 1, words.length * 2));
    grown.set(words);
    words = grown;
  };
  return (list: Uint8Array, each?: (place: number) => void) => {
    if (list.length === 0) return 0;
    const width = list[0]!;
    let ordinal = ((list[1]! << 24) | (list[2]! << 16) | (list[3]! << 8) | list[4]!) >>> 0;
    let added = 0;
    for (let at = 5, place = 0; ; place++) {
      const word = ordinal >>> 5;
      if (word >= words.length) grow(word);
      const bit = 1 << (ordinal & 31);
      if ((words[word]! & bit) === 0) {
        words[word]! |= bit;
        added++;
        each?.(place);
      }
      if (at >= list.length) return added;
      let step = list[at]!;
      for (let byte = 1; byte < width; byte++) step = step * 256 + list[at + byte]!;
      ordinal += step;
      at += width;
    }
  };
};

/**
 * The chosen campaigns' figures that can overlap, per day, with each customer and each receipt counted
 * once however many of the campaigns count it, from the members kept beside the figures
 * (`campaign_daily_members`, written with `campaign_daily_stats` by the same statement). Each is
 * counted on one day, so the days add up to the period's total:
 *
 * - new participants: customers on the day of their first participation in any of the chosen
 *   campaigns, when that falls in the period. That day is the earliest of their first days in each
 *   campaign, so the campaigns' lists of first participants are taken day by day from their first
 *   activity to the period's end, and a customer is counted on the day their ordinal is first met (a
 *   customer met before the period is not new to the campaigns in it);
 * - receipts and their amount: the receipts credited to any of the chosen campaigns, on their own day
 *   (the credit's day, the receipt's), each counted and its amount added once, on the first day it is
 *   met (a receipt's credits share its day).
 *
 * Points are what each campaign's multiplier added to a receipt (only a receipt's own receipt campaign
 * adds any), so their sum over the campaigns already counts nothing twice; participations, codes,
 * plays and wins belong to one campaign each. `rows` are the campaigns' days in order, those before
 * the period with new participants among them. The work is a pass over the lists in bitsets: it grows
 * with the campaigns' participants and the period's receipts, not with the mall's customers or the
 * source tables.
 */
const distinctFigures = (rows: readonly DayRow[], from: string): Map<string, Distinct> => {
  const addCustomers = ordinalSet();
  const addReceipts = ordinalSet();
  const bytes = (text: string | null | undefined) => Buffer.from(text ?? '', 'base64');
  const byDay = new Map<string, Distinct>();
  for (const row of rows) {
    const participants = addCustomers(bytes(row.customers));
    if (row.day < from) continue;
    const amounts = bytes(row.amounts);
    let kurus = 0;
    const receipts = addReceipts(bytes(row.receipt_list), (place) => {
      kurus += amountAt(amounts, place);
    });
    // In kuruş until every campaign's list of the day is read, so nothing is lost to rounding.
    const found = byDay.get(row.day);
    if (found) {
      found.participants += participants;
      found.receipts += receipts;
      found.receipt_amount += kurus;
    } else byDay.set(row.day, { participants, receipts, receipt_amount: kurus });
  }
  for (const figures of byDay.values()) figures.receipt_amount /= 100;
  return byDay;
};

/**
 * The chosen campaigns' days of the period from the rollup, in order of day; with `members`, with
 * their members, and the earlier days' lists of new participants too. One statement, so the figures
 * and the members tell of the same moment of the rollup even while the job writes it.
 */
const dayRows = async (
  db: Database,
  locationId: string,
  ids: readonly string[],
  from: string,
  to: string,
  members: boolean,
): Promise<DayRow[]> => {
  const inPeriod = sql`s.stat_day >= ${from}::date`;
  const result = (await db.execute(sql`
    select s.campaign_id, s.stat_day::text as day, s.stat_new_participants as participants,
           s.stat_participations as participations, s.stat_codes_given as codes_given,
           s.stat_codes_used as codes_used, s.stat_receipts as receipts,
           s.stat_receipt_amount as receipt_amount, s.stat_points as points, s.stat_plays as plays,
           s.stat_wins as wins
           ${
             members
               ? sql`, encode(m.member_new_customers, 'base64') as customers,
                     case when ${inPeriod} then encode(m.member_receipts, 'base64') end as receipt_list,
                     case when ${inPeriod} then encode(m.member_receipt_amounts, 'base64') end as amounts`
               : sql``
           }
      from campaign_daily_stats s
      ${
        members
          ? sql`left join campaign_daily_members m on m.campaign_id = s.campaign_id and m.stat_day = s.stat_day`
          : sql``
      }
     where s.campaign_id = any(${sql.param([...ids])}::varchar[]) and s.location_id = ${locationId}
       and s.stat_day <= ${to}::date
       and (${inPeriod}${members ? sql` or s.stat_new_participants > 0` : sql``})
     order by s.stat_day`)) as unknown as { rows: Record<keyof DayRow, string | number | null>[] };
  // Written out rather than looped over the keys: at a few thousand rows a call, it shows.
  return result.rows.map((row) => ({
    campaign_id: row.campaign_id as string,
    day: row.day as string,
    participants: Number(row.participants),
    participations: Number(row.participations),
    codes_given: Number(row.codes_given),
    codes_used: Number(row.codes_used),
    receipts: Number(row.receipts),
    receipt_amount: Number(row.receipt_amount),
    points: Number(row.points),
    plays: Number(row.plays),
    wins: Number(row.wins),
    customers: row.customers as string | null | undefined,
    receipt_list: row.receipt_list as string | null | undefined,
    amounts: row.amounts as string | null | undefined,
  }));
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
  const rows = await dayRows(db, mall._id, ids, from, to, ids.length > 1);
  const overlapping = ids.length > 1 ? distinctFigures(rows, from) : undefined;

  const dayCount = daysBetween(from, to) + 1;
  const days = Array.from({ length: dayCount }, (_, index) => addDays(from, index));
  const perCampaign = new Map(ids.map((id) => [id, days.map(zero)]));
  const summed = days.map(zero);
  for (const row of rows) {
    if (row.day < from) continue;
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
  if (overlapping) {
    // All chosen campaigns' figures that can overlap: each customer and receipt once.
    for (const [index, day] of days.entries()) {
      const found = overlapping.get(day);
      for (const key of distinctKeys) summed[index]![key] = found?.[key] ?? 0;
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
