import { objectId } from '@avlu/contracts';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { audit } from '../audit';
import type { Database } from '../db/database';
import { forbidden, unauthorized } from './access-errors';
import { isMicroSiteAccess, type RouteSubject, type StaffUser } from './route-access';

export type StaffAuthOptions = {
  db: Database;
  /** The live session of a bearer token, with its admin, role and malls; undefined for any bad token. */
  resolveStaff: (token: string) => Promise<StaffUser | undefined>;
  /** Swagger UI and the OpenAPI document open to anyone (API_DOCS=public); else they need a staff token. */
  publicDocs: boolean;
};

/** Swagger UI and the OpenAPI document are registered by a plugin we do not write: public by address. */
const DOCS = '/api/docs';

const markPublicDocs = (route: RouteOptions) => {
  if (route.url === DOCS || route.url.startsWith(`${DOCS}/`))
    route.config = { ...route.config, auth: 'public' };
};

export const bearerToken = (header: string | undefined): string | undefined =>
  header?.match(/^Bearer +(\S+) *$/i)?.[1];

export const mayUse = (staff: StaffUser, subject: RouteSubject): boolean =>
  staff.isSystemAdmin || (subject !== 'system-admin' && staff.subjects.has(subject));

/**
 * The subjects a route needs that the user lacks: of one or several (all needed), or, for
 * `{ anyOf }`, all of them when the user holds none.
 */
export const missingSubjects = (
  staff: StaffUser,
  subject: RouteSubject | readonly RouteSubject[] | { anyOf: readonly RouteSubject[] } | undefined,
): readonly RouteSubject[] => {
  if (subject === undefined) return [];
  if (typeof subject === 'string') return mayUse(staff, subject) ? [] : [subject];
  if ('anyOf' in subject) return subject.anyOf.some((each) => mayUse(staff, each)) ? [] : subject.anyOf;
  return subject.filter((each) => !mayUse(staff, each));
};

/**
 * The raw `locationId` of the query (the request context takes it off the query right after this hook).
 * A well-formed id of a mall the user does not work for is refused before anyone looks it up, so a
 * user learns nothing about which ids exist; a malformed one is left to the request context (400).
 */
const foreignLocation = (request: FastifyRequest, staff: StaffUser): string | undefined => {
  if (staff.isSystemAdmin) return undefined;
  const query = request.query as Record<string, unknown> | undefined;
  const id = query && Object.hasOwn(query, 'locationId') ? query.locationId : undefined;
  if (!objectId.safeParse(id).success) return undefined;
  return staff.locationIds.includes(id as string) ? undefined : (id as string);
};

const denied = (db: Database, request: FastifyRequest, details: Record<string, unknown>) =>
  audit(db, request, {
    action: 'access.denied',
    entity: 'route',
    details: { method: request.method, route: request.routeOptions.url, ...details },
  });

/**
 * Who may call which /api route (see route-access.ts). Runs first among the request hooks, so a caller
 * without a valid token gets 401 before any header, query or body is validated: a stranger learns
 * nothing of the API's shape. Then the route's subject (403), then the mall of location-scoped routes
 * (403). A record of another mall reached by id is each service's job: it filters by the request's
 * location and answers 404.
 */
export const staffAuth = fp(
  async (app: FastifyInstance, { db, resolveStaff, publicDocs }: StaffAuthOptions) => {
    app.decorateRequest('staff', undefined);
    if (publicDocs) app.addHook('onRoute', markPublicDocs);
    app.addHook('onRequest', async (request) => {
      const url = request.routeOptions.url;
      // Pages, files and unknown addresses (404/405) are not API routes.
      if (!url?.startsWith('/api/')) return;
      const config = request.routeOptions.config;
      // Micro-site routes answer to the micro-site's own tokens (modules/micro-site/micro-site-auth.ts).
      if (config.auth === 'public' || isMicroSiteAccess(config.auth)) return;
      const token = bearerToken(request.headers.authorization);
      const staff = token === undefined ? undefined : await resolveStaff(token);
      if (!staff) throw unauthorized();
      request.staff = staff;
      const missing = missingSubjects(staff, config.subject);
      if (missing.length > 0) {
        await denied(db, request, { subject: missing.join(', ') });
        throw forbidden();
      }
      if (config.scope === 'location') {
        const locationId = foreignLocation(request, staff);
        if (locationId) {
          await denied(db, request, { locationId });
          throw forbidden();
        }
      }
    });
  },
  { name: 'staff-auth' },
);
