import {
  DASHBOARD_LIMITS,
  type DashboardFigure,
  type Language,
  type ListResponse,
  type MallDashboard,
  type MonthlyReport,
  type MonthlyReportCampaignRow,
  type MonthlyReportData,
  type MonthlyReportDetail,
  type MonthlyReportSortKey,
  type MonthlyReportStoreRow,
  monthlyReportMonthNames,
  monthlyReportPrettyDate,
} from '@avlu/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../platform/db/database';
import { type ListRequest, listPage, listSource } from '../../platform/db/list';
import { AppError } from '../../platform/errors';
import { newId } from '../../platform/ids';
import { campaigns } from '../campaigns/campaigns.tables';
import { dateIn, type Mall } from '../customers/mall-date';
import { mallDashboard, sumDays } from '../dashboard/dashboard.service';
import { locations } from '../locations/locations.tables';
import { stores } from '../stores/stores.tables';
import { monthlyReports } from './monthly-reports.tables';

/**
 * Monthly reports (issue 18 #3): each mall's month saved once, on the first day of the next month of
 * its clock, by the `monthly-reports.save` job (monthly-reports.job.ts), which also saves every month a
 * stopped server missed. What a report holds is read from the dashboard's rollups: `mallDashboard` for
 * the month's days, the month before's values as each figure's `previous`, and `sumDays` for the
 * per-campaign and per-store tables (every one with receipts, not only the dashboard's top ten).
 */

/** How far back a mall's first report may go: the dashboard's longest range (ten years). */
const MAX_MONTHS_BACK = Math.floor(DASHBOARD_LIMITS.rangeDays / 31);

