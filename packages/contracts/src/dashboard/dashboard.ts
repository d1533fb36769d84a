import { z } from 'zod';
import { addDays, DASHBOARD_LIMITS, dashboardIntervals, daysBetween } from '../campaigns/dashboard';
import { objectId } from '../common/ids';
import { isoDate } from '../common/text';
import type { Language } from '../i18n/languages';

/**
 * The mall dashboard (spec §2 `/app`, §3 "Dashboard data", §7 `GET /data/dashboard`; issue 18 #1-2):
 * the figures of the request's mall over a period, each total beside the previous period's value.
 *
 * Periods (`interval`, spec §7 "Time periods offered") end today in the mall's time zone: `last_7_days`
 * and `last_30_days` are the last 7 and 30 days with today, `last_year` the last 365 days with today,
 * `date_range` the days from `startDate` to `endDate` (yyyy-mm-dd, both included), and `all_time`
 * everything (no previous period). The previous period is the same number of days just before.
 *
 * What counts on a day (of the mall's time zone):
 * - customers: the live (not deleted) customers registered that day (`created_at`); by gender, by age
 *   group (the age they reach this year: the current year minus their birth year), per month and per
 *   year of registration; consents: how many of those customers hold each consent now;
 * - receipts: the approved receipts of that day (`receipt_date`), per store and per campaign they name;
 *   amounts add the receipts in the mall's currency (`location_currency`, TRY), others count as receipts only;
 * - points: earned (positive ledger entries) and burned (negative ones, as a positive number);
 * - gifts: gift redemptions made that day and not cancelled;
 * - SMS, email and push: notification messages sent that day;
 * - reservations made and lendings given that day.
 *
 * The figures come from rollups kept current by triggers on the module tables, so they are exact.
 */

/** The periods offered: the campaign dashboard's, the same five. */
export { dashboardIntervals as mallDashboardIntervals };

export const dashboardGenders = ['male', 'female', 'unknown'] as const;
export type DashboardGender = (typeof dashboardGenders)[number];

/** Age groups by the age reached this year (current year − birth year); `unknown`: no birth date. */
export const dashboardAgeGroups = [
  'under_18',
  '18_24',
  '25_34',
  '35_44',
  '45_54',
  '55_64',
  '65_plus',
  'unknown',
] as const;
export type DashboardAgeGroup = (typeof dashboardAgeGroups)[number];

/** The lowest age of each group (`unknown` has none), in order. */
export const dashboardAgeGroupMin: Record<Exclude<DashboardAgeGroup, 'unknown'>, number> = {
  under_18: 0,
  '18_24': 18,
  '25_34': 25,
  '35_44': 35,
  '45_54': 45,
  '55_64': 55,
  '65_plus': 65,
};

/** The age group of someone born in `birthYear` in `currentYear`. */
export const ageGroupOf = (birthYear: number | null | undefined, currentYear: number): DashboardAgeGroup => {
  if (birthYear === null || birthYear === undefined) return 'unknown';
  const age = currentYear - birthYear;
  let group: DashboardAgeGroup = 'under_18';
  for (const [name, min] of Object.entries(dashboardAgeGroupMin))
    if (age >= min) group = name as DashboardAgeGroup;
  return group;
};

export const dashboardConsentChannels = ['sms', 'email', 'call', 'kvkk'] as const;
export type DashboardConsentChannel = (typeof dashboardConsentChannels)[number];

/** How many top campaigns and top stores the answer lists. */
export const MALL_DASHBOARD_TOP = 10;

/**
 * The query of `GET /data/dashboard`: the period (`last_30_days` when not given); a date range names
 * its first and last day (yyyy-mm-dd, both included, at most ten years).
 */
export const mallDashboardQuery = z
  .strictObject({
    interval: z.enum(dashboardIntervals).default('last_30_days'),
    startDate: isoDate().optional(),
    endDate: isoDate().optional(),
  })
  .superRefine(
    (query, context) => {
      if (query === null || typeof query !== 'object' || query.interval !== 'date_range') return;
      const failed = new Set(context.issues.map((issue) => String(issue.path?.[0])));
      if (!query.startDate && !failed.has('startDate'))
        context.addIssue({ code: 'custom', path: ['startDate'], message: 'validation.required' });
      if (!query.endDate && !failed.has('endDate'))
        context.addIssue({ code: 'custom', path: ['endDate'], message: 'validation.required' });
      if (
        typeof query.startDate === 'string' &&
        typeof query.endDate === 'string' &&
        !failed.has('startDate') &&
        !failed.has('endDate')
      ) {
        if (query.endDate < query.startDate)
          context.addIssue({ code: 'custom', path: ['endDate'], message: 'validation.dateRangeReversed' });
        else if (daysBetween(query.startDate, query.endDate) >= DASHBOARD_LIMITS.rangeDays)
          context.addIssue({
            code: 'custom',
            path: ['endDate'],
            message: 'validation.dateRange',
            params: { min: query.startDate, max: addDays(query.startDate, DASHBOARD_LIMITS.rangeDays - 1) },
          });
      }
    },
    { when: () => true },
  );
