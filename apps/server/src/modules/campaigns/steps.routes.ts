import { stepCounter, stepCounterQuery, stepReportInput, stepReportResult } from '@avlu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/app-deps';
import { locationOf } from '../../platform/request-context';
import { customerOf, customerSessionHeaders, microSiteMallOf } from '../micro-site/micro-site-auth';
import { stepCounter as readStepCounter, reportSteps } from './steps.service';

/** The step counter (issue 15 #6): the customer's app reports steps; staff read them on the customer's page. */
export const stepRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/step-counter',
    {
      config: { subject: 'modules:customers:customer-list', scope: 'location' },
      schema: {
        tags: ['customers'],
        summary:
          'A customer’s reported steps of the last 30 days, newest first, and whether today’s reached each running step-goal campaign',
        querystring: stepCounterQuery,
        response: { 200: stepCounter },
      },
    },
    (request) => readStepCounter(db, locationOf(request), request.query.customer_id),
  );
  app.put(
    '/ext/app/customers/steps',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['micro-site'],
        headers: customerSessionHeaders,
        summary:
          'Report the signed-in customer’s steps today (the latest report of a day wins); a running coupon campaign’s step goal reached gives its coupon',
        body: stepReportInput,
        response: { 200: stepReportResult },
      },
    },
    (request) => reportSteps(db, microSiteMallOf(request), customerOf(request)._id, request.body.step_count),
  );
};
