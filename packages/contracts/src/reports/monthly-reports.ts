import { z } from 'zod';
import { objectId } from '../common/ids';
import { listSearchParams } from '../common/list-query';
import { mallDashboard } from '../dashboard/dashboard';
import type { Language } from '../i18n/languages';

/**
 * Monthly reports (spec §2 `/reports/monthly-reports`, §3 "Monthly report: monthly_report_pretty_date",
 * §7 `GET /reports/monthly-reports`, §8 'report not found', §9 "Monthly reports saved on the first day
 * of the next month"; issue 18 #3). On the first day of each month (the mall's time zone) a job saves
 * the previous month's report of every mall: the mall dashboard's figures for that month (each beside
 * the month before's value) and a table of every campaign and every store with approved receipts that
 * month. A report is saved once per mall and month; the list shows it by its pretty date ('Ekim 2026'),
 * and it downloads as xlsx and PDF (`…/{id}/xlsx`, `…/{id}/pdf`).
 */

/** Month names, for `monthly_report_pretty_date` ('Ekim 2026', 'October 2026'). */
export const monthlyReportMonthNames: Record<Language, readonly string[]> = {
  tr: [
    'Ocak',
    'Şubat',
    'Mart',
    'Nisan',
    'Mayıs',
    'Haziran',
    'Temmuz',
    'Ağustos',
    'Eylül',
    'Ekim',
    'Kasım',
    'Aralık',
  ],
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
};

/** The pretty date of a month (its first day or yyyy-mm) in a language: 'Ekim 2026' / 'October 2026'. */
export const monthlyReportPrettyDate = (month: string, lang: Language) =>
  `${monthlyReportMonthNames[lang][Number(month.slice(5, 7)) - 1] ?? ''} ${month.slice(0, 4)}`;

export const monthlyReportSortKeys = ['monthly_report_month', 'createdAt'] as const;
export type MonthlyReportSortKey = (typeof monthlyReportSortKeys)[number];

/** `GET /reports/monthly-reports`: one page of the mall's reports (limit, currentPage, order, orderBy); newest month first. */
export const monthlyReportListQuery = listSearchParams({ orderBy: z.enum(monthlyReportSortKeys) });

/** A report in the list. */
export const monthlyReport = z.object({
  _id: objectId,
  /** The month's first day (yyyy-mm-dd). */
  monthly_report_month: z.string(),
  /** The month as people read it, in the request's language ('Ekim 2026', 'October 2026'). */
  monthly_report_pretty_date: z.string(),
  createdAt: z.string(),
});
export type MonthlyReport = z.infer<typeof monthlyReport>;

/** A campaign's or store's approved receipts of the month and of the month before, amounts in the mall's currency. */
const receiptFigures = {
  receipts: z.number().int(),
  receipt_amount: z.number(),
  previous_receipts: z.number().int(),
  previous_receipt_amount: z.number(),
};
export const monthlyReportCampaignRow = z.object({
  campaign_id: objectId,
  campaign_name: z.string(),
  campaign_name_en: z.string(),
  ...receiptFigures,
});
export type MonthlyReportCampaignRow = z.infer<typeof monthlyReportCampaignRow>;
export const monthlyReportStoreRow = z.object({
  store_id: objectId,
  store_name: z.string(),
  ...receiptFigures,
});
export type MonthlyReportStoreRow = z.infer<typeof monthlyReportStoreRow>;

/**
 * What a report holds, as saved: the dashboard's answer for the month (a date range of its days), each
 * figure's `previous` the month before's value (`dashboard_previous_from`/`_to` its days), and every
 * campaign and store with approved receipts in the month (not only the top ten), highest amount first.
 */
export const monthlyReportData = z.object({
  figures: mallDashboard,
  campaigns: z.array(monthlyReportCampaignRow),
  stores: z.array(monthlyReportStoreRow),
});
export type MonthlyReportData = z.infer<typeof monthlyReportData>;

