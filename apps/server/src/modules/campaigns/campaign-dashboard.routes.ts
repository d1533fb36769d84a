import { dashboardCampaignList, dashboardReport, dashboardReportBody } from '@avlu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/app-deps';
import { locationOf } from '../../platform/request-context';
import { exportCampaignDashboard } from './campaign-dashboard.export';
import { campaignDashboardReport, listDashboardCampaigns } from './campaign-dashboard.service';

/** The campaign dashboard's calls (spec §6 `modules:campaigns:campaign-dashboard`), inside one mall. */
const config = { subject: 'modules:campaigns:campaign-dashboard', scope: 'location' } as const;
const tags = ['campaign dashboard'];

/** Spec §7: the campaigns to pick, the report and its xlsx (issue 15 #5). */
export const campaignDashboardRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/reports/campaign-dashboard-campaign-list',
    {
      config,
      schema: {
        tags,
        summary: 'The mall’s campaigns to pick for the dashboard, archived too, newest start first',
        response: { 200: dashboardCampaignList },
      },
    },
    (request) => listDashboardCampaigns(db, locationOf(request)._id),
  );
  app.post(
    '/reports/campaign-dashboard-report',
    {
      config,
      schema: {
        tags,
        summary:
          'Figures of the chosen campaigns over a period, per day and in total, each and all together, a customer or receipt several of them count counted once (from the daily rollup, at most about a minute old)',
        body: dashboardReportBody,
        response: { 200: dashboardReport },
      },
    },
    (request) => campaignDashboardReport(db, locationOf(request), request.body),
  );
  app.post(
    '/reports/campaigns-excel-report',
    {
      config,
      schema: {
        tags,
        summary: 'The same report as an xlsx: a totals sheet and a per-day sheet, in the request’s language',
        body: dashboardReportBody,
      },
    },
    (request, reply) => exportCampaignDashboard(db, locationOf(request), request.body, request.lang, reply),
  );
};
