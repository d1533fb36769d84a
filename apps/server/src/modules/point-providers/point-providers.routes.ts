import {
  idParams,
  listResponse,
  pointProvider,
  pointProviderFilterQuery,
  pointProviderInput,
  pointProviderListQuery,
} from '@avlu/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../platform/app-deps';
import { locationOf } from '../../platform/request-context';
import { acting } from '../users/acting';
import {
  createPointProvider,
  deletePointProvider,
  getPointProvider,
  listPointProviders,
  updatePointProvider,
} from './point-providers.service';

/** Every call is the point providers' module (spec §6), inside one mall. */
const config = { subject: 'modules:loyalty:point-providers', scope: 'location' } as const;
const tags = ['loyalty'];
const mall = (request: FastifyRequest) => locationOf(request)._id;

/** Spec §7 "Point providers" (issue 14 #3): the mall's earning rules for receipts. */
export const pointProviderRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/point-providers',
    {
      config,
      schema: {
        tags,
        summary:
          'Point providers: every one with showAll=true, else one page (point_provider_type narrows it)',
        querystring: pointProviderListQuery,
        response: { 200: z.union([z.array(pointProvider), listResponse(pointProvider)]) },
      },
    },
    (request) => listPointProviders(db, mall(request), request.query),
  );
  app.post(
    '/point-providers/filter',
    {
      config,
      schema: {
        tags,
        summary: 'One page of the point providers (keyword, type filter, order; the highest priority first)',
        body: pointProviderFilterQuery,
        response: { 200: listResponse(pointProvider) },
      },
    },
    async (request) => {
      const page = await listPointProviders(db, mall(request), request.body);
      return page as Exclude<typeof page, unknown[]>;
    },
  );
  app.post(
    '/point-providers',
    {
      config,
      schema: {
        tags,
        summary: 'New point provider',
        body: pointProviderInput,
        response: { 201: pointProvider },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createPointProvider(db, mall(request), request.body, acting(request))),
  );
  app.get(
    '/point-providers/:id',
    {
      config,
      schema: { tags, summary: 'One point provider', params: idParams, response: { 200: pointProvider } },
    },
    (request) => getPointProvider(db, mall(request), request.params.id),
  );
  app.put(
    '/point-providers/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Change a point provider (every field again)',
        params: idParams,
        body: pointProviderInput,
        response: { 200: pointProvider },
      },
    },
    (request) => updatePointProvider(db, mall(request), request.params.id, request.body, acting(request)),
  );
  app.delete(
    '/point-providers/:id',
    { config, schema: { tags, summary: 'Delete a point provider', params: idParams } },
    async (request, reply) => {
      await deletePointProvider(db, mall(request), request.params.id, acting(request));
      return reply.code(204).send();
    },
  );
};
