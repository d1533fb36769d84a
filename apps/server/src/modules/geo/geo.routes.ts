import {
  city,
  cityParams,
  cityQuery,
  neighborhood,
  neighborhoodQuery,
  town,
  townParams,
  townQuery,
} from '@avlu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import { listCities, listNeighborhoods, listTowns } from './geo.service';

/** Any signed-in staff user: the address pickers of every customer form read these. */
const config = {} as const;
const tags = ['geo'];

/** The address lookups of spec §7 "Address": static data of Turkey, the same for every mall. */
export const geoRoutes: FastifyPluginAsyncZod<AppDeps> = async (app) => {
  app.get(
    '/geo/cities',
    {
      config,
      schema: {
        tags,
        summary: 'Provinces, sorted in Turkish, 100 a page by default',
        querystring: cityQuery,
        response: { 200: z.array(city) },
      },
    },
    (request) => listCities(request.query),
  );
  app.get(
    '/geo/cities/:cityId/towns',
    {
      config,
      schema: {
        tags,
        summary: 'Districts (ilçe) of a province',
        params: cityParams,
        querystring: townQuery,
        response: { 200: z.array(town) },
      },
    },
    (request) => listTowns(request.params.cityId, request.query),
  );
  app.get(
    '/geo/towns/:townId/neighborhoods',
    {
      config,
      schema: {
        tags,
        summary: 'Neighbourhoods (mahalle) of a district, with their postal codes',
        params: townParams,
        querystring: neighborhoodQuery,
        response: { 200: z.array(neighborhood) },
      },
    },
    (request) => listNeighborhoods(request.params.townId, request.query),
  );
};
