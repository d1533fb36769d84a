import {
  addDays,
  ageGroupOf,
  type DashboardFigure,
  dashboardAgeGroups,
  dashboardConsentChannels,
  dashboardGenders,
  daysBetween,
  MALL_DASHBOARD_TOP,
  type MallDashboard,
  type MallDashboardQuery,
} from '@avlu/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../platform/db/database';
import { campaigns } from '../campaigns/campaigns.tables';
import { type Mall, mallToday } from '../customers/mall-date';
import { stores } from '../stores/stores.tables';

/**
 * The mall dashboard (issue 18 #1-2): every figure read from the rollups of dashboard.tables.ts (kept
 * by the triggers and the fold of mall-dashboard.sql), never from the module tables, so an answer
 * costs the same at a million customers as at a hundred: a period reads whole months from
 * `dashboard_monthly`, the days at its edges from `dashboard_daily`, and the deltas not yet folded.
 */

/** The mall's currency: amounts of receipts in it are added (Turkey first; a mall has no other yet). */
export const MALL_CURRENCY = 'TRY';

/** Days, both included (yyyy-mm-dd). */
export type Days = { from: string; to: string };

/** All time: every day a row can carry. */
const EVERY_DAY: Days = { from: '0001-01-01', to: '8999-12-31' };

/** The first day of the month of `day`, and of the next month. */
const monthOf = (day: string) => `${day.slice(0, 7)}-01`;
const nextMonth = (day: string) => {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  return month === 12
    ? `${String(year + 1).padStart(4, '0')}-01-01`
    : `${day.slice(0, 5)}${String(month + 1).padStart(2, '0')}-01`;
};

/**
 * The period asked and the one before it (the same number of days just before; none for all time), for
 * the mall's today. The query has been validated (a date range names both days, in order).
 */
export const periodsOf = (
  query: MallDashboardQuery,
  today: string,
): { current: Days | null; previous: Days | null } => {
  const ending = (days: number): Days => ({ from: addDays(today, -(days - 1)), to: today });
  let current: Days;
  switch (query.interval ?? 'last_30_days') {
    case 'all_time':
      return { current: null, previous: null };
    case 'last_7_days':
      current = ending(7);
      break;
    case 'last_30_days':
      current = ending(30);
      break;
    case 'last_year':
      current = ending(365);
      break;
    default:
      current = { from: query.startDate!, to: query.endDate! };
  }
  const length = daysBetween(current.from, current.to) + 1;
  return { current, previous: { from: addDays(current.from, -length), to: addDays(current.from, -1) } };
};

type Row = { stat_key: string; stat_month: string | null; stat_count: number; stat_amount: number };

/** Rows of one rollup over [from, until) (days, or months for the monthly one), added or taken away. */
type Part = { table: 'monthly' | 'daily'; from: string; until: string; sign: 1 | -1 };

/**
 * Where the sums of some days are read: whole months from the monthly rows; a month the period covers
 * only in part from its daily rows, or, when it covers most of it, as the month's row less the daily
 * rows of the days it leaves out (a period ending today takes this month's row less the days still to
 * come, usually none). Each part is an index range.
 */
export const partsOf = (days: Days): Part[] => {
  const after = addDays(days.to, 1);
  const fullFrom = days.from.endsWith('-01') ? days.from : nextMonth(days.from);
  const fullEnd = after.endsWith('-01') ? after : monthOf(days.to);
  const parts: Part[] = [];
  if (fullFrom < fullEnd) parts.push({ table: 'monthly', from: fullFrom, until: fullEnd, sign: 1 });
  const edges =
    fullFrom > fullEnd
      ? [{ from: days.from, until: after }]
      : [
          { from: days.from, until: fullFrom },
          { from: fullEnd, until: after },
        ].filter((edge) => edge.from < edge.until);
  for (const edge of edges) {
    const month = monthOf(edge.from);
    const end = nextMonth(edge.from);
    const included = daysBetween(edge.from, edge.until);
    if (daysBetween(month, end) - included >= included) {
      parts.push({ table: 'daily', ...edge, sign: 1 });
      continue;
    }
    parts.push({ table: 'monthly', from: month, until: end, sign: 1 });
    if (month < edge.from) parts.push({ table: 'daily', from: month, until: edge.from, sign: -1 });
    if (edge.until < end) parts.push({ table: 'daily', from: edge.until, until: end, sign: -1 });
  }
  return parts;
};

/**
 * The rollups' sums per key over some days (customers' keys also per month, yyyy-mm): the parts of
 * `partsOf` and the deltas not yet folded, in one statement (one snapshot: a fold moving deltas into
 * the rollups is seen whole or not at all).
 */
