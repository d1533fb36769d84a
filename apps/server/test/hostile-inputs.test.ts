import { errorBody } from '@avlu/contracts';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { customers } from '../src/modules/customers/customers.tables';
import { signedInHeaders } from '../src/modules/micro-site/micro-site.fixtures';
import { useTestApp } from './helper';
import { sampleRoutes } from './sample-routes';
import { type Hostility, mutantsOf, sampleOf, toQueryString } from './schema-samples';

/**
 * No input may make the server fail: every registered route, the feature routes of later issues
 * included, gets malformed and malicious requests and must answer 2xx-4xx, errors in the error model.
 */
const ctx = useTestApp({ routes: sampleRoutes });

const HUGE = '9'.repeat(400);
const pathValues = ['not-an-id', '65a1b2c3d4e5f60718293a4b', HUGE, '%00', '..%2F..%2Fetc', '__proto__'];

const queries = [
  '',
  'unknown=1',
  '__proto__[polluted]=1',
  'constructor[prototype][polluted]=1',
  'locationId=zz',
  'locationId[]=a&locationId[]=b',
  'locationId[x]=1',
  'locationId=65a1b2c3d4e5f60718293a4b',
  `limit=${HUGE}`,
  `pagination[limit]=${HUGE}`,
  'limit=-1&currentPage=1e309',
  'pagination=1',
  'keyword[a]=1',
  `keyword=${'%27%22%3B--'.repeat(50)}`,
  'orderBy=__proto__&order=sideways',
  'filter[a][b][c][d][e][f]=1',
];

const bodies: Array<[contentType: string | undefined, payload: string]> = [
  ['application/json', '{'],
  ['application/json', ''],
  ['application/json', 'null'],
  ['application/json', '[]'],
  ['application/json', '"text"'],
  ['application/json', '1e999'],
  ['application/json', '{"__proto__":{"polluted":1}}'],
  ['application/json', '{"constructor":{"prototype":{"polluted":1}}}'],
  ['application/json', JSON.stringify({ name: [], count: HUGE, tags: {}, owner: [] })],
  ['application/json', JSON.stringify({ name: 'x', count: Number.MAX_VALUE, extra: { deep: [[[[]]]] } })],
  ['application/json', '['.repeat(5000) + ']'.repeat(5000)],
  ['application/json; charset=latin1', '{}'],
  ['text/plain', 'hello'],
  ['application/x-www-form-urlencoded', 'a=1&__proto__=2'],
  ['multipart/form-data', '--x\r\n'],
  ['application/xml', '<a/>'],
  [undefined, '{"name":"x"}'],
];

const headerSets: Record<string, string>[] = [
  {},
  { 'timezone-offset': 'abc' },
  { 'timezone-offset': HUGE },
  { 'request-time': 'yesterday' },
  { 'accept-language': '*;q=abc, en-US;q=2, tr' },
];

const urlOf = (template: string, value: string) => template.replace(/:\w+/g, value).replace(/\*$/, value);

