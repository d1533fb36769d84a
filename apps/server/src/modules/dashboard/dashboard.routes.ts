import { mallDashboard, mallDashboardQuery } from '@avlu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/app-deps';
import { locationOf } from '../../platform/request-context';
import { mallDashboard as dashboardOf } from './dashboard.service';

/** The mall dashboard's data (spec §6 `modules:dashboard`), inside one mall. */
const config = { subject: 'modules:dashboard', scope: 'location' } as const;
const tags = ['dashboard'];

/** Spec §7 `GET /data/dashboard` (issue 18 #1-2). */
export const dashboardRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/data/dashboard',
    {
      config,
      schema: {
        tags,
        summary:
          'The mall’s figures over a period (all time, last year, last 30 or 7 days, a date range), each total beside the previous period’s, from the rollups (exact at every moment)',
        querystring: mallDashboardQuery,
        response: { 200: mallDashboard },
      },
    },
    (request) => dashboardOf(db, locationOf(request), request.query),
  );
};