export type MallDashboardQuery = z.input<typeof mallDashboardQuery>;

/** A total of the period and of the previous one (null for all time: no previous period). */
export const dashboardFigure = z.object({
  value: z.number(),
  previous: z.number().nullable(),
});
export type DashboardFigure = z.infer<typeof dashboardFigure>;

/** A row of a top list: receipts (approved) and their amount in the period, and in the previous one. */
const topRow = {
  receipts: z.number().int(),
  receipt_amount: z.number(),
  previous_receipts: z.number().int().nullable(),
  previous_receipt_amount: z.number().nullable(),
};

/** The answer of `GET /data/dashboard`. Lists hold every gender, age group and channel, zeros too. */
export const mallDashboard = z.object({
  dashboard_interval: z.enum(dashboardIntervals),
  /** The period's first day (null for all time) and last day (today for every period but a range), yyyy-mm-dd. */
  dashboard_from: z.string().nullable(),
  dashboard_to: z.string(),
  /** The previous period's first and last day (null for all time). */
  dashboard_previous_from: z.string().nullable(),
  dashboard_previous_to: z.string().nullable(),
  dashboard_timezone: z.string(),
  /** The mall's currency (ISO 4217) the amounts are in. */
  location_currency: z.string(),
  /** Customers registered in the period (live ones). */
  dashboard_customers: dashboardFigure,
  dashboard_customers_by_gender: z.array(dashboardFigure.extend({ gender: z.enum(dashboardGenders) })),
  dashboard_customers_by_age_group: z.array(
    dashboardFigure.extend({ age_group: z.enum(dashboardAgeGroups) }),
  ),
  /** New customers per month (yyyy-mm) and per year of the period, in order, months and years without any as zeros. */
  dashboard_customers_by_month: z.array(z.object({ month: z.string(), value: z.number().int() })),
  dashboard_customers_by_year: z.array(z.object({ year: z.number().int(), value: z.number().int() })),
  /** Of the customers registered in the period, how many hold each consent now. */
  dashboard_consents: z.array(dashboardFigure.extend({ channel: z.enum(dashboardConsentChannels) })),
  /** Approved receipts of the period and their amount. */
  dashboard_receipts: dashboardFigure,
  dashboard_receipt_amount: dashboardFigure,
  /** The campaigns and the stores with the highest receipt amount in the period, at most `MALL_DASHBOARD_TOP` each. */
  dashboard_top_campaigns: z.array(
    z.object({ campaign_id: objectId, campaign_name: z.string(), campaign_name_en: z.string(), ...topRow }),
  ),
  dashboard_top_stores: z.array(z.object({ store_id: objectId, store_name: z.string(), ...topRow })),
  dashboard_points_earned: dashboardFigure,
  dashboard_points_burned: dashboardFigure,
  dashboard_gifts_given: dashboardFigure,
  dashboard_sms_sent: dashboardFigure,
  dashboard_email_sent: dashboardFigure,
  dashboard_push_sent: dashboardFigure,
  dashboard_reservations: dashboardFigure,
  dashboard_lendings: dashboardFigure,
});
export type MallDashboard = z.infer<typeof mallDashboard>;

/** The words of the age groups, genders and consent channels, for the charts and their tables. */
export const mallDashboardLabels: Record<
  Language,
  {
    ageGroups: Record<DashboardAgeGroup, string>;
    genders: Record<DashboardGender, string>;
    channels: Record<DashboardConsentChannel, string>;
  }
> = {
  tr: {
    ageGroups: {
      under_18: '18 yaş altı',
      '18_24': '18-24',
      '25_34': '25-34',
      '35_44': '35-44',
      '45_54': '45-54',
      '55_64': '55-64',
      '65_plus': '65 ve üzeri',
      unknown: 'Bilinmiyor',
    },
    genders: { male: 'Erkek', female: 'Kadın', unknown: 'Belirtilmemiş' },
    channels: { sms: 'SMS', email: 'E-posta', call: 'Arama', kvkk: 'KVKK' },
  },
  en: {
    ageGroups: {
      under_18: 'Under 18',
      '18_24': '18-24',
      '25_34': '25-34',
      '35_44': '35-44',
      '45_54': '45-54',
      '55_64': '55-64',
      '65_plus': '65 and over',
      unknown: 'Unknown',
    },
    genders: { male: 'Male', female: 'Female', unknown: 'Not given' },
    channels: { sms: 'SMS', email: 'Email', call: 'Call', kvkk: 'KVKK' },
  },
};
