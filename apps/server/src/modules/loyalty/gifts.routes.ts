import {
  burnPointsInput,
  burnPreparation,
  cancelRedemptionInput,
  getTheGiftInput,
  idempotencyKey,
  idParams,
  listResponse,
  loyaltyCustomer,
  loyaltyCustomerExportQuery,
  loyaltyCustomerListQuery,
  loyaltyGift,
  loyaltyGiftInput,
  loyaltyGiftListQuery,
  microSiteAvailableGifts,
  sentAndSaveInput,
} from '@avlu/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../platform/app-deps';
import { newId } from '../../platform/ids';
import { locationOf } from '../../platform/request-context';
import { customerOf, customerSessionHeaders, microSiteMallOf } from '../micro-site/micro-site-auth';
import { acting } from '../users/acting';
import { createGift, deleteGift, findGift, listGifts, updateGift } from './gifts.service';
import { exportRedemptions } from './redemptions.export';
import {
  availableGiftsOf,
  burnPoints,
  burnPreparationOf,
  cancelRedemption,
  listRedemptions,
  redeemGift,
  sendRedemption,
} from './redemptions.service';

const gifts = { subject: 'modules:loyalty:loyalty-gift', scope: 'location' } as const;
const loyaltyCustomers = { subject: 'modules:loyalty:loyalty-customer', scope: 'location' } as const;
const tags = ['loyalty'];
const mall = (request: FastifyRequest) => locationOf(request)._id;

/** Spec §7 "Loyalty": gifts, and their redemption by customers (issue 14 #5). */
export const giftRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.post(
    '/loyalty-gift/filter',
    {
      config: gifts,
      schema: {
        tags,
        summary:
          'A page of the mall’s gifts (keyword on the title; active and send type filters), newest first',
        body: loyaltyGiftListQuery,
        response: { 200: listResponse(loyaltyGift) },
      },
    },
    (request) => listGifts(db, mall(request), request.body),
  );
  app.post(
    '/loyalty-gift',
    {
      config: gifts,
      schema: { tags, summary: 'New gift', body: loyaltyGiftInput, response: { 201: loyaltyGift } },
    },
    async (request, reply) =>
      reply.code(201).send(await createGift(db, mall(request), request.body, acting(request))),
  );
  app.get(
    '/loyalty-gift/:id',
    {
      config: gifts,
      schema: {
        tags,
        summary: 'One gift (its edit screen)',
        params: idParams,
        response: { 200: loyaltyGift },
      },
    },
    (request) => findGift(db, mall(request), request.params.id),
  );
  app.put(
    '/loyalty-gift/:id',
    {
      config: gifts,
      schema: {
        tags,
        summary: 'Change a gift (every field again); loyalty_gift_new_codes join its code pool',
        params: idParams,
        body: loyaltyGiftInput,
        response: { 200: loyaltyGift },
      },
    },
    (request) => updateGift(db, mall(request), request.params.id, request.body, acting(request)),
  );
  app.delete(
    '/loyalty-gift/:id',
    {
      config: gifts,
      schema: { tags, summary: 'Delete a gift; its redemptions keep what was given', params: idParams },
    },
    async (request, reply) => {
      await deleteGift(db, mall(request), request.params.id, acting(request));
      return reply.code(204).send();
    },
  );

  app.get(
    '/loyalty-customer/burn-points/:id',
    {
      config: loyaltyCustomers,
      schema: {
        tags,
        summary:
          'Burn preparation: the customer, balance, latest points history, their redemptions and the gifts they can take now',
        params: idParams,
        response: { 200: burnPreparation },
      },
    },
    (request) => burnPreparationOf(db, mall(request), request.params.id),
  );
  app.post(
    '/loyalty-customer/burn-points',
    {
      config: loyaltyCustomers,
      schema: {
        tags,
        summary:
          'Redeem a gift for a customer: stock, pool code and points in one transaction; once per Idempotency-Key',
        headers: z.object({ 'idempotency-key': idempotencyKey }),
        body: burnPointsInput,
        response: { 200: loyaltyCustomer },
      },
    },
    (request) =>
      burnPoints(db, mall(request), request.body, request.headers['idempotency-key'], acting(request)),
  );
  app.post(
    '/loyalty-customer/:id/sent-and-save',
    {
      config: loyaltyCustomers,
      schema: {
        tags,
        summary: 'The gift was sent: tracking number and address saved, new → waiting',
        params: idParams,
        body: sentAndSaveInput,
        response: { 200: loyaltyCustomer },
      },
    },
    (request) => sendRedemption(db, mall(request), request.params.id, request.body, acting(request)),
  );
  app.post(
    '/loyalty-customer/:id/cancel',
    {
      config: loyaltyCustomers,
      schema: {
        tags,
        summary: 'Cancel a redemption with a note: the points (a refund entry) and the stock come back, once',
        params: idParams,
        body: cancelRedemptionInput,
        response: { 200: loyaltyCustomer },
      },
    },
    (request) => cancelRedemption(db, mall(request), request.params.id, request.body, acting(request)),
  );
  app.post(
    '/loyalty-customer/filter',
    {
      config: loyaltyCustomers,
      schema: {
        tags,
        summary:
          'A page of the gifted customers (redemptions), newest first; status, gift and customer filters',
        body: loyaltyCustomerListQuery,
        response: { 200: listResponse(loyaltyCustomer) },
      },
    },
    (request) => listRedemptions(db, mall(request), request.body),
  );
  app.get(
    '/loyalty-customer/export',
    {
      config: loyaltyCustomers,
      schema: {
        tags,
        summary:
          'The gifted customers the list’s filter (status, gift, customer) and keyword find, newest first, as an xlsx in the request’s language',
        querystring: loyaltyCustomerExportQuery,
      },
    },
    (request, reply) => exportRedemptions(db, locationOf(request), request.query, request.lang, reply),
  );

  const micro = { tags: ['micro-site'], headers: customerSessionHeaders };
  app.get(
    '/ext/loyalty-customer/available-gifts',
    {
      config: { auth: 'customer' },
      schema: {
        ...micro,
        summary: 'The signed-in customer’s balance and the gifts it buys now',
        response: { 200: microSiteAvailableGifts },
      },
    },
    (request) => availableGiftsOf(db, microSiteMallOf(request)._id, customerOf(request)._id),
  );
  app.post(
    '/ext/loyalty-customer/get-the-gift',
    {
      config: { auth: 'customer' },
      schema: {
        ...micro,
        summary:
          'The signed-in customer claims a gift: the same rules and transaction as at the desk; with an Idempotency-Key a retried claim counts once',
        headers: customerSessionHeaders.extend({ 'idempotency-key': idempotencyKey.optional() }),
        body: getTheGiftInput,
        response: { 200: loyaltyCustomer },
      },
    },
    (request) => {
      const values = getTheGiftInput.parse(request.body);
      return redeemGift(db, microSiteMallOf(request)._id, {
        customerId: customerOf(request)._id,
        giftId: values.loyalty_customer_gift,
        address: values.loyalty_customer_address ?? null,
        note: null,
        source: 'micro_site',
        adminId: null,
        // Keyed per customer: one customer's key never replays another's claim.
        idempotencyKey: `gift:micro:${customerOf(request)._id}:${request.headers['idempotency-key'] ?? newId()}`,
        auditRequest: request,
      });
    },
  );
};
