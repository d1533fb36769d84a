import { idParams, listResponse, listSearchParams, location } from '@avlu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import { sortKeys } from '../../platform/db/list';
import { getLocation, listLocations, locationList } from './locations.service';

const locationListQuery = listSearchParams({ orderBy: z.enum(sortKeys(locationList)) });

export const locationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/core/locations',
    {
      schema: {
        tags: ['core'],
        summary: 'Malls, a page at a time',
        querystring: locationListQuery,
        response: { 200: listResponse(location) },
      },
    },
    (request) => listLocations(db, request.query),
  );
  app.get(
    '/core/locations/:id',
    { schema: { tags: ['core'], summary: 'One mall', params: idParams, response: { 200: location } } },
    (request) => getLocation(db, request.params.id),
  );
};
