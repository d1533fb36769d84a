import { listResponse, loyaltyCustomerSummary, loyaltyCustomersListQuery } from '@avlu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/app-deps';
import { locationOf } from '../../platform/request-context';
import { listLoyaltyCustomers } from './loyalty-customers.service';

/** Spec §7 "Loyalty customers": the mall's customers with their points (issue 14 #7). */
export const loyaltyCustomerListRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.post(
    '/loyalty-customer/customers/filter',
    {
      config: { subject: 'modules:loyalty:loyalty-customer', scope: 'location' },
      schema: {
        tags: ['loyalty'],
        summary:
          'A page of the mall’s customers with points: balance, tier, lifetime points, last approved receipt; sorted by balance (largest first) or lifetime points; filters on tier, balance and lifetime point ranges and the last receipt’s period; keyword on name and phone',
        body: loyaltyCustomersListQuery,
        response: { 200: listResponse(loyaltyCustomerSummary) },
      },
    },
    (request) => listLoyaltyCustomers(db, locationOf(request)._id, request.body),
  );
};
