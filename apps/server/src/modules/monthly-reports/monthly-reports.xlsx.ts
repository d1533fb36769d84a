import {
  type Language,
  type MonthlyReportDetail,
  mallDashboardLabels,
  monthlyChange,
  monthlyReportFigures,
  monthlyReportLabels,
} from '@avlu/contracts';
import type { FastifyReply } from 'fastify';
import { type ExportColumn, type Labels, sendExport } from '../../platform/excel/xlsx-export';

/**
 * A monthly report as an xlsx (`GET /reports/monthly-reports/{id}/xlsx`): a summary sheet (each
 * figure of the month, the month before's and the change), then every campaign and every store with
 * approved receipts that month. Numbers carry Excel formats with thousands separators (a Turkish
 * Excel shows 1.234.567 and 12.345,50 ₺), changes as percentages.
 */

const COUNT = '#,##0';
const MONEY = '#,##0.00 "₺"';
const PERCENT = '0.0%';

const both = (pick: (labels: (typeof monthlyReportLabels)['tr']) => string): Labels => ({
  tr: pick(monthlyReportLabels.tr),
  en: pick(monthlyReportLabels.en),
});

type SummaryRow = { label: string; value: number; previous: number; money: boolean };

/** The summary's rows in a language: the main figures, then customers by gender and age group, then consents. */
export const summaryRows = (report: MonthlyReportDetail, lang: Language): SummaryRow[] => {
  const figures = report.monthly_report_data.figures;
  const words = monthlyReportLabels[lang];
  const dashboardWords = mallDashboardLabels[lang];
  const customers = words.figures.dashboard_customers;
  return [
    ...monthlyReportFigures.map((key) => ({
      label: words.figures[key],
      value: figures[key].value,
      previous: figures[key].previous ?? 0,
      money: key === 'dashboard_receipt_amount',
    })),
    ...figures.dashboard_customers_by_gender.map((row) => ({
      label: `${customers}: ${dashboardWords.genders[row.gender]}`,
      value: row.value,
      previous: row.previous ?? 0,
      money: false,
    })),
    ...figures.dashboard_customers_by_age_group.map((row) => ({
      label: `${customers}: ${dashboardWords.ageGroups[row.age_group]}`,
      value: row.value,
      previous: row.previous ?? 0,
      money: false,
    })),
    ...figures.dashboard_consents.map((row) => ({
      label: `${customers}: ${dashboardWords.channels[row.channel]}`,
      value: row.value,
      previous: row.previous ?? 0,
      money: false,
    })),
  ];
};

type ReceiptRow = {
  name: string;
  receipts: number;
  receipt_amount: number;
  previous_receipts: number;
  previous_receipt_amount: number;
};
const receiptColumns = (name: Labels): ExportColumn<ReceiptRow>[] => [
  { header: name, kind: 'text', value: (row) => row.name, width: 40 },
  { header: both((w) => w.receipts), kind: 'number', value: (row) => row.receipts, format: COUNT, width: 12 },
  {
    header: both((w) => `${w.amount} (₺)`),
    kind: 'number',
    value: (row) => row.receipt_amount,
    format: MONEY,
  },
  {
    header: both((w) => w.previousReceipts),
    kind: 'number',
    value: (row) => row.previous_receipts,
    format: COUNT,
    width: 18,
  },
  {
    header: both((w) => `${w.previousAmount} (₺)`),
    kind: 'number',
    value: (row) => row.previous_receipt_amount,
    format: MONEY,
    width: 22,
  },
  {
    header: both((w) => w.change),
    kind: 'number',
    value: (row) => monthlyChange(row.receipt_amount, row.previous_receipt_amount),
    format: PERCENT,
    width: 12,
  },
];

/** The file's name: 'Aylık Rapor Ekim 2026' / 'Monthly Report October 2026'. */
export const reportFileName = (report: MonthlyReportDetail, lang: Language, extension: 'xlsx' | 'pdf') =>
  `${monthlyReportLabels[lang].title} ${report.monthly_report_pretty_date}.${extension}`;

export const sendMonthlyReportXlsx = (
  reply: FastifyReply,
  report: MonthlyReportDetail,
  lang: Language,
  timezone: string,
) => {
  const words = monthlyReportLabels[lang];
  const deleted = (name: string) => name || words.deleted;
  const summary: ExportColumn<SummaryRow>[] = [
    { header: both((w) => w.figure), kind: 'text', value: (row) => row.label, width: 40 },
    {
      header: both((w) => `${w.thisMonth} (${report.monthly_report_pretty_date})`),
      kind: 'number',
      value: (row) => row.value,
      format: (row) => (row.money ? MONEY : COUNT),
      width: 22,
    },
    {
      header: both((w) => w.previousMonth),
      kind: 'number',
      value: (row) => row.previous,
      format: (row) => (row.money ? MONEY : COUNT),
      width: 22,
    },
    {
      header: both((w) => w.change),
      kind: 'number',
      value: (row) => monthlyChange(row.value, row.previous),
      format: PERCENT,
      width: 12,
    },
  ];
  const data = report.monthly_report_data;
  return sendExport(reply, {
    filename: reportFileName(report, lang, 'xlsx'),
    sheetName: both((w) => w.summary),
    lang,
    timezone,
    columns: summary,
    rows: summaryRows(report, lang),
    moreSheets: [
      {
        sheetName: both((w) => w.campaigns),
        columns: receiptColumns(both((w) => w.campaign)),
        rows: data.campaigns.map((row) => ({
          ...row,
          name: deleted((lang === 'en' && row.campaign_name_en) || row.campaign_name),
        })),
      },
      {
        sheetName: both((w) => w.stores),
        columns: receiptColumns(both((w) => w.store)),
        rows: data.stores.map((row) => ({ ...row, name: deleted(row.store_name) })),
      },
    ],
  });
};
