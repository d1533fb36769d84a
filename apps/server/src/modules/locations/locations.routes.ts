import {
  idParams,
  listResponse,
  listSearchParams,
  locationSettings,
  locationSettingsInput,
} from '@avlu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../platform/app-deps';
import { sortKeys } from '../../platform/db/list';
import {
  createLocationSettings,
  getLocationSettings,
  listLocations,
  locationList,
  renewLocationToken,
  updateLocationSettings,
} from './locations.service';

const locationListQuery = listSearchParams({ orderBy: z.enum(sortKeys(locationList)) });
/** Mall settings hold the micro-site token and app links: the system admin's alone (issue 3 item 5). */
const config = { subject: 'system-admin' } as const;

export const locationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/core/locations',
    {
      config,
      schema: {
        tags: ['core'],
        summary: 'Malls with their settings, a page at a time',
        querystring: locationListQuery,
        response: { 200: listResponse(locationSettings) },
      },
    },
    (request) => listLocations(db, request.query),
  );
  app.get(
    '/core/locations/:id',
    {
      config,
      schema: {
        tags: ['core'],
        summary: 'One mall’s settings',
        params: idParams,
        response: { 200: locationSettings },
      },
    },
    (request) => getLocationSettings(db, request.params.id),
  );
  app.post(
    '/core/locations',
    {
      config,
      schema: {
        tags: ['core'],
        summary: 'New mall',
        body: locationSettingsInput,
        response: { 201: locationSettings },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createLocationSettings(db, app.files, request.body, request)),
  );
  app.put(
    '/core/locations/:id',
    {
      config,
      schema: {
        tags: ['core'],
        summary: 'Change a mall’s settings',
        params: idParams,
        body: locationSettingsInput,
        response: { 200: locationSettings },
      },
    },
    (request) => updateLocationSettings(db, app.files, request.params.id, request.body, request),
  );
  app.post(
    '/core/locations/:id/token',
    {
      config,
      schema: {
        tags: ['core'],
        summary: 'A new micro-site token (the old address stops working)',
        params: idParams,
        response: { 200: locationSettings },
      },
    },
    (request) => renewLocationToken(db, request.params.id, request),
  );
};
