import { PgDialect } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../test/helper';

/** The shared list query, through the first real list: GET /api/core/locations. */
const ctx = useTestApp();

const names = [
  'Şişli Meydan AVM',
  'İstinye Koru AVM',
  'Işıklar Çarşı',
  'Kadıköy Rıhtım AVM',
  '100% Outlet',
  'Ankara Kule AVM',
  ...Array.from({ length: 19 }, (_, index) => `Test Park ${String(index + 1).padStart(2, '0')}`),
];

beforeAll(async () => {
  for (const location_name of names) await ctx.newLocation({ location_name });
});

const list = async (query: string, lang = 'en') => {
  const response = await ctx.inject({
    url: `/api/core/locations?${query}`,
    headers: { 'accept-language': lang },
  });
  return { status: response.statusCode, body: response.json() };
};

const namesOf = (body: { data: { location_name: string }[] }) => body.data.map((row) => row.location_name);

describe('list query', () => {
  it('answers the first page of 10 by default, sorted by the default column', async () => {
    const { status, body } = await list('');
    expect(status).toBe(200);
    expect(body.pagination).toEqual({ total: 25, limit: 10, currentPage: 1, totalPages: 3 });
    // Byte order (C collation on both engines): Turkish capitals sort after Z.
    expect(namesOf(body).slice(0, 3)).toEqual(['100% Outlet', 'Ankara Kule AVM', 'Işıklar Çarşı']);
  });

  it('pages through without repeating or skipping a row', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 4; page++) {
      const { body } = await list(`limit=7&currentPage=${page}`);
      expect(body.pagination).toEqual({ total: 25, limit: 7, currentPage: page, totalPages: 4 });
      seen.push(...namesOf(body));
    }
    expect(seen).toHaveLength(25);
    expect(new Set(seen)).toEqual(new Set(names));
  });

  it('keeps the total on a page past the end', async () => {
    const { body } = await list('currentPage=9');
    expect(body).toEqual({ data: [], pagination: { total: 25, limit: 10, currentPage: 9, totalPages: 3 } });
  });

  it('sorts by a whitelisted column in either order', async () => {
    const { body } = await list('orderBy=location_name&order=desc&limit=2');
    expect(namesOf(body)).toEqual(['Şişli Meydan AVM', 'İstinye Koru AVM']);
  });

  it.each([
    ['şişli', ['Şişli Meydan AVM']],
    ['SISLI', ['Şişli Meydan AVM']],
    ['istinye', ['İstinye Koru AVM']],
    ['ISIK', ['Işıklar Çarşı']],
    ['çarşı', ['Işıklar Çarşı']],
    ['kadikoy', ['Kadıköy Rıhtım AVM']],
    ['100%', ['100% Outlet']],
    ['0%_', []],
  ])('finds %s regardless of case and Turkish letters', async (keyword, expected) => {
    const { body } = await list(`keyword=${encodeURIComponent(keyword)}`);
    expect(namesOf(body)).toEqual(expected);
    expect(body.pagination.total).toBe(expected.length);
  });

  it('counts only what the keyword finds', async () => {
    const { body } = await list('keyword=test%20park&limit=5');
    expect(body.pagination).toEqual({ total: 19, limit: 5, currentPage: 1, totalPages: 4 });
  });

  it('builds a page’s statement once per shape and answers each call with its own values', async () => {
    await list('orderBy=createdAt'); // the signed-in session is read and kept
    const builds = vi.spyOn(PgDialect.prototype, 'buildSelectQuery');
    try {
      const first = await list('keyword=test%20park&orderBy=location_name&order=desc&limit=4&currentPage=2');
      expect(builds).toHaveBeenCalledTimes(1);
      // The same shape (keyword, sort, direction, a page past the first) with other values: no new
      // build, and their own rows.
      const second = await list('keyword=park&orderBy=location_name&order=desc&limit=5&currentPage=3');
      expect(builds).toHaveBeenCalledTimes(1);
      expect(namesOf(first.body)).toEqual(['Test Park 15', 'Test Park 14', 'Test Park 13', 'Test Park 12']);
      expect(namesOf(second.body)).toEqual([
        'Test Park 09',
        'Test Park 08',
        'Test Park 07',
        'Test Park 06',
        'Test Park 05',
      ]);
      expect(second.body.pagination).toEqual({ total: 19, limit: 5, currentPage: 3, totalPages: 4 });
      // Another direction is another shape.
      await list('keyword=park&orderBy=location_name&order=asc&limit=4&currentPage=2');
      expect(builds).toHaveBeenCalledTimes(2);
    } finally {
      builds.mockRestore();
    }
  });

  it.each([
    ['limit=0', { limit: 'Must be at least 1' }],
    ['limit=1001', { limit: 'Must be at most 1000' }],
    ['limit=ten', { limit: 'Must be a number' }],
    ['currentPage=0', { currentPage: 'Must be at least 1' }],
    ['size=5', { size: 'Unknown field' }],
    ['orderBy=password', { orderBy: 'Must be one of: location_name, createdAt' }],
    ['order=up', { order: 'Must be one of: asc, desc' }],
  ])('rejects %s naming the field', async (query, fields) => {
    const { status, body } = await list(query);
    expect(status).toBe(400);
    expect(body.fields).toEqual(fields);
  });

  it('names the bad paging field in Turkish too', async () => {
    const { body } = await list('limit=0', 'tr');
    expect(body).toEqual({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'Gönderilen bilgiler geçersiz: limit',
      fields: { limit: 'En az 1 olmalıdır' },
    });
  });
});
