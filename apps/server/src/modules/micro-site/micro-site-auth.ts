import { CUSTOMER_ID_HEADER, CUSTOMER_TOKEN_HEADER, objectId } from '@avlu/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { isMicroSiteAccess } from '../../platform/auth/route-access';
import { bearerToken } from '../../platform/auth/staff-auth';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import {
  type MicroSiteCustomerSession,
  type MicroSiteMall,
  mallOfToken,
  resolveCustomerSession,
} from './customer-sessions.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The mall of a micro-site route's request (config.auth 'micro-site' or 'customer'). */
    microSiteLocation: MicroSiteMall | undefined;
    /** The signed-in customer of a config.auth 'customer' route's request. */
    customer: MicroSiteCustomerSession | undefined;
  }
}

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/**
 * Resolves the micro-site's access modes (platform/auth/route-access.ts): the mall of the bearer
 * location token (else 401 LOCATION_TOKEN_INVALID) and, on 'customer' routes, the customer session
 * of the `customer-token` and `customer-id` headers in that mall (else 401 CUSTOMER_SESSION_INVALID).
 * Registered at the root right after staff-auth, before the request context, so a stranger gets 401
 * before any header, query or body is validated, as on staff routes.
 */
export const microSiteAuth = fp(
  async (app: FastifyInstance, { db }: { db: Database }) => {
    app.decorateRequest('microSiteLocation', undefined);
    app.decorateRequest('customer', undefined);
    app.addHook('onRequest', async (request) => {
      if (!request.routeOptions.url?.startsWith('/api/')) return;
      const access = request.routeOptions.config.auth;
      if (!isMicroSiteAccess(access)) return;
      const token = bearerToken(request.headers.authorization);
      const mall = token === undefined ? undefined : await mallOfToken(db, token);
      if (!mall) throw new AppError('LOCATION_TOKEN_INVALID', 401);
      request.microSiteLocation = mall;
      // Audit rows of micro-site actions name the mall.
      request.location = mall;
      if (access !== 'customer') return;
      const customer = await resolveCustomerSession(
        db,
        mall,
        header(request, CUSTOMER_TOKEN_HEADER),
        header(request, CUSTOMER_ID_HEADER),
      );
      if (!customer) throw new AppError('CUSTOMER_SESSION_INVALID', 401);
      request.customer = customer;
    });
  },
  { name: 'micro-site-auth', dependencies: ['staff-auth'] },
);

/** The mall of a micro-site route's request. */
export const microSiteMallOf = (request: FastifyRequest): MicroSiteMall => {
  if (!request.microSiteLocation)
    throw new Error(
      `${request.routeOptions.url} is not declared with config.auth 'micro-site' or 'customer'`,
    );
  return request.microSiteLocation;
};

/** The signed-in customer of a 'customer' route's request. */
export const customerOf = (request: FastifyRequest): MicroSiteCustomerSession => {
  if (!request.customer)
    throw new Error(`${request.routeOptions.url} is not declared with config.auth 'customer'`);
  return request.customer;
};

/**
 * The customer headers of a config.auth 'customer' route, for its schema's `headers`: documented in
 * the API docs (this hook has checked them before validation).
 */
export const customerSessionHeaders = z.object({
  [CUSTOMER_TOKEN_HEADER]: z.string().describe('The mobileToken login or register answered'),
  [CUSTOMER_ID_HEADER]: objectId.describe('The customer._id login or register answered'),
});
