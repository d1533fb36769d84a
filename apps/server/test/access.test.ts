import { moduleSubjects } from '@avlu/contracts';
import type { InjectOptions, RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { isMicroSiteAccess } from '../src/platform/auth/route-access';
import { useTestApp } from './helper';
import { sampleRoutes } from './sample-routes';

/**
 * The access rules hold for every route of the server, the ones later issues add included: they are
 * read off the route table, never listed by hand.
 */
const ctx = useTestApp({ routes: sampleRoutes });

const ID = '65a1b2c3d4e5f60718293a4b';
const urlOf = (template: string) => template.replace(/:\w+/g, ID).replace(/\*$/, 'x');
const methodsOf = (route: RouteOptions) =>
  ([] as string[]).concat(route.method).filter((method) => method !== 'HEAD') as InjectOptions['method'][];
const apiRoutes = () => ctx.app.routeList.filter((route) => route.url.startsWith('/api/'));
const isPublic = (route: RouteOptions) => route.config?.auth === 'public';

const calls = (routes: RouteOptions[], query = '') =>
  routes.flatMap((route) =>
    methodsOf(route).map((method) => ({
      method,
      url: `${urlOf(route.url)}${query}`,
      route: route.url,
      config: route.config,
    })),
  );

const PUBLIC_EXPECTED = ['/api/core/auth/login', '/api/health', '/api/ready', '/api/docs'];

describe('the route table', () => {
  it('marks the platform probes, the docs and login public, and needs sign-in everywhere else', () => {
    const publicUrls = apiRoutes()
      .filter(isPublic)
      .map((route) => route.url);
    for (const url of PUBLIC_EXPECTED) expect(publicUrls).toContain(url);
    expect(apiRoutes().filter((route) => !isPublic(route)).length).toBeGreaterThan(5);
  });

  it.each([
    ['no token', {}],
    ['a garbage token', { authorization: 'Bearer garbage' }],
    ['another scheme', { authorization: 'Basic YWRtaW46YWRtaW4=' }],
    ['an empty bearer', { authorization: 'Bearer ' }],
    [
      'an alg:none JWT',
      {
        authorization: `Bearer ${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from('{"sub":"admin","role":"system admin"}').toString('base64url')}.`,
      },
    ],
    ['a well-formed unknown token', { authorization: `Bearer ${'A'.repeat(43)}` }],
  ])(
    'answers 401 UNAUTHORIZED with %s on every non-public route, before validating anything',
    async (_, headers) => {
      const routes = apiRoutes().filter((route) => !isPublic(route));
      // Hostile query and headers too: a stranger gets 401, not a 400 that tells the API's shape.
      for (const call of calls(routes, '?unknown=1&locationId=zz')) {
        const response = await ctx.app.inject({
          method: call.method,
          url: call.url,
          headers: { ...headers, 'timezone-offset': 'abc', 'content-type': 'application/json' },
          payload: call.method === 'GET' ? undefined : '{',
        });
        expect(response.statusCode, `${call.method} ${call.route}`).toBe(401);
        // Micro-site routes want a mall's micro-site token (modules/micro-site/micro-site-auth.ts).
        const code = isMicroSiteAccess(call.config?.auth) ? 'LOCATION_TOKEN_INVALID' : 'UNAUTHORIZED';
        expect(response.json(), `${call.method} ${call.route}`).toMatchObject({ statusCode: 401, code });
      }
    },
  );

  it('answers 403 FORBIDDEN on every route with a subject to a user whose role lacks it', async () => {
    const mall = await ctx.newLocation();
    const nobody = await ctx.newStaff({ subjects: [], locations: [mall] });
    const routes = apiRoutes().filter((route) => route.config?.subject);
    expect(routes.length).toBeGreaterThan(0);
    for (const call of calls(routes, `?locationId=${mall._id}`)) {
      const response = await ctx.app.inject({ method: call.method, url: call.url, headers: nobody.headers });
      expect(response.statusCode, `${call.method} ${call.route}`).toBe(403);
      expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
  });

  it('answers 403 on a route naming several subjects to a role lacking any one of them', async () => {
    const mall = await ctx.newLocation();
    const routes = apiRoutes().filter((route) => Array.isArray(route.config?.subject));
    // The channel export (it lists customers) is one; a route added later is walked the same way.
    expect(routes.map((route) => route.url)).toContain('/api/data-types/channel/export/:id');
    for (const route of routes) {
      for (const lacking of route.config!.subject as string[]) {
        const staff = await ctx.newStaff({
          subjects: moduleSubjects.filter((subject) => subject !== lacking),
          locations: [mall],
        });
        for (const call of calls([route], `?locationId=${mall._id}`)) {
          const response = await ctx.app.inject({
            method: call.method,
            url: call.url,
            headers: staff.headers,
          });
          expect(response.statusCode, `${call.method} ${call.route} without ${lacking}`).toBe(403);
        }
      }
    }
  });

  it('lets a role holding any one of an anyOf route’s subjects past the subject check', async () => {
    const mall = await ctx.newLocation();
    const routes = apiRoutes().filter(
      (route) => typeof route.config?.subject === 'object' && 'anyOf' in route.config.subject,
    );
    expect(routes.map((route) => route.url)).toContain('/api/customer/coupons/:customerId');
    for (const route of routes) {
      for (const held of (route.config!.subject as { anyOf: string[] }).anyOf) {
        const staff = await ctx.newStaff({ subjects: [held], locations: [mall] });
        for (const call of calls([route], `?locationId=${mall._id}`)) {
          const response = await ctx.app.inject({
            method: call.method,
            url: call.url,
            headers: staff.headers,
          });
          // Past the subject check: the sample id names no record of the mall.
          expect(response.statusCode, `${call.method} ${call.route} with ${held}`).not.toBe(403);
        }
      }
    }
  });

  it("answers 403 on 'system-admin' routes even to a role holding every module", async () => {
    const mall = await ctx.newLocation();
    const everything = await ctx.newStaff({ subjects: moduleSubjects, locations: [mall] });
    const routes = apiRoutes().filter((route) => route.config?.subject === 'system-admin');
    for (const call of calls(routes, `?locationId=${mall._id}`)) {
      const response = await ctx.app.inject({
        method: call.method,
        url: call.url,
        headers: everything.headers,
      });
      expect(response.statusCode, `${call.method} ${call.route}`).toBe(403);
    }
  });

  it('answers 403 on every location-scoped route for a mall the user does not work for', async () => {
    const [mine, theirs] = [await ctx.newLocation(), await ctx.newLocation()];
    const everything = await ctx.newStaff({ subjects: moduleSubjects, locations: [mine] });
    const routes = apiRoutes().filter(
      (route) => route.config?.scope === 'location' && route.config.subject !== 'system-admin',
    );
    expect(routes.length).toBeGreaterThan(0);
    for (const locationId of [theirs._id, ID]) {
      for (const call of calls(routes, `?locationId=${locationId}`)) {
        const response = await ctx.app.inject({
          method: call.method,
          url: call.url,
          headers: everything.headers,
        });
        expect(response.statusCode, `${call.method} ${call.route} ${locationId}`).toBe(403);
      }
    }
    // The same user in their own mall passes the access checks (the sample route answers 200).
    const own = await ctx.app.inject({
      url: `/api/test/scoped?locationId=${mine._id}`,
      headers: everything.headers,
    });
    expect(own.statusCode).toBe(200);
  });

  it('lets the system admin use any mall', async () => {
    const other = await ctx.newLocation();
    const response = await ctx.inject({ url: `/api/test/scoped?locationId=${other._id}` });
    expect(response.statusCode).toBe(200);
  });
});
