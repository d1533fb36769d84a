import {
  idempotencyKey,
  idParams,
  listResponse,
  loyaltyTier,
  loyaltyTierInput,
  loyaltyTierListQuery,
  pointAdjustmentInput,
  pointBalance,
  pointHistory,
  pointHistoryQuery,
} from '@avlu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../platform/app-deps';
import { locationOf } from '../../platform/request-context';
import { acting } from '../users/acting';
import { adjustPoints, pointHistoryOf } from './ledger.service';
import { allTiers, createTier, deleteTier, findTier, listTiers, updateTier } from './tiers.service';

/** Any staff of the mall reads the tiers: gifts, segments and the customer pages name them. */
const read = { scope: 'location' } as const;
const tiers = { subject: 'modules:loyalty:loyalty-tier', scope: 'location' } as const;
const loyaltyCustomer = { subject: 'modules:loyalty:loyalty-customer', scope: 'location' } as const;
const mall = (request: Parameters<typeof locationOf>[0]) => locationOf(request)._id;

/** Spec §7 "Loyalty": tiers (and their edit, which the spec's screen needs), points and their history. */
export const loyaltyRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/loyalty-tier',
    {
      config: read,
      schema: {
        tags: ['loyalty'],
        summary: 'Every tier of the mall, by priority',
        response: { 200: z.array(loyaltyTier) },
      },
    },
    (request) => allTiers(db, mall(request)),
  );
  app.post(
    '/loyalty-tier/filter',
    {
      config: tiers,
      schema: {
        tags: ['loyalty'],
        summary: 'A page of tiers',
        body: loyaltyTierListQuery,
        response: { 200: listResponse(loyaltyTier) },
      },
    },
    (request) => listTiers(db, mall(request), request.body),
  );
  app.post(
    '/loyalty-tier',
    {
      config: tiers,
      schema: {
        tags: ['loyalty'],
        summary: 'New tier',
        body: loyaltyTierInput,
        response: { 201: loyaltyTier },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createTier(db, mall(request), request.body, acting(request))),
  );
  app.get(
    '/loyalty-tier/:id',
    {
      config: tiers,
      schema: {
        tags: ['loyalty'],
        summary: 'One tier (its edit screen)',
        params: idParams,
        response: { 200: loyaltyTier },
      },
    },
    (request) => findTier(db, mall(request), request.params.id),
  );
  app.put(
    '/loyalty-tier/:id',
    {
      config: tiers,
      schema: {
        tags: ['loyalty'],
        summary: 'Change a tier; customers move in or out at once',
        params: idParams,
        body: loyaltyTierInput,
        response: { 200: loyaltyTier },
      },
    },
    (request) => updateTier(db, mall(request), request.params.id, request.body, acting(request)),
  );
  app.delete(
    '/loyalty-tier/:id',
    {
      config: tiers,
      schema: {
        tags: ['loyalty'],
        summary: 'Delete a tier; its customers fall to the next one',
        params: idParams,
      },
    },
    async (request, reply) => {
      await deleteTier(db, mall(request), request.params.id, acting(request));
      return reply.code(204).send();
    },
  );
  app.get(
    '/loyalty-customer/points/:id',
    {
      config: loyaltyCustomer,
      schema: {
        tags: ['loyalty'],
        summary: 'A customer’s balance, tier and a page of their points history, newest first',
        params: idParams,
        querystring: pointHistoryQuery,
        response: { 200: pointHistory },
      },
    },
    (request) => pointHistoryOf(db, mall(request), request.params.id, request.query),
  );
  app.post(
    '/loyalty-customer/adjust-points',
    {
      config: loyaltyCustomer,
      schema: {
        tags: ['loyalty'],
        summary: 'Correct a customer’s points with a reason; once per Idempotency-Key',
        headers: z.object({ 'idempotency-key': idempotencyKey }),
        body: pointAdjustmentInput,
        response: { 200: pointBalance },
      },
    },
    (request) =>
      adjustPoints(db, mall(request), request.body, request.headers['idempotency-key'], acting(request)),
  );
};
