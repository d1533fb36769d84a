import { locationSettings } from '@avlu/contracts';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';

const ctx = useTestApp();
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** A logo as POST /api/files answers it (the factory writes the mall directly, without checking the file). */
const KORDON_LOGO = `/api/files/${'K'.repeat(43)}.png`;
const noLinks = { androidApp: null, androidStore: null, iosApp: null, iosStore: null, fallbackUrl: null };

describe('GET /api/core/locations/{id}', () => {
  it('answers a mall with its settings to the system admin', async () => {
    const mall = await ctx.newLocation({
      location_name: 'Kordonboyu Yaşam AVM',
      location_logo: { thumbnail: KORDON_LOGO },
      hasMobileApp: true,
    });
    const response = await ctx.inject({ url: `/api/core/locations/${mall._id}` });
    expect(response.statusCode).toBe(200);
    const body = locationSettings.strict().parse(response.json());
    expect(body).toEqual({
      _id: mall._id,
      location_name: 'Kordonboyu Yaşam AVM',
      location_meta: { timezone: 'Europe/Istanbul' },
      location_logo: { thumbnail: KORDON_LOGO },
      hasMobileApp: true,
      location_app_links: noLinks,
      location_token: expect.stringMatching(TOKEN),
    });
  });

  it('answers 404 NOT_FOUND for an id no mall has', async () => {
    const response = await ctx.inject({ url: '/api/core/locations/65a1b2c3d4e5f60718293a4b' });
    expect(response.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Kayıt bulunamadı' });
  });

  it('answers 400 naming id for a malformed id', async () => {
    const response = await ctx.inject({
      url: '/api/core/locations/123',
      headers: { 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ id: 'Must be a valid id (24 hexadecimal characters)' });
  });
});

describe('GET /api/core/locations', () => {
  it('lists the malls in the list answer shape', async () => {
    const mall = await ctx.newLocation({ location_name: 'Boğaziçi Sahil AVM' });
    const response = await ctx.inject({ url: '/api/core/locations?keyword=bogazici' });
    expect(response.json()).toEqual({
      data: [
        {
          _id: mall._id,
          location_name: 'Boğaziçi Sahil AVM',
          location_meta: { timezone: 'Europe/Istanbul' },
          location_logo: { thumbnail: null },
          hasMobileApp: false,
          location_app_links: noLinks,
          location_token: expect.stringMatching(TOKEN),
        },
      ],
      pagination: { total: 1, limit: 10, currentPage: 1, totalPages: 1 },
    });
  });
});

describe('mall settings', () => {
  it('takes as a logo only an image uploaded to our file store', async () => {
    let malls = 0;
    const save = (logo: string | null) =>
      ctx.inject({
        method: 'POST',
        url: '/api/core/locations',
        headers: { 'accept-language': 'en' },
        payload: { location_name: `Logo AVM ${++malls}`, location_logo: { thumbnail: logo } },
      });
    for (const logo of ['https://tracker.example/x.gif', 'javascript:alert(1)']) {
      const refused = await save(logo);
      expect(refused.statusCode, logo).toBe(400);
      expect(refused.json().fields, logo).toEqual({
        'location_logo.thumbnail': 'Must be an image uploaded to this server',
      });
    }
    const missing = await save(KORDON_LOGO);
    expect(missing.json().fields).toEqual({
      'location_logo.thumbnail': 'Image not found; please upload it again',
    });
    const file = await ctx.app.files.save(ctx.database.db, Buffer.from('logo'), {
      extension: 'png',
      visibility: 'public',
    });
    const saved = await save(`/api/files/${file.name}`);
    expect(saved.statusCode).toBe(201);
    expect(saved.json().location_logo).toEqual({ thumbnail: `/api/files/${file.name}` });
  });

  it('creates and changes a mall with app links, and renews its token', async () => {
    const created = await ctx.inject({
      method: 'POST',
      url: '/api/core/locations',
      payload: {
        location_name: 'Ege Park AVM',
        hasMobileApp: true,
        location_app_links: { androidStore: 'https://play.google.com/store/apps/details?id=com.egepark' },
      },
    });
    expect(created.statusCode).toBe(201);
    const mall = locationSettings.strict().parse(created.json());
    expect(mall.location_app_links).toEqual({
      ...noLinks,
      androidStore: 'https://play.google.com/store/apps/details?id=com.egepark',
    });
    expect(mall.location_token).toMatch(TOKEN);

    const changed = await ctx.inject({
      method: 'PUT',
      url: `/api/core/locations/${mall._id}`,
      payload: {
        location_name: 'Ege Park Yaşam AVM',
        location_meta: { timezone: 'Europe/Berlin' },
        location_app_links: { fallbackUrl: 'https://egepark.example.com' },
      },
    });
    expect(changed.json()).toMatchObject({
      location_name: 'Ege Park Yaşam AVM',
      location_meta: { timezone: 'Europe/Berlin' },
      hasMobileApp: false,
      location_app_links: { ...noLinks, fallbackUrl: 'https://egepark.example.com' },
      location_token: mall.location_token,
    });

    const renewed = await ctx.inject({ method: 'POST', url: `/api/core/locations/${mall._id}/token` });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().location_token).toMatch(TOKEN);
    expect(renewed.json().location_token).not.toBe(mall.location_token);
  });

  it('names bad links and unknown time zones', async () => {
    const response = await ctx.inject({
      method: 'POST',
      url: '/api/core/locations',
      headers: { 'accept-language': 'en' },
      payload: {
        location_name: 'X AVM',
        location_meta: { timezone: 'Mars/Olympus' },
        location_app_links: { iosStore: 'not a url' },
      },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields).sort()).toEqual([
      'location_app_links.iosStore',
      'location_meta.timezone',
    ]);
  });

  it('answers 404 when changing or renewing a mall that does not exist', async () => {
    const id = '65a1b2c3d4e5f60718293a4b';
    expect(
      (
        await ctx.inject({
          method: 'PUT',
          url: `/api/core/locations/${id}`,
          payload: { location_name: 'Yok AVM' },
        })
      ).statusCode,
    ).toBe(404);
    expect((await ctx.inject({ method: 'POST', url: `/api/core/locations/${id}/token` })).statusCode).toBe(
      404,
    );
  });

  it('is the system admin’s only: other staff get 403, strangers 401', async () => {
    const mall = await ctx.newLocation();
    const manager = await ctx.newStaff({ subjects: ['modules:users:user-management'], locations: [mall] });
    for (const [method, url] of [
      ['GET', '/api/core/locations'],
      ['GET', `/api/core/locations/${mall._id}`],
      ['POST', '/api/core/locations'],
      ['PUT', `/api/core/locations/${mall._id}`],
      ['POST', `/api/core/locations/${mall._id}/token`],
    ] as const) {
      const payload = method === 'GET' ? undefined : { location_name: 'Benim AVM' };
      expect((await ctx.app.inject({ method, url, headers: manager.headers, payload })).statusCode, url).toBe(
        403,
      );
      expect((await ctx.app.inject({ method, url, payload })).statusCode, url).toBe(401);
    }
  });

  it('gives every mall its own token, the seeded ones too', async () => {
    const rows = await ctx.database.db.query.locations.findMany();
    const tokens = rows.map((row) => row.location_token);
    expect(new Set(tokens).size).toBe(tokens.length);
    for (const token of tokens) expect(token).toMatch(TOKEN);
  });
});
