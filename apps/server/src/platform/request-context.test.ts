import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helper';
import { sampleRoutes } from '../../test/sample-routes';

const ctx = useTestApp({ routes: sampleRoutes });

const scoped = (query: string, headers: Record<string, string> = {}) =>
  ctx.inject({ url: `/api/test/scoped?${query}`, headers });

describe('location scope', () => {
  it('gives a location-scoped route its location', async () => {
    const mall = await ctx.newLocation({ location_name: 'Çınaraltı Park AVM' });
    const response = await scoped(`locationId=${mall._id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ location: 'Çınaraltı Park AVM' });
  });

  it.each([
    ['tr', 'Bu alan zorunludur'],
    ['en', 'This field is required'],
  ])('requires locationId (%s)', async (lang, message) => {
    const response = await scoped('', { 'accept-language': lang });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ locationId: message });
  });

  it.each(['abc', '65A1B2C3D4E5F60718293A4B', 'locationId[]=x'])(
    'rejects a malformed locationId %s',
    async (value) => {
      const query = value.includes('=') ? value : `locationId=${value}`;
      const response = await scoped(query, { 'accept-language': 'en' });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().fields)).toEqual(['locationId']);
    },
  );

  it.each([
    ['tr', 'AVM bulunamadı'],
    ['en', 'Location not found'],
  ])('answers 404 LOCATION_NOT_FOUND for an unknown location (%s)', async (lang, message) => {
    const response = await scoped('locationId=65a1b2c3d4e5f60718293a4b', { 'accept-language': lang });
    expect(response.json()).toEqual({ statusCode: 404, code: 'LOCATION_NOT_FOUND', message });
  });

  it("keeps the route's own query strict", async () => {
    const mall = await ctx.newLocation();
    const response = await scoped(`locationId=${mall._id}&q=a&other=1`, { 'accept-language': 'en' });
    expect(response.json().fields).toEqual({ other: 'Unknown field' });
  });

  it('lets every route take a locationId it does not use', async () => {
    for (const url of [
      '/api/health?locationId=65a1b2c3d4e5f60718293a4b',
      '/api/core/locations?locationId=anything',
    ]) {
      expect((await ctx.inject({ url })).statusCode, url).toBe(200);
    }
  });

  it('rejects other unknown query parameters on every route', async () => {
    const response = await ctx.inject({ url: '/api/health?debug=1' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ debug: 'Bilinmeyen alan' });
  });

  it('names a __proto__ parameter like any unknown one', async () => {
    const response = await ctx.inject({
      url: '/api/health?__proto__[admin]=1',
      headers: { 'accept-language': 'en' },
    });
    expect(response.json()).toEqual({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'The request is invalid: __proto__',
      fields: JSON.parse('{"__proto__":"Unknown field"}'),
    });
  });
});

describe('client headers', () => {
  const withHeaders = async (headers: Record<string, string>) => {
    const mall = await ctx.newLocation();
    return scoped(`locationId=${mall._id}`, headers);
  };

  it('reads timezone-offset, request-time and accept-language', async () => {
    const response = await withHeaders({
      'timezone-offset': '-180',
      'request-time': '2026-03-01T10:15:00.000+03:00',
      'accept-language': 'en-US,en;q=0.9,tr;q=0.8',
    });
    expect(response.json()).toMatchObject({
      timezoneOffset: -180,
      requestTime: '2026-03-01T07:15:00.000Z',
      lang: 'en',
    });
  });

  it('answers in Turkish without a supported language', async () => {
    expect((await withHeaders({ 'accept-language': 'de-DE' })).json()).toMatchObject({
      lang: 'tr',
      timezoneOffset: null,
    });
  });

  it.each([
    ['timezone-offset', 'abc', 'Must be a number'],
    ['timezone-offset', '1000', 'Must be at most 720'],
    ['timezone-offset', '90.5', 'Must be a whole number'],
    ['request-time', 'yesterday', 'Enter a valid date and time'],
  ])('rejects %s: %s naming the header', async (header, value, message) => {
    const response = await ctx.inject({
      url: '/api/health',
      headers: { [header]: value, 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { [header]: message } });
  });
});
