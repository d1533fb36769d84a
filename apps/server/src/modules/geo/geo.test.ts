import { city, neighborhood, town } from '@avlu/contracts';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { microSiteFixtures } from '../micro-site/micro-site.fixtures';
import { geoId } from './geo.data';

const ctx = useTestApp();
const en = { 'accept-language': 'en' };

type Named = { _id: string; name: string };
const get = async (url: string) => {
  const response = await ctx.inject({ url, headers: en });
  return { status: response.statusCode, body: response.json() };
};

describe('address lookups', () => {
  it('pages the provinces by 100 in Turkish order; a short page ends the reading', async () => {
    const first = await get('/api/geo/cities?fields=name');
    expect(first.status).toBe(200);
    const cities = city.strict().array().parse(first.body) as Named[];
    expect(cities).toHaveLength(81); // fewer than the page of 100: the client stops here
    const names = cities.map((row) => row.name);
    // Turkish order: Ağrı after Afyonkarahisar, Çanakkale right after Burdur/Bursa, İstanbul after Isparta.
    expect(names.slice(0, 4)).toEqual(['Adana', 'Adıyaman', 'Afyonkarahisar', 'Ağrı']);
    expect(names.indexOf('Çanakkale')).toBe(names.indexOf('Bursa') + 1);
    expect(names.indexOf('İstanbul')).toBe(names.indexOf('Isparta') + 1);

    const paged = await get('/api/geo/cities?fields=name&skip=20&limit=20');
    expect(paged.body).toEqual(cities.slice(20, 40));
    const last = await get('/api/geo/cities?skip=80&limit=20');
    expect(last.body).toHaveLength(1);
    expect((await get('/api/geo/cities?skip=100')).body).toEqual([]);
  });

  it('cascades İstanbul → Kadıköy → a neighbourhood with its postal code, with stable ids', async () => {
    const cities = (await get('/api/geo/cities')).body as Named[];
    const istanbul = cities.find((row) => row.name === 'İstanbul')!;
    // The id is derived from the plate code: the same after a restart and on every server.
    expect(istanbul._id).toBe(geoId('city', '34'));

    const towns = await get(`/api/geo/cities/${istanbul._id}/towns`);
    expect(towns.status).toBe(200);
    const kadikoy = (town.strict().array().parse(towns.body) as Named[]).find(
      (row) => row.name === 'Kadıköy',
    )!;
    expect(kadikoy).toBeDefined();

    const list = await get(`/api/geo/towns/${kadikoy._id}/neighborhoods?fields=name,district,zip_code`);
    expect(list.status).toBe(200);
    const rows = neighborhood.strict().array().parse(list.body);
    expect(rows.find((row) => row.name === 'Caferağa Mah')).toMatchObject({
      district: 'Kadıköy',
      zip_code: '34710',
    });
    expect(new Set(rows.map((row) => row._id)).size).toBe(rows.length);

    const onlyZip = await get(`/api/geo/towns/${kadikoy._id}/neighborhoods?fields=zip_code`);
    expect(Object.keys(onlyZip.body[0]).sort()).toEqual(['_id', 'zip_code']);
  });

  it('answers 404 for an unknown province or district and 400 naming a bad parameter', async () => {
    const unknown = '0123456789abcdef01234567';
    for (const url of [`/api/geo/cities/${unknown}/towns`, `/api/geo/towns/${unknown}/neighborhoods`]) {
      const response = await get(url);
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    }
    const cases: Array<[string, string]> = [
      ['/api/geo/cities?skip=-1', 'skip'],
      ['/api/geo/cities?limit=0', 'limit'],
      ['/api/geo/cities?limit=abc', 'limit'],
      ['/api/geo/cities?limit=100000', 'limit'],
      ['/api/geo/cities?fields=name,population', 'fields.1'],
      ['/api/geo/cities/34/towns', 'cityId'],
    ];
    for (const [url, field] of cases) {
      const response = await get(url);
      expect(response.status, url).toBe(400);
      expect(Object.keys(response.body.fields), url).toEqual([field]);
    }
  });

  it('needs a signed-in staff user, but no module', async () => {
    expect((await ctx.app.inject({ url: '/api/geo/cities' })).statusCode).toBe(401);
    const staff = await ctx.newStaff({ subjects: [] });
    expect((await ctx.app.inject({ url: '/api/geo/cities', headers: staff.headers })).statusCode).toBe(200);
  });
});

describe('address lookups for the micro-site', () => {
  const { newMall } = microSiteFixtures(ctx);

  it('answers the same lookups at /api/ext/geo to a mall’s micro-site token, and to nothing else', async () => {
    const mall = await newMall();
    const withToken = (url: string, bearer: string) =>
      ctx.app.inject({ url, headers: { ...en, authorization: `Bearer ${bearer}` } });
    const cities = await withToken('/api/ext/geo/cities?fields=name', mall.token);
    expect(cities.statusCode).toBe(200);
    expect(cities.json()).toEqual((await get('/api/geo/cities?fields=name')).body);
    const istanbul = geoId('city', '34');
    const towns = await withToken(`/api/ext/geo/cities/${istanbul}/towns`, mall.token);
    expect(towns.json().map((row: Named) => row.name)).toContain('Kadıköy');

    const stranger = await ctx.app.inject({ url: '/api/ext/geo/cities', headers: en });
    expect(stranger.statusCode).toBe(401);
    expect(stranger.json().code).toBe('LOCATION_TOKEN_INVALID');
    const staff = await ctx.inject({ url: '/api/ext/geo/cities', headers: en });
    expect(staff.statusCode).toBe(401);
  });
});
