import {
  campaignStampProgress,
  couponGiveBody,
  couponGiveResult,
  customerCoupon,
  customerCouponsQuery,
  idParams,
  microSiteCampaign,
  objectId,
} from '@avlu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../platform/app-deps';
import { locationOf } from '../../platform/request-context';
import { customerOf, customerSessionHeaders, microSiteMallOf } from '../micro-site/micro-site-auth';
import { acting } from '../users/acting';
import { customerCoupons, giveCoupon, microSiteCampaigns } from './giving.service';
import { receiptStampCard } from './receipt-mechanics';

/** Spec §6: the registration desk (`/registration/customer/coupons/{channelId}`) gives codes. */
const desk = { subject: 'modules:customer-registration:customer-registration', scope: 'location' } as const;
/** The customer's codes: the customer detail's coupons tab, and the desk that gives codes. */
const customerCodes = {
  subject: {
    anyOf: ['modules:customers:customer-list', 'modules:customer-registration:customer-registration'],
  },
  scope: 'location',
} as const;
const customerParams = z.strictObject({ customerId: objectId });

/** Giving codes and a customer's codes (issue 13 "Giving a code", "Customer side"), for staff and on the micro-site. */
export const givingRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.post(
    '/coupon-campaign/coupon',
    {
      config: desk,
      schema: {
        tags: ['campaigns'],
        summary:
          'Give a customer a code of a campaign at a channel’s desk: every rule checked in one transaction, a refusal names the rule',
        body: couponGiveBody,
        response: { 200: couponGiveResult },
      },
    },
    (request) =>
      giveCoupon(
        db,
        locationOf(request),
        {
          campaignId: request.body.campaign_id,
          customerId: request.body.customer_id,
          channelId: request.body.channel_id,
        },
        acting(request),
      ),
  );

  app.get(
    '/customer/coupons/:customerId',
    {
      config: customerCodes,
      schema: {
        tags: ['customers'],
        summary: 'A customer’s codes, newest first; with channelId, those given at that channel’s desk',
        params: customerParams,
        querystring: customerCouponsQuery,
        response: { 200: z.array(customerCoupon) },
      },
    },
    (request) => customerCoupons(db, locationOf(request)._id, request.params.customerId, request.query),
  );

  const micro = { tags: ['micro-site'], headers: customerSessionHeaders };
  app.get(
    '/ext/app/customers/campaigns',
    {
      config: { auth: 'customer' },
      schema: {
        ...micro,
        summary:
          'The mall’s running campaigns the signed-in customer may see, soonest ending first, with whether joining gives a code',
        response: { 200: z.array(microSiteCampaign) },
      },
    },
    (request) => microSiteCampaigns(db, microSiteMallOf(request), customerOf(request)._id),
  );
  app.get(
    '/ext/app/customers/coupons',
    {
      config: { auth: 'customer' },
      schema: {
        ...micro,
        summary: 'The signed-in customer’s codes, newest first',
        response: { 200: z.array(customerCoupon) },
      },
    },
    (request) => customerCoupons(db, microSiteMallOf(request)._id, customerOf(request)._id),
  );
  app.post(
    '/ext/app/customers/campaigns/:id/coupon',
    {
      config: { auth: 'customer' },
      schema: {
        ...micro,
        summary: 'Join a campaign: the signed-in customer gets a code, under the same rules as at the desk',
        params: idParams,
        response: { 200: couponGiveResult },
      },
    },
    (request) =>
      giveCoupon(db, microSiteMallOf(request), {
        campaignId: request.params.id,
        customerId: customerOf(request)._id,
        channelId: null,
      }),
  );
  app.get(
    '/ext/app/customers/campaigns/:id/stamps',
    {
      config: { auth: 'customer' },
      schema: {
        ...micro,
        summary:
          'The signed-in customer’s stamp card in a running over-limit coupon campaign: stamps on the card, stamps to go, today’s sum (day based)',
        params: idParams,
        response: { 200: campaignStampProgress },
      },
    },
    (request) => receiptStampCard(db, microSiteMallOf(request), customerOf(request)._id, request.params.id),
  );
};
