import { idParams, objectId, singleLineText } from '@avlu/contracts';
import { z } from 'zod';
import { conflict, invalidFields } from '../src/platform/errors';
import { locationOf } from '../src/platform/request-context';
import type { App } from './helper';

/**
 * Routes shaped like the feature routes to come (a strict body with an id in the path, a
 * location-scoped read, a service rule), so platform behaviour is tested before features exist.
 */
export const sampleRoutes = (app: App) => {
  app.post(
    '/api/test/items/:id',
    {
      schema: {
        params: idParams,
        body: z.strictObject({
          name: singleLineText().min(2),
          count: z.number().int().max(1000),
          tags: z.array(singleLineText()).max(3).optional(),
          owner: z.strictObject({ _id: objectId }).optional(),
        }),
        response: { 200: z.object({ id: objectId, name: z.string() }) },
      },
    },
    async (request) => {
      if (request.body.name === 'reserved') throw invalidFields({ name: 'invalid' });
      return { id: request.params.id, name: request.body.name };
    },
  );
  app.get(
    '/api/test/scoped',
    {
      config: { scope: 'location' },
      schema: { querystring: z.strictObject({ q: singleLineText().optional() }) },
    },
    async (request) => ({
      location: locationOf(request).location_name,
      timezoneOffset: request.timezoneOffset ?? null,
      requestTime: request.requestTime?.toISOString() ?? null,
      lang: request.lang,
    }),
  );
  app.get(
    '/api/test/feedbacks',
    { config: { scope: 'location', subject: 'modules:feedbacks' } },
    async (request) => ({ location: locationOf(request).location_name }),
  );
  app.delete('/api/test/items/:id', { schema: { params: idParams } }, async () => {
    throw conflict();
  });
};