export const sumDays = async (db: Database, locationId: string, days: Days): Promise<Row[]> => {
  const after = addDays(days.to, 1);
  const parts = partsOf(days).map((part) => {
    const sign = sql.raw(part.sign === 1 ? '' : '-');
    return part.table === 'monthly'
      ? sql`select stat_key, stat_month, ${sign}stat_count, ${sign}stat_amount from dashboard_monthly
             where location_id = ${locationId} and stat_month >= ${part.from}::date and stat_month < ${part.until}::date`
      : sql`select stat_key, stat_day, ${sign}stat_count, ${sign}stat_amount from dashboard_daily
             where location_id = ${locationId} and stat_day >= ${part.from}::date and stat_day < ${part.until}::date`;
  });
  const result = await db.execute(sql`
    select stat_key,
           case when stat_key like 'customers:%' then to_char(stat_month, 'YYYY-MM') end as stat_month,
           sum(stat_count)::float8 as stat_count, sum(stat_amount)::float8 as stat_amount
      from (
        select stat_key, stat_day as stat_month, stat_count, stat_amount from dashboard_deltas
         where location_id = ${locationId} and stat_day >= ${days.from}::date and stat_day < ${after}::date
        ${parts.length > 0 ? sql`union all ${sql.join(parts, sql` union all `)}` : sql``}
      ) s
     group by 1, 2`);
  return rowsOf<Row>(result).map((row) => ({
    ...row,
    stat_count: Number(row.stat_count),
    stat_amount: Number(row.stat_amount),
  }));
};

/** Sums per key (months added up), and the customers' counts per month. */
const totalsOf = (rows: Row[]) => {
  const counts = new Map<string, number>();
  const amounts = new Map<string, number>();
  const months = new Map<string, number>();
  for (const row of rows) {
    counts.set(row.stat_key, (counts.get(row.stat_key) ?? 0) + row.stat_count);
    amounts.set(row.stat_key, (amounts.get(row.stat_key) ?? 0) + row.stat_amount);
    if (row.stat_month !== null)
      months.set(row.stat_month, (months.get(row.stat_month) ?? 0) + row.stat_count);
  }
  return { counts, amounts, months };
};
type Totals = ReturnType<typeof totalsOf>;

const money = (value: number) => Math.round(value * 100) / 100;

/** The months (yyyy-mm) from `from` to `to`, both included. */
const monthsBetween = (from: string, to: string) => {
  const list: string[] = [];
  for (let month = `${from}-01`; month.slice(0, 7) <= to; month = nextMonth(month))
    list.push(month.slice(0, 7));
  return list;
};