/** yyyy-mm-01 of the month `delta` months from the month of `day`. */
export const shiftMonth = (day: string, delta: number) => {
  const index = Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1 + delta;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}-01`;
};
/** The last day (yyyy-mm-dd) of the month starting on `month`. */
export const lastDayOf = (month: string) => {
  const next = shiftMonth(month, 1);
  const date = new Date(`${next}T00:00:00Z`);
  date.setUTCDate(0);
  return date.toISOString().slice(0, 10);
};

const money = (value: number) => Math.round(value * 100) / 100;

type Receipts = Map<string, { receipts: number; amount: number }>;
/** Approved receipts per store and per campaign over a month, from the rollups (`store:<id>`, `campaign:<id>`). */
const receiptsOf = async (db: Database, locationId: string, month: string) => {
  const rows = await sumDays(db, locationId, { from: month, to: lastDayOf(month) });
  const storesOf: Receipts = new Map();
  const campaignsOf: Receipts = new Map();
  for (const row of rows) {
    const [kind, id] = row.stat_key.split(':');
    const into = kind === 'store' ? storesOf : kind === 'campaign' ? campaignsOf : null;
    if (!into || !id) continue;
    const entry = into.get(id) ?? { receipts: 0, amount: 0 };
    entry.receipts += row.stat_count;
    entry.amount += row.stat_amount;
    into.set(id, entry);
  }
  return { stores: storesOf, campaigns: campaignsOf };
};

const isFigure = (value: unknown): value is DashboardFigure =>
  typeof value === 'object' &&
  value !== null &&
  'value' in value &&
  'previous' in value &&
  typeof (value as DashboardFigure).value === 'number';

/** The month's figures with each `previous` replaced by the same figure's value in `before` (the month before). */
const withPrevious = (current: unknown, before: unknown): unknown => {
  if (isFigure(current)) return { ...current, previous: isFigure(before) ? before.value : 0 };
  if (Array.isArray(current))
    return current.map((item, index) =>
      withPrevious(item, Array.isArray(before) ? before[index] : undefined),
    );
  if (typeof current === 'object' && current !== null) {
    const other = (typeof before === 'object' && before !== null ? before : {}) as Record<string, unknown>;
    return Object.fromEntries(
      Object.entries(current).map(([key, value]) => [key, withPrevious(value, other[key])]),
    );
  }
  return current;
};

const byAmount =
  <Row extends { receipt_amount: number; receipts: number }>(name: (row: Row) => string) =>
  (a: Row, b: Row) =>
    b.receipt_amount - a.receipt_amount || b.receipts - a.receipts || name(a).localeCompare(name(b), 'tr');

/** What the report of `month` (yyyy-mm-01) holds, read now. */
export const monthlyReportDataOf = async (
  db: Database,
  mall: Mall,
  month: string,
): Promise<MonthlyReportData> => {
  const previousMonth = shiftMonth(month, -1);
  const days = (first: string) => ({
    interval: 'date_range' as const,
    startDate: first,
    endDate: lastDayOf(first),
  });
  const [current, before, receipts, previousReceipts] = await Promise.all([
    mallDashboard(db, mall, days(month)),
    mallDashboard(db, mall, days(previousMonth)),
    receiptsOf(db, mall._id, month),
    receiptsOf(db, mall._id, previousMonth),
  ]);
  const previousOf = (map: Receipts, id: string) => map.get(id) ?? { receipts: 0, amount: 0 };
  const figures = {
    ...(withPrevious(current, before) as MallDashboard),
    dashboard_previous_from: previousMonth,
    dashboard_previous_to: lastDayOf(previousMonth),
    dashboard_top_campaigns: current.dashboard_top_campaigns.map((row) => ({
      ...row,
      previous_receipts: previousOf(previousReceipts.campaigns, row.campaign_id).receipts,
      previous_receipt_amount: money(previousOf(previousReceipts.campaigns, row.campaign_id).amount),
    })),
    dashboard_top_stores: current.dashboard_top_stores.map((row) => ({
      ...row,
      previous_receipts: previousOf(previousReceipts.stores, row.store_id).receipts,
      previous_receipt_amount: money(previousOf(previousReceipts.stores, row.store_id).amount),
    })),
  };

  const storeIds = [...receipts.stores.keys()].filter((id) => receipts.stores.get(id)!.receipts !== 0);
  const campaignIds = [...receipts.campaigns.keys()].filter(
    (id) => receipts.campaigns.get(id)!.receipts !== 0,
  );
  const [storeNames, campaignNames] = await Promise.all([
    storeIds.length === 0
      ? []
      : db
          .select({ _id: stores._id, store_name: stores.store_name })
          .from(stores)
          .where(and(eq(stores.location_id, mall._id), inArray(stores._id, storeIds))),
    campaignIds.length === 0
      ? []
      : db
          .select({
            _id: campaigns._id,
            campaign_name: campaigns.campaign_name,
            campaign_name_en: campaigns.campaign_name_en,
          })
          .from(campaigns)
          .where(and(eq(campaigns.location_id, mall._id), inArray(campaigns._id, campaignIds))),
  ]);
  const storeName = new Map(storeNames.map((row) => [row._id, row.store_name]));
  const campaignName = new Map(campaignNames.map((row) => [row._id, row]));
  const storeRows: MonthlyReportStoreRow[] = storeIds
    .map((id) => ({
      store_id: id,
      store_name: storeName.get(id) ?? '',
      receipts: receipts.stores.get(id)!.receipts,
      receipt_amount: money(receipts.stores.get(id)!.amount),
      previous_receipts: previousOf(previousReceipts.stores, id).receipts,
      previous_receipt_amount: money(previousOf(previousReceipts.stores, id).amount),
    }))
    .sort(byAmount((row) => row.store_name));
  const campaignRows: MonthlyReportCampaignRow[] = campaignIds
    .map((id) => ({
      campaign_id: id,
      campaign_name: campaignName.get(id)?.campaign_name ?? '',
      campaign_name_en: campaignName.get(id)?.campaign_name_en ?? '',
      receipts: receipts.campaigns.get(id)!.receipts,
      receipt_amount: money(receipts.campaigns.get(id)!.amount),
      previous_receipts: previousOf(previousReceipts.campaigns, id).receipts,
      previous_receipt_amount: money(previousOf(previousReceipts.campaigns, id).amount),
    }))
    .sort(byAmount((row) => row.campaign_name));
  return { figures, campaigns: campaignRows, stores: storeRows };
};

/** Saves the report of `month` unless the mall has it; true when this call saved it. */
export const saveMonthlyReport = async (db: Database, mall: Mall, month: string): Promise<boolean> => {
  const data = await monthlyReportDataOf(db, mall, month);
  const saved = await db
    .insert(monthlyReports)
    .values({
      _id: newId(),
      location_id: mall._id,
      monthly_report_month: month,
      monthly_report_pretty_date: monthlyReportPrettyDate(month, 'tr'),
      monthly_report_data: data,
    })
    .onConflictDoNothing({ target: [monthlyReports.location_id, monthlyReports.monthly_report_month] })
    .returning({ _id: monthlyReports._id });
  return saved.length > 0;
};

/**
 * The months a mall should have reports of and has not, oldest first: from the month of its first data
 * in the dashboard's rollups (or its creation, when earlier) to the month before its today, at most ten
 * years back.
 */
export const missingMonths = async (db: Database, mall: Mall & { created_at: Date }, now = new Date()) => {
  const today = dateIn(mall.location_meta.timezone, now);
  const last = shiftMonth(today, -1);
  const [first] = rowsOf<{ first_day: string | null }>(
    await db.execute(sql`
      select least(
        (select min(stat_month) from dashboard_monthly where location_id = ${mall._id}),
        (select min(stat_day) from dashboard_daily where location_id = ${mall._id}),
        (select min(stat_day) from dashboard_deltas where location_id = ${mall._id})
      )::text as first_day`),
  );
  const created = dateIn(mall.location_meta.timezone, mall.created_at);
  let from = shiftMonth(first?.first_day && first.first_day < created ? first.first_day : created, 0);
  const earliest = shiftMonth(today, -MAX_MONTHS_BACK);
  if (from < earliest) from = earliest;
  if (from > last) return [];
  const saved = new Set(
    (
      await db
        .select({ month: monthlyReports.monthly_report_month })
        .from(monthlyReports)
        .where(
          and(
            eq(monthlyReports.location_id, mall._id),
            sql`${monthlyReports.monthly_report_month} >= ${from}`,
          ),
        )
    ).map((row) => row.month),
  );
  const months: string[] = [];
  for (let month = from; month <= last; month = shiftMonth(month, 1))
    if (!saved.has(month)) months.push(month);
  return months;
};

/**
 * The job's work: every mall (or one) gets the reports of the months it lacks, up to its last finished
 * month. Running it twice, or in two processes at once, saves each report once (the unique index).
 */
export const saveDueMonthlyReports = async (
  db: Database,
  options: { now?: Date; locationId?: string } = {},
): Promise<number> => {
  const malls = await db
    .select({ _id: locations._id, timezone: locations.timezone, created_at: locations.created_at })
    .from(locations)
    .where(options.locationId ? eq(locations._id, options.locationId) : undefined)
    .orderBy(locations._id);
  let saved = 0;
  for (const row of malls) {
    const mall = {
      _id: row._id,
      location_meta: { timezone: row.timezone },
      created_at: row.created_at,
    } as Mall & {
      created_at: Date;
    };
    for (const month of await missingMonths(db, mall, options.now))
      if (await saveMonthlyReport(db, mall, month)) saved++;
  }
  return saved;
};

/** The month in English ('October 2026'), so the list's keyword finds a report in either language. */
const englishPrettyDate = sql.raw(
  `((array[${monthlyReportMonthNames.en.map((name) => `'${name}'`).join(', ')}])[extract(month from monthly_report_month)::int] || ' ' || extract(year from monthly_report_month)::int)`,
);

const reportFields = {
  _id: monthlyReports._id,
  monthly_report_month: monthlyReports.monthly_report_month,
  created_at: monthlyReports.created_at,
};
export const monthlyReportList = listSource({
  table: monthlyReports,
  fields: reportFields,
  uniqueKey: monthlyReports._id,
  search: [monthlyReports.monthly_report_pretty_date, englishPrettyDate],
  sortable: {
    monthly_report_month: monthlyReports.monthly_report_month,
    createdAt: monthlyReports.created_at,
  } satisfies Record<MonthlyReportSortKey, unknown>,
  defaultSort: { orderBy: 'monthly_report_month', order: 'desc' },
});

const toReport = (
  row: { _id: string; monthly_report_month: string; created_at: Date },
  lang: Language,
): MonthlyReport => ({
  _id: row._id,
  monthly_report_month: row.monthly_report_month,
  monthly_report_pretty_date: monthlyReportPrettyDate(row.monthly_report_month, lang),
  createdAt: row.created_at.toISOString(),
});

/** `GET /reports/monthly-reports`: one page of the mall's reports, newest month first. */
export const listMonthlyReports = async (
  db: Database,
  locationId: string,
  query: ListRequest<MonthlyReportSortKey>,
  lang: Language,
): Promise<ListResponse<MonthlyReport>> => {
  const page = await listPage(db, monthlyReportList, query, eq(monthlyReports.location_id, locationId));
  return { ...page, data: page.data.map((row) => toReport(row, lang)) };
};

/** One report of the mall with its figures; 404 'report not found' for a missing one or another mall's. */
export const readMonthlyReport = async (
  db: Database,
  mall: { _id: string; location_name: string },
  id: string,
  lang: Language,
): Promise<MonthlyReportDetail> => {
  const [row] = await db
    .select({ ...reportFields, monthly_report_data: monthlyReports.monthly_report_data })
    .from(monthlyReports)
    .where(and(eq(monthlyReports._id, id), eq(monthlyReports.location_id, mall._id)));
  if (!row) throw new AppError('REPORT_NOT_FOUND', 404);
  return {
    ...toReport(row, lang),
    location_name: mall.location_name,
    monthly_report_data: row.monthly_report_data,
  };
};
