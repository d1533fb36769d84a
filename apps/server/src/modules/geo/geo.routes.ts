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
import type { FastifyContextConfig } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../platform/app-deps';
import { listCities, listNeighborhoods, listTowns } from './geo.service';

const tags = ['geo'];

/**
 * The address lookups of spec §7 "Address": static data of Turkey, the same for every mall, at
 * `prefix` for whoever `config` lets in.
 */
const addressLookups =
  (prefix: string, config: FastifyContextConfig): FastifyPluginAsyncZod<AppDeps> =>
  async (app) => {
    app.get(
      `${prefix}/cities`,
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
      `${prefix}/cities/:cityId/towns`,
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
      `${prefix}/towns/:townId/neighborhoods`,
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

/** Any signed-in staff user: the address pickers of every customer form read these. */
export const geoRoutes = addressLookups('/geo', {});
/** The micro-site's registration and profile forms, with the mall's micro-site token. */
export const microSiteGeoRoutes = addressLookups('/ext/geo', { auth: 'micro-site' });