/** The dashboard of a mall over the period asked (`GET /data/dashboard`). */
export const mallDashboard = async (
  db: Database,
  mall: Mall,
  query: MallDashboardQuery,
  now = new Date(),
): Promise<MallDashboard> => {
  const today = mallToday(mall, now);
  const { current, previous } = periodsOf(query, today);
  const [now_, before] = await Promise.all([
    sumDays(db, mall._id, current ?? EVERY_DAY).then(totalsOf),
    previous ? sumDays(db, mall._id, previous).then(totalsOf) : null,
  ]);
  const figure = (pick: (totals: Totals) => number): DashboardFigure => ({
    value: pick(now_),
    previous: before ? pick(before) : null,
  });
  const count = (key: string) => (totals: Totals) => totals.counts.get(key) ?? 0;
  const sumOf = (prefix: string, of: 'counts' | 'amounts') => (totals: Totals) => {
    let total = 0;
    for (const [key, value] of totals[of]) if (key.startsWith(prefix)) total += value;
    return of === 'amounts' ? money(total) : total;
  };
  const currentYear = Number(today.slice(0, 4));
  const byAgeGroup = (totals: Totals) => {
    const groups = new Map<string, number>();
    for (const [key, value] of totals.counts) {
      if (!key.startsWith('birth_year:')) continue;
      const year = key.slice('birth_year:'.length);
      const group = ageGroupOf(year === 'unknown' ? null : Number(year), currentYear);
      groups.set(group, (groups.get(group) ?? 0) + value);
    }
    return groups;
  };
  const ageNow = byAgeGroup(now_);
  const ageBefore = before ? byAgeGroup(before) : null;

  // Months and years of the period: all time runs from the first month anyone registered.
  const dataMonths = [...now_.months.entries()].filter(([, value]) => value !== 0).map(([month]) => month);
  const known = [...dataMonths, today.slice(0, 7)].sort();
  const firstMonth = current ? current.from.slice(0, 7) : known[0]!;
  const lastMonth = current ? current.to.slice(0, 7) : known.at(-1)!;
  const months = monthsBetween(firstMonth, lastMonth).map((month) => ({
    month,
    value: now_.months.get(month) ?? 0,
  }));
  const years: { year: number; value: number }[] = [];
  for (let year = Number(firstMonth.slice(0, 4)); year <= Number(lastMonth.slice(0, 4)); year++)
    years.push({
      year,
      value: months.filter((entry) => entry.month.startsWith(`${year}-`)).reduce((a, b) => a + b.value, 0),
    });

  const top = (prefix: 'store:' | 'campaign:') =>
    [...now_.counts.entries()]
      .filter(([key, value]) => key.startsWith(prefix) && value !== 0)
      .map(([key, receipts]) => ({
        id: key.slice(prefix.length),
        receipts,
        receipt_amount: money(now_.amounts.get(key) ?? 0),
        previous_receipts: before ? (before.counts.get(key) ?? 0) : null,
        previous_receipt_amount: before ? money(before.amounts.get(key) ?? 0) : null,
      }))
      .sort(
        (a, b) => b.receipt_amount - a.receipt_amount || b.receipts - a.receipts || (a.id < b.id ? -1 : 1),
      )
      .slice(0, MALL_DASHBOARD_TOP);
  const topStores = top('store:');
  const topCampaigns = top('campaign:');
  const [storeNames, campaignNames] = await Promise.all([
    topStores.length === 0
      ? []
      : db
          .select({ _id: stores._id, store_name: stores.store_name })
          .from(stores)
          .where(
            and(
              eq(stores.location_id, mall._id),
              inArray(
                stores._id,
                topStores.map((row) => row.id),
              ),
            ),
          ),
    topCampaigns.length === 0
      ? []
      : db
          .select({
            _id: campaigns._id,
            campaign_name: campaigns.campaign_name,
            campaign_name_en: campaigns.campaign_name_en,
          })
          .from(campaigns)
          .where(
            and(
              eq(campaigns.location_id, mall._id),
              inArray(
                campaigns._id,
                topCampaigns.map((row) => row.id),
              ),
            ),
          ),
  ]);
  const storeName = new Map(storeNames.map((row) => [row._id, row.store_name]));
  const campaignName = new Map(campaignNames.map((row) => [row._id, row]));

  return {
    dashboard_interval: query.interval ?? 'last_30_days',
    dashboard_from: current?.from ?? null,
    dashboard_to: current?.to ?? today,
    dashboard_previous_from: previous?.from ?? null,
    dashboard_previous_to: previous?.to ?? null,
    dashboard_timezone: mall.location_meta.timezone,
    location_currency: MALL_CURRENCY,
    dashboard_customers: figure(sumOf('customers:', 'counts')),
    dashboard_customers_by_gender: dashboardGenders.map((gender) => ({
      gender,
      ...figure(count(`customers:${gender}`)),
    })),
    dashboard_customers_by_age_group: dashboardAgeGroups.map((age_group) => ({
      age_group,
      value: ageNow.get(age_group) ?? 0,
      previous: ageBefore ? (ageBefore.get(age_group) ?? 0) : null,
    })),
    dashboard_customers_by_month: months,
    dashboard_customers_by_year: years,
    dashboard_consents: dashboardConsentChannels.map((channel) => ({
      channel,
      ...figure(count(`consent:${channel}`)),
    })),
    dashboard_receipts: figure(sumOf('store:', 'counts')),
    dashboard_receipt_amount: figure(sumOf('store:', 'amounts')),
    dashboard_top_campaigns: topCampaigns.map(({ id, ...row }) => ({
      campaign_id: id,
      campaign_name: campaignName.get(id)?.campaign_name ?? '',
      campaign_name_en: campaignName.get(id)?.campaign_name_en ?? '',
      ...row,
    })),
    dashboard_top_stores: topStores.map(({ id, ...row }) => ({
      store_id: id,
      store_name: storeName.get(id) ?? '',
      ...row,
    })),
    dashboard_points_earned: figure(count('points_earned')),
    dashboard_points_burned: figure(count('points_burned')),
    dashboard_gifts_given: figure(count('gifts')),
    dashboard_sms_sent: figure(count('sms_sent')),
    dashboard_email_sent: figure(count('email_sent')),
    dashboard_push_sent: figure(count('push_sent')),
    dashboard_reservations: figure(count('reservations')),
    dashboard_lendings: figure(count('lendings')),
  };
};

/** Folds the deltas into the rollups (the job); the number of mall, day and key rows folded. */
export const foldDashboardDeltas = async (db: Database): Promise<number> => {
  const [row] = rowsOf<{ folded: number }>(await db.execute(sql`select dashboard_fold() as folded`));
  return Number(row?.folded ?? 0);
};

/**
 * The deltas' dead rows removed after a fold: the table is written and emptied every minute, and a
 * read finds its rows by an index that would otherwise walk every row folded since the last vacuum.
 */
export const vacuumDashboardDeltas = async (db: Database) => {
  await db.execute(sql`vacuum dashboard_deltas`);
};

/** A mall counted again from its tables (the bench, after filling tables with the triggers off). */
export const rebuildDashboard = async (db: Database, locationId: string) => {
  await db.execute(sql`select dashboard_rebuild(${locationId})`);
};