describe.each(['tr', 'en'])('hostile inputs (%s)', (lang) => {
  // Thousands of requests, each through the auth hook's query: slow on PGlite, and longer with every route.
  it('never answer 5xx, and every error follows the error model', { timeout: 180_000 }, async () => {
    const routes = ctx.app.routeList.filter((route) => route.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(5);
    // A route without parameters gets the same URL for every path value: each request is sent once.
    const requests = new Map<string, InjectOptions>();
    const add = (request: InjectOptions) => requests.set(JSON.stringify(request), request);
    for (const route of routes) {
      const methods = ([] as string[]).concat(route.method);
      for (const method of methods) {
        for (const value of pathValues) {
          const url = urlOf(route.url, value);
          for (const query of queries) add({ method: method as 'GET', url: `${url}?${query}` });
          for (const headers of headerSets) add({ method: method as 'GET', url, headers });
          if (method === 'GET') continue;
          for (const [contentType, payload] of bodies) {
            add({
              method: method as 'POST',
              url,
              payload,
              headers: contentType ? { 'content-type': contentType } : {},
            });
          }
        }
      }
    }
    // Signed in as the system admin, so every check behind the auth hook is reached; only a call that
    // succeeds can end a session (logout), so a fresh one follows each success. Without a token: access.test.ts.
    const admin = await ctx.systemAdmin();
    let session = await ctx.newSession(admin._id);
    for (const request of requests.values()) {
      const response = await ctx.app.inject({
        ...request,
        headers: { 'accept-language': lang, ...session, ...request.headers },
      });
      if (response.statusCode < 300) session = await ctx.newSession(admin._id);
      const where = `${request.method} ${request.url} ${String(request.payload ?? '').slice(0, 40)} → ${response.statusCode} ${response.body.slice(0, 200)}`;
      expect(response.statusCode, where).toBeLessThan(500);
      if (response.statusCode >= 400 && request.method !== 'HEAD') {
        const parsed = errorBody.strict().safeParse(JSON.parse(response.body || 'null'));
        expect(parsed.success, where).toBe(true);
        expect(parsed.data?.statusCode, where).toBe(response.statusCode);
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('error texts by language', () => {
  it('differ between Turkish and English on every API route', async () => {
    const routes = ctx.app.routeList.filter(
      (route) => route.url.startsWith('/api/') && !route.schema?.hide && route.method !== 'HEAD',
    );
    expect(routes.length).toBeGreaterThanOrEqual(7);
    for (const route of routes) {
      const method = ([] as string[]).concat(route.method)[0] as 'GET';
      const ask = (lang: string) =>
        ctx.inject({
          method,
          url: `${urlOf(route.url, 'bad')}?unknown=1`,
          headers: { 'accept-language': lang },
        });
      const [tr, en] = [(await ask('tr')).json(), (await ask('en')).json()];
      expect(tr.statusCode, route.url).toBeGreaterThanOrEqual(400);
      expect(tr.message, route.url).not.toBe(en.message);
      for (const field of Object.keys(tr.fields ?? {}))
        expect(tr.fields[field], field).not.toBe(en.fields[field]);
    }
  });
});

describe('control characters and out-of-range dates', () => {
  /**
   * Every text field of every route's body, query and path gets a NUL (PostgreSQL refuses it in text:
   * a 500 if it got that far), every date field the year 0; each must answer 400 naming the field.
   * The other fields hold valid samples, so the refusal is the field's own, and callers are signed in
   * as each route needs (staff, a mall's micro-site token, a customer session).
   */
  it.each<[Hostility, string]>([
    ['text', 'a NUL'],
    ['date', '0000-01-01'],
  ])('every %s field refuses %s with 400 naming it', { timeout: 300_000 }, async (hostility) => {
    const mall = await ctx.newLocation();
    const [customer] = await ctx.database.db
      .insert(customers)
      .values({ location_id: mall._id, customer_phone: '+905321234500', customer_name: 'Ayşe' })
      .returning({ _id: customers._id });
    // The mall's bearer, and the customer's session besides on customer routes.
    const signedIn = await signedInHeaders(ctx.database.db, mall, customer!._id);
    const admin = await ctx.systemAdmin();
    let session = await ctx.newSession(admin._id);
    let checked = 0;
    for (const route of ctx.app.routeList.filter((candidate) => candidate.method !== 'HEAD')) {
      const schema = (route.schema ?? {}) as Record<string, Parameters<typeof mutantsOf>[0] | undefined>;
      const auth = (route.config as { auth?: string; scope?: string } | undefined)?.auth;
      const scope = (route.config as { scope?: string } | undefined)?.scope;
      const headersFor = () =>
        auth === 'customer'
          ? signedIn
          : auth === 'micro-site'
            ? { authorization: signedIn.authorization }
            : session;
      const params = (schema.params ? sampleOf(schema.params) : {}) as Record<string, unknown>;
      const query = {
        ...((schema.querystring ? sampleOf(schema.querystring) : {}) as Record<string, unknown>),
        ...(scope === 'location' ? { locationId: mall._id } : {}),
      };
      const body = schema.body ? sampleOf(schema.body) : undefined;
      const urlWith = (values: Record<string, unknown>) =>
        route.url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(values[name] ?? 'x')));
      const cases = [
        ...(schema.body ? mutantsOf(schema.body, hostility) : []).map((mutant) => ({
          mutant,
          url: urlWith(params),
          query,
          payload: mutant.value,
        })),
        ...(schema.querystring ? mutantsOf(schema.querystring, hostility) : []).map((mutant) => ({
          mutant,
          url: urlWith(params),
          query: { ...(mutant.value as object), ...(scope === 'location' ? { locationId: mall._id } : {}) },
          payload: body,
        })),
        ...(schema.params ? mutantsOf(schema.params, hostility) : []).map((mutant) => ({
          mutant,
          url: urlWith(mutant.value as Record<string, unknown>),
          query,
          payload: body,
        })),
      ];
      for (const method of ([] as string[]).concat(route.method)) {
        for (const { mutant, url, query: search, payload } of cases) {
          const response = await ctx.app.inject({
            method: method as 'POST',
            url: `${url}?${toQueryString(search)}`,
            ...(method === 'GET' || payload === undefined ? {} : { payload: payload as object }),
            headers: { ...headersFor(), 'accept-language': 'en' },
          });
          if (response.statusCode < 300) session = await ctx.newSession(admin._id);
          const field = mutant.path.join('.');
          const where = `${method} ${route.url} ${field} → ${response.statusCode} ${response.body.slice(0, 300)}`;
          expect(response.statusCode, where).toBe(400);
          const named = Object.keys(response.json().fields ?? {});
          // A union names itself (filter.0) rather than the branch's field it could not match; a
          // text split into a list names the item (fields.0).
          expect(
            named.some(
              (name) => name === field || field.startsWith(`${name}.`) || name.startsWith(`${field}.`),
            ),
            where,
          ).toBe(true);
          checked++;
        }
      }
    }
    // The walk reached the fields it is about: names, addresses, keywords, filters, birth dates.
    expect(checked).toBeGreaterThan(hostility === 'text' ? 150 : 15);
  });
});
