import {
  campaignTypeLabels,
  type DashboardReportBody,
  type DashboardStats,
  dashboardCountKeys,
  dashboardExportLabels,
  type Language,
} from '@avlu/contracts';
import type { FastifyReply } from 'fastify';
import type { Database } from '../../platform/db/database';
import { type ExportColumn, labelsOf, sendExport } from '../../platform/excel/xlsx-export';
import type { Mall } from '../customers/mall-date';
import { campaignDashboardReport } from './campaign-dashboard.service';

type Row = DashboardStats & { name: string; type?: string; day?: string };

const label = (key: keyof (typeof dashboardExportLabels)['tr']) => labelsOf(dashboardExportLabels, key);

/** The figures' columns, as the dashboard shows them: counts, the amount, conversion as a percentage. */
const figureColumns: readonly ExportColumn<Row>[] = [
  { header: label('participants'), kind: 'number', value: (row) => row.participants, width: 14 },
  { header: label('participations'), kind: 'number', value: (row) => row.participations, width: 12 },
  { header: label('codes_given'), kind: 'number', value: (row) => row.codes_given, width: 13 },
  { header: label('codes_used'), kind: 'number', value: (row) => row.codes_used, width: 14 },
  {
    header: label('conversion'),
    kind: 'number',
    value: (row) => (row.conversion === null ? null : Math.round(row.conversion * 1000) / 10),
    width: 14,
  },
  { header: label('receipts'), kind: 'number', value: (row) => row.receipts, width: 10 },
  { header: label('receipt_amount'), kind: 'number', value: (row) => row.receipt_amount, width: 16 },
  { header: label('points'), kind: 'number', value: (row) => row.points, width: 14 },
  { header: label('plays'), kind: 'number', value: (row) => row.plays, width: 10 },
  { header: label('wins'), kind: 'number', value: (row) => row.wins, width: 10 },
];

const isEmpty = (stats: DashboardStats) => dashboardCountKeys.every((key) => stats[key] === 0);

/**
 * `POST /reports/campaigns-excel-report`: the dashboard's report as an xlsx, in the request's language:
 * a totals sheet (a row per campaign and one for all of them) and a per-day sheet (a row per campaign
 * and day with anything to count). The same figures as `POST /reports/campaign-dashboard-report`.
 */
export const exportCampaignDashboard = async (
  db: Database,
  mall: Mall,
  body: DashboardReportBody,
  lang: Language,
  reply: FastifyReply,
) => {
  const report = await campaignDashboardReport(db, mall, body);
  const nameOf = (campaign: { campaign_name: string; campaign_name_en: string }) =>
    lang === 'en' ? campaign.campaign_name_en : campaign.campaign_name;
  const totals: Row[] = [
    ...report.campaigns.map((campaign) => ({
      ...campaign.totals,
      name: nameOf(campaign),
      type: campaign.campaign_type,
    })),
    { ...report.totals, name: dashboardExportLabels[lang].all },
  ];
  const days: Row[] = [];
  for (const [index, day] of report.days.entries())
    for (const campaign of report.campaigns) {
      const stats = campaign.days[index]!;
      if (!isEmpty(stats)) days.push({ ...stats, day: day.day, name: nameOf(campaign) });
    }
  const campaignColumn: ExportColumn<Row> = {
    header: label('campaign'),
    kind: 'text',
    value: (row) => row.name,
    width: 36,
  };
  return sendExport<Row>(reply, {
    filename: `${lang === 'en' ? 'campaign-report' : 'kampanya-raporu'}-${report.from}-${report.to}.xlsx`,
    sheetName: label('totalsSheet'),
    lang,
    timezone: report.timezone,
    columns: [
      campaignColumn,
      {
        header: label('type'),
        kind: 'enum',
        value: (row) => row.type,
        labels: campaignTypeLabels,
        width: 20,
      },
      ...figureColumns,
    ],
    rows: totals,
    moreSheets: [
      {
        sheetName: label('daysSheet'),
        columns: [
          { header: label('day'), kind: 'date', value: (row: Row) => row.day, width: 16 },
          campaignColumn,
          ...figureColumns,
        ],
        rows: days,
      },
    ],
  });
};
