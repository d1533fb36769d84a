import { type Language, type Location, objectId, pickLanguage, requestHeaders } from '@avlu/contracts';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { locationNotFound, schemaError } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * 'location': the route works inside one mall. `locationId` must name an existing location and
     * `locationOf(request)` gives it; see auth/route-access.ts for who may use which mall.
     */
    scope?: 'location';
  }
  interface FastifyRequest {
    /** The language of answers: first supported of `accept-language`, else Turkish. */
    readonly lang: Language;
    /** `timezone-offset` header: minutes as Date#getTimezoneOffset (Istanbul -180). */
    timezoneOffset: number | undefined;
    /** `request-time` header: the client's clock when it sent the call. */
    requestTime: Date | undefined;
    /** The `locationId` query parameter, taken off the query before the route's schema sees it. */
    locationId: unknown;
    location: Location | undefined;
  }
}

export type RequestContextOptions = { findLocation: (id: string) => Promise<Location | undefined> };

const readHeaders = (request: FastifyRequest) => {
  const result = requestHeaders.safeParse(request.headers);
  if (!result.success) throw schemaError(result.error, 'headers');
  request.timezoneOffset = result.data['timezone-offset'];
  const time = result.data['request-time'];
  request.requestTime = time === undefined ? undefined : new Date(time);
};

/**
 * The web client sends `locationId` with every call (spec §7). It is taken off the query here, before
 * validation, so each route's own query schema stays strict about every other parameter, whatever
 * its shape; location-scoped routes check it below, the others ignore it.
 */
const takeLocationId = (request: FastifyRequest) => {
  const query = request.query as Record<string, unknown> | undefined;
  if (!query || !Object.hasOwn(query, 'locationId')) return;
  request.locationId = query.locationId;
  delete query.locationId;
};

const resolveLocation = async (request: FastifyRequest, find: RequestContextOptions['findLocation']) => {
  const result = objectId.safeParse(request.locationId);
  if (!result.success) throw schemaError(result.error, 'querystring', ['locationId']);
  request.location = await find(result.data);
  if (!request.location) throw locationNotFound();
};

/** A route without query parameters still rejects unknown ones, as its strict body schema would. */
const rejectUnknownQuery = (route: RouteOptions) => {
  if (!route.url.startsWith('/api/') || route.schema?.hide || route.schema?.querystring) return;
  route.schema = { ...route.schema, querystring: z.strictObject({}) };
};

/** The header context of every request and the location of location-scoped routes, resolved once. */
export const requestContext = fp(async (app: FastifyInstance, options: RequestContextOptions) => {
  app.decorateRequest('lang', {
    getter(this: FastifyRequest) {
      return pickLanguage(this.headers['accept-language']);
    },
  });
  app.decorateRequest('timezoneOffset', undefined);
  app.decorateRequest('requestTime', undefined);
  app.decorateRequest('locationId', undefined);
  app.decorateRequest('location', undefined);
  app.addHook('onRoute', rejectUnknownQuery);
  app.addHook('onRequest', async (request) => {
    // Only API calls carry the client headers; pages and files are left alone.
    if (!request.routeOptions.url?.startsWith('/api/')) return;
    readHeaders(request);
    takeLocationId(request);
    if (request.routeOptions.config.scope === 'location')
      await resolveLocation(request, options.findLocation);
  });
});

/** The location of a location-scoped route's request. */
export const locationOf = (request: FastifyRequest): Location => {
  if (!request.location)
    throw new Error(`${request.routeOptions.url} is not declared with config.scope 'location'`);
  return request.location;
};