/** `GET /reports/monthly-reports/{id}`: the report with its figures and the mall's name. */
export const monthlyReportDetail = monthlyReport.extend({
  location_name: z.string(),
  monthly_report_data: monthlyReportData,
});
export type MonthlyReportDetail = z.infer<typeof monthlyReportDetail>;

/** The words of the downloads and of the report's view (figures, sheet and column names). */
export const monthlyReportLabels: Record<
  Language,
  {
    title: string;
    summary: string;
    campaigns: string;
    stores: string;
    figure: string;
    thisMonth: string;
    previousMonth: string;
    change: string;
    campaign: string;
    store: string;
    receipts: string;
    amount: string;
    previousReceipts: string;
    previousAmount: string;
    none: string;
    deleted: string;
    created: string;
    page: string;
    figures: Record<MonthlyReportFigure, string>;
  }
> = {
  tr: {
    title: 'Aylık Rapor',
    summary: 'Özet',
    campaigns: 'Kampanyalar',
    stores: 'Mağazalar',
    figure: 'Gösterge',
    thisMonth: 'Bu ay',
    previousMonth: 'Önceki ay',
    change: 'Değişim',
    campaign: 'Kampanya',
    store: 'Mağaza',
    receipts: 'Fiş',
    amount: 'Tutar',
    previousReceipts: 'Önceki ay fiş',
    previousAmount: 'Önceki ay tutar',
    none: 'Bu ay onaylı fiş yok.',
    deleted: '(silinmiş)',
    created: 'Oluşturulma',
    page: 'Sayfa',
    figures: {
      dashboard_customers: 'Yeni müşteriler',
      dashboard_receipts: 'Onaylı fişler',
      dashboard_receipt_amount: 'Fiş tutarı',
      dashboard_points_earned: 'Kazanılan puan',
      dashboard_points_burned: 'Harcanan puan',
      dashboard_gifts_given: 'Verilen hediyeler',
      dashboard_sms_sent: 'Gönderilen SMS',
      dashboard_email_sent: 'Gönderilen e-posta',
      dashboard_push_sent: 'Gönderilen bildirim',
      dashboard_reservations: 'Rezervasyonlar',
      dashboard_lendings: 'Ödünç verilenler',
    },
  },
  en: {
    title: 'Monthly Report',
    summary: 'Summary',
    campaigns: 'Campaigns',
    stores: 'Stores',
    figure: 'Figure',
    thisMonth: 'This month',
    previousMonth: 'Previous month',
    change: 'Change',
    campaign: 'Campaign',
    store: 'Store',
    receipts: 'Receipts',
    amount: 'Amount',
    previousReceipts: 'Previous month receipts',
    previousAmount: 'Previous month amount',
    none: 'No approved receipts this month.',
    deleted: '(deleted)',
    created: 'Created',
    page: 'Page',
    figures: {
      dashboard_customers: 'New customers',
      dashboard_receipts: 'Approved receipts',
      dashboard_receipt_amount: 'Receipt amount',
      dashboard_points_earned: 'Points earned',
      dashboard_points_burned: 'Points burned',
      dashboard_gifts_given: 'Gifts given',
      dashboard_sms_sent: 'SMS sent',
      dashboard_email_sent: 'Emails sent',
      dashboard_push_sent: 'Push notifications sent',
      dashboard_reservations: 'Reservations',
      dashboard_lendings: 'Lendings',
    },
  },
};

/** The figures a report's summary lists, in order (`dashboard_receipt_amount` is money). */
export const monthlyReportFigures = [
  'dashboard_customers',
  'dashboard_receipts',
  'dashboard_receipt_amount',
  'dashboard_points_earned',
  'dashboard_points_burned',
  'dashboard_gifts_given',
  'dashboard_sms_sent',
  'dashboard_email_sent',
  'dashboard_push_sent',
  'dashboard_reservations',
  'dashboard_lendings',
] as const;
export type MonthlyReportFigure = (typeof monthlyReportFigures)[number];

/** The change from the month before as a fraction (0.25 = +25 %); null when the month before had none. */
export const monthlyChange = (value: number, previous: number | null) =>
  previous === null || previous === 0 ? null : (value - previous) / previous;
