import {
  idParams,
  listResponse,
  monthlyReport,
  monthlyReportDetail,
  monthlyReportListQuery,
} from '@avlu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/app-deps';
import { serviceUnavailable } from '../../platform/errors';
import { contentDisposition } from '../../platform/excel/xlsx-stream';
import { locationOf } from '../../platform/request-context';
import { monthlyReportPdf } from './monthly-reports.pdf';
import { listMonthlyReports, readMonthlyReport } from './monthly-reports.service';
import { reportFileName, sendMonthlyReportXlsx } from './monthly-reports.xlsx';
import { reportFonts } from './truetype';

/** Spec §6 `modules:reports:monthly-reports`, inside one mall. */
const config = { subject: 'modules:reports:monthly-reports', scope: 'location' } as const;
const tags = ['reports'];

/** Spec §7 "Dashboards and reports": `GET /reports/monthly-reports`, one report and its downloads (issue 18 #3). */
export const monthlyReportRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/reports/monthly-reports',
    {
      config,
      schema: {
        tags,
        summary:
          'The mall’s saved monthly reports, one page, newest month first (monthly_report_pretty_date in the request’s language)',
        querystring: monthlyReportListQuery,
        response: { 200: listResponse(monthlyReport) },
      },
    },
    (request) => listMonthlyReports(db, locationOf(request)._id, request.query, request.lang),
  );
  app.get(
    '/reports/monthly-reports/:id',
    {
      config,
      schema: {
        tags,
        summary:
          'One monthly report with its figures as saved (the dashboard’s for the month, the month before’s beside them, every campaign and store with receipts); 404 report not found',
        params: idParams,
        response: { 200: monthlyReportDetail },
      },
    },
    (request) => readMonthlyReport(db, locationOf(request), request.params.id, request.lang),
  );
  app.get(
    '/reports/monthly-reports/:id/xlsx',
    {
      config,
      schema: {
        tags,
        summary:
          'The monthly report as an xlsx: summary, campaigns and stores sheets, in the request’s language',
        params: idParams,
      },
    },
    async (request, reply) => {
      const mall = locationOf(request);
      const report = await readMonthlyReport(db, mall, request.params.id, request.lang);
      return sendMonthlyReportXlsx(reply, report, request.lang, mall.location_meta.timezone);
    },
  );
  app.get(
    '/reports/monthly-reports/:id/pdf',
    {
      config,
      schema: {
        tags,
        summary: 'The monthly report as an A4 PDF in the request’s language',
        params: idParams,
      },
    },
    async (request, reply) => {
      const mall = locationOf(request);
      const report = await readMonthlyReport(db, mall, request.params.id, request.lang);
      const fonts = reportFonts();
      if (!fonts) {
        request.log.error('no TrueType font with Turkish letters found for the monthly report PDF');
        throw serviceUnavailable();
      }
      const pdf = await monthlyReportPdf(report, request.lang, fonts, mall.location_meta.timezone);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(reportFileName(report, request.lang, 'pdf')))
        .send(Buffer.from(pdf));
    },
  );
};
