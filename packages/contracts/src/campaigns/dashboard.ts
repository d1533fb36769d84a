import { z } from 'zod';
import { objectId } from '../common/ids';
import { isoDate } from '../common/text';
import type { Language } from '../i18n/languages';
import { campaignState, campaignType } from './campaign';

/**
 * The campaign dashboard (spec §2 `/campaigns/dashboard`, §7 `GET /reports/campaign-dashboard-campaign-list`,
 * `POST /reports/campaign-dashboard-report`, `POST /reports/campaigns-excel-report`; issue 15 #5).
 *
 * The figures come from the daily rollup (`campaign_daily_stats`), one row per campaign and day of the
 * mall (its time zone), kept current by a job every minute; so a figure is at most about a minute old.
 * A day's figures count what happened on it: participations (and the customers whose first
 * participation it was), codes given and codes used, receipts credited to the campaign with their
 * amount and the points its multiplier added, and game plays and wins.
 */

/** The periods offered (spec §7 "Time periods offered"), ending today in the mall's time zone. */
export const dashboardIntervals = [
  'all_time',
  'last_year',
  'last_30_days',
  'last_7_days',
  'date_range',
] as const;
export type DashboardInterval = (typeof dashboardIntervals)[number];

/** At most this many campaigns in one report, and days in a date range (ten years). */
export const DASHBOARD_LIMITS = { campaigns: 20, rangeDays: 3660 } as const;

/** A campaign to pick (`GET /reports/campaign-dashboard-campaign-list`): every campaign of the mall, archived too. */
export const dashboardCampaign = z.object({
  _id: objectId,
  campaign_name: z.string(),
  campaign_name_en: z.string(),
  campaign_type: campaignType,
  campaign_start_date: z.string(),
  campaign_end_date: z.string(),
  campaign_state: campaignState,
});
export type DashboardCampaign = z.infer<typeof dashboardCampaign>;
export const dashboardCampaignList = z.array(dashboardCampaign);

/**
 * The body of `POST /reports/campaign-dashboard-report` and `POST /reports/campaigns-excel-report`:
 * the campaigns (of the request's mall; another mall's is refused naming it) and the period; a date
 * range names its first and last day (yyyy-mm-dd, both included).
 */
export const dashboardReportBody = z
  .strictObject({
    campaignId: z.array(objectId).min(1, { message: 'validation.required' }).max(DASHBOARD_LIMITS.campaigns),
    interval: z.enum(dashboardIntervals),
    startDate: isoDate().optional(),
    endDate: isoDate().optional(),
  })
  .superRefine(
    (body, context) => {
      if (body === null || typeof body !== 'object' || body.interval !== 'date_range') return;
      const failed = new Set(context.issues.map((issue) => String(issue.path?.[0])));
      if (!body.startDate && !failed.has('startDate'))
        context.addIssue({ code: 'custom', path: ['startDate'], message: 'validation.required' });
      if (!body.endDate && !failed.has('endDate'))
        context.addIssue({ code: 'custom', path: ['endDate'], message: 'validation.required' });
      if (
        typeof body.startDate === 'string' &&
        typeof body.endDate === 'string' &&
        !failed.has('startDate') &&
        !failed.has('endDate')
      ) {
        if (body.endDate < body.startDate)
          context.addIssue({ code: 'custom', path: ['endDate'], message: 'validation.dateRangeReversed' });
        else if (daysBetween(body.startDate, body.endDate) >= DASHBOARD_LIMITS.rangeDays)
          context.addIssue({
            code: 'custom',
            path: ['endDate'],
            message: 'validation.dateRange',
            params: { min: body.startDate, max: addDays(body.startDate, DASHBOARD_LIMITS.rangeDays - 1) },
          });
      }
    },
    { when: () => true },
  );
export type DashboardReportBody = z.input<typeof dashboardReportBody>;

/** The figures of a campaign (or all chosen) over a day or a period. `conversion`: used / given, null without codes given. */
export const dashboardStats = z.object({
  participants: z.number().int(),
  participations: z.number().int(),
  codes_given: z.number().int(),
  codes_used: z.number().int(),
  conversion: z.number().nullable(),
  receipts: z.number().int(),
  receipt_amount: z.number(),
  points: z.number().int(),
  plays: z.number().int(),
  wins: z.number().int(),
});
export type DashboardStats = z.infer<typeof dashboardStats>;
export type DashboardCounts = Omit<DashboardStats, 'conversion'>;
export const dashboardCountKeys = [
  'participants',
  'participations',
  'codes_given',
  'codes_used',
  'receipts',
  'receipt_amount',
  'points',
  'plays',
  'wins',
] as const satisfies readonly (keyof DashboardCounts)[];

export const dashboardDay = dashboardStats.extend({ day: z.string() });
export type DashboardDay = z.infer<typeof dashboardDay>;

/**
 * The answer of `POST /reports/campaign-dashboard-report`: the period's first and last day, the
 * mall's time zone, each campaign's totals and days, and the same over all the chosen campaigns
 * (`totals`, `days`), where a customer or a receipt several of them count is counted once: new
 * participants are the customers whose first participation in any of them falls on the day, receipts
 * (their amount and points) each receipt credited to any of them; the other figures add up. `days`
 * holds every day of the period in order (a day without activity is all zeros); each total is the
 * sum of its days.
 */
export const dashboardReport = z.object({
  from: z.string(),
  to: z.string(),
  timezone: z.string(),
  totals: dashboardStats,
  days: z.array(dashboardDay),
  campaigns: z.array(
    dashboardCampaign.extend({
      totals: dashboardStats,
      days: z.array(dashboardDay),
    }),
  ),
});
export type DashboardReport = z.infer<typeof dashboardReport>;

/** Days from `from` to `to` (yyyy-mm-dd), 0 for the same day. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** `day` moved by `count` days (yyyy-mm-dd). */
export const addDays = (day: string, count: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + count * 86_400_000).toISOString().slice(0, 10);

/** Used / given, or null when no code was given. */
export const conversionOf = (given: number, used: number) => (given > 0 ? used / given : null);

export type DashboardExportLabel =
  | 'totalsSheet'
  | 'daysSheet'
  | 'campaign'
  | 'type'
  | 'day'
  | 'all'
  | keyof DashboardStats;

/** The excel report's words (sheets and headers), by the request's language. */
export const dashboardExportLabels: Record<Language, Record<DashboardExportLabel, string>> = {
  tr: {
    totalsSheet: 'Toplamlar',
    daysSheet: 'Günlük',
    campaign: 'Kampanya',
    type: 'Tür',
    day: 'Gün',
    all: 'Tüm seçili kampanyalar',
    participants: 'Yeni katılımcı',
    participations: 'Katılım',
    codes_given: 'Verilen kod',
    codes_used: 'Kullanılan kod',
    conversion: 'Dönüşüm (%)',
    receipts: 'Fiş',
    receipt_amount: 'Fiş tutarı (₺)',
    points: 'Kazanılan puan',
    plays: 'Oyun',
    wins: 'Kazanan',
  },
  en: {
    totalsSheet: 'Totals',
    daysSheet: 'Daily',
    campaign: 'Campaign',
    type: 'Type',
    day: 'Day',
    all: 'All chosen campaigns',
    participants: 'New participants',
    participations: 'Participations',
    codes_given: 'Codes given',
    codes_used: 'Codes used',
    conversion: 'Conversion (%)',
    receipts: 'Receipts',
    receipt_amount: 'Receipt amount (₺)',
    points: 'Points earned',
    plays: 'Plays',
    wins: 'Wins',
  },
};
