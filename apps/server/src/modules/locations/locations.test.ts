import { location } from '@avlu/contracts';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';

const ctx = useTestApp();

describe('GET /api/core/locations/{id}', () => {
  it('answers a mall in the contract shape', async () => {
    const mall = await ctx.newLocation({
      location_name: 'Kordonboyu Yaşam AVM',
      location_logo: { thumbnail: 'https://cdn.example.com/kordon.png' },
      hasMobileApp: true,
    });
    const response = await ctx.inject({ url: `/api/core/locations/${mall._id}` });
    expect(response.statusCode).toBe(200);
    expect(location.strict().parse(response.json())).toEqual({
      _id: mall._id,
      location_name: 'Kordonboyu Yaşam AVM',
      location_meta: { timezone: 'Europe/Istanbul' },
      location_logo: { thumbnail: 'https://cdn.example.com/kordon.png' },
      hasMobileApp: true,
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
        },
      ],
      pagination: { total: 1, limit: 10, currentPage: 1, totalPages: 1 },
    });
  });
});
