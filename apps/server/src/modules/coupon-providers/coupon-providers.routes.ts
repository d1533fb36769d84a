import {
  couponProvider,
  couponProviderCategory,
  couponProviderInput,
  couponProviderListQuery,
  idParams,
  listResponse,
} from '@avlu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../platform/app-deps';
import { locationOf } from '../../platform/request-context';
import { acting } from '../users/acting';
import {
  couponProviderCategories,
  createCouponProvider,
  deleteCouponProvider,
  listCouponProviders,
} from './coupon-providers.service';

/** Any staff of the mall reads the providers: the campaign form picks from them, whatever else the role holds. */
const read = { scope: 'location' } as const;
/** Adding and removing them is the code providers' module (spec §6). */
const manage = { subject: 'modules:campaigns:code-providers', scope: 'location' } as const;
const tags = ['campaigns'];

/** Spec §7 "Campaigns": the coupon providers of a mall. */
export const couponProviderRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/campaign/coupon-providers',
    {
      config: read,
      schema: {
        tags,
        summary: 'Coupon providers: every one with showAll=true (the campaign form), else one page',
        querystring: couponProviderListQuery,
        response: { 200: z.union([z.array(couponProvider), listResponse(couponProvider)]) },
      },
    },
    (request) => listCouponProviders(db, locationOf(request)._id, request.query),
  );
  app.post(
    '/campaign/coupon-providers',
    {
      config: manage,
      schema: {
        tags,
        summary: 'New coupon provider: a store of the mall, or another party',
        body: couponProviderInput,
        response: { 201: couponProvider },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createCouponProvider(db, locationOf(request)._id, request.body, acting(request))),
  );
  app.get(
    '/campaign/coupon-providers/categories',
    {
      config: manage,
      schema: {
        tags,
        summary: 'The store categories with their active stores, to pick a store provider’s store',
        response: { 200: z.array(couponProviderCategory) },
      },
    },
    (request) => couponProviderCategories(db, locationOf(request)._id),
  );
  app.delete(
    '/campaign/coupon-providers/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Delete a coupon provider no campaign that is not archived uses',
        params: idParams,
      },
    },
    async (request, reply) => {
      await deleteCouponProvider(db, locationOf(request)._id, request.params.id, acting(request));
      return reply.code(204).send();
    },
  );
};
