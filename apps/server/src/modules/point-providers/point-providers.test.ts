import { type Location, type PointProviderInput, pointProvider } from '@avlu/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { nameKey } from '../../platform/db/unique-names';
import { seedDemoStores } from '../stores/stores.demo';
import { storeCategoryColumns } from '../stores/stores.service';
import { storeCategories, stores } from '../stores/stores.tables';
import { seedDemoPointProviders } from './point-providers.demo';
import { pointProviders } from './point-providers.tables';

const ctx = useTestApp();

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Lang = 'tr' | 'en';
const call = (
  mall: Pick<Location, '_id'>,
  method: Method,
  path: string,
  payload?: object,
  headers: Record<string, string> = { 'accept-language': 'en' },
) =>
  ctx.inject({
    method,
    url: `/api/point-providers${path}${path.includes('?') ? '&' : '?'}locationId=${mall._id}`,
    headers,
    ...(payload ? { payload } : {}),
  });

/** A category with stores of the mall, written directly (the store directory has its own tests). */
const directory = async (mall: Pick<Location, '_id'>, category: string, names: string[]) => {
  const db = ctx.database.db;
  const [row] = await db
    .insert(storeCategories)
    .values({
      location_id: mall._id,
      ...storeCategoryColumns({ store_category_name: category, store_category_name_en: `${category} EN` }),
    })
    .returning();
  const rows = await db
    .insert(stores)
    .values(
      names.map((store_name) => ({
        location_id: mall._id,
        store_name,
        store_name_key: nameKey(store_name),
        store_category_id: row!._id,
        store_floor: 'Zemin Kat',
      })),
    )
    .returning();
  return { categoryId: row!._id, storeIds: rows.map((store) => store._id) };
};

const provider = (overrides: Partial<PointProviderInput> = {}): PointProviderInput => ({
  point_provider_name: 'Genel Puan Kuralı',
  point_provider_type: 'default',
  point_provider_priority: 1,
  point_provider_min_amount: 50,
  point_provider_points_multiplier: 0.02,
  point_provider_start_at: '2026-01-01',
  point_provider_end_at: '2026-12-31',
  ...overrides,
});

const create = async (mall: Pick<Location, '_id'>, overrides: Partial<PointProviderInput> = {}) => {
  const response = await call(mall, 'POST', '', provider(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return pointProvider.strict().parse(response.json());
};

const refusal = async (
  mall: Pick<Location, '_id'>,
  overrides: Partial<PointProviderInput> | Record<string, unknown>,
  lang: Lang,
) => {
  const response = await call(mall, 'POST', '', { ...provider(), ...overrides }, { 'accept-language': lang });
  return { status: response.statusCode, body: response.json() };
};

describe('point providers', () => {
  it('creates, reads, changes and deletes a provider', async () => {
    const mall = await ctx.newLocation();
    const { storeIds } = await directory(mall, 'Elektronik', ['MediaMarkt', 'Teknosa']);
    const created = await create(mall, {
      point_provider_name: 'Elektronik Mağazaları',
      point_provider_type: 'store',
      point_provider_priority: 30,
      point_provider_min_amount: 500.5,
      point_provider_points_multiplier: 0.03,
      point_provider_store_ids: storeIds,
    });
    expect(created).toMatchObject({
      point_provider_name: 'Elektronik Mağazaları',
      point_provider_type: 'store',
      point_provider_priority: 30,
      point_provider_min_amount: 500.5,
      point_provider_points_multiplier: 0.03,
      point_provider_start_at: '2026-01-01',
      point_provider_end_at: '2026-12-31',
      point_provider_store_ids: storeIds,
      point_provider_category_ids: [],
      currency: 'TRY',
    });

    const read = await call(mall, 'GET', `/${created._id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(created);

    const changed = await call(mall, 'PUT', `/${created._id}`, {
      ...provider(),
      point_provider_name: 'Tüm Mağazalar',
      point_provider_priority: 2,
      currency: 'EUR',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      _id: created._id,
      point_provider_name: 'Tüm Mağazalar',
      point_provider_type: 'default',
      point_provider_store_ids: [],
      currency: 'EUR',
    });
    // The same priority and name again is no conflict with itself.
    const again = provider({ point_provider_name: 'Tüm Mağazalar', point_provider_priority: 2 });
    expect((await call(mall, 'PUT', `/${created._id}`, again)).statusCode).toBe(200);

    expect((await call(mall, 'DELETE', `/${created._id}`)).statusCode).toBe(204);
    expect((await call(mall, 'GET', `/${created._id}`)).statusCode).toBe(404);
    expect((await call(mall, 'DELETE', `/${created._id}`)).statusCode).toBe(404);
  });

  it('lists, searches, filters by type and orders, the highest priority (1) first by default', async () => {
    const mall = await ctx.newLocation();
    const { storeIds, categoryId } = await directory(mall, 'Giyim', ['Mavi']);
    await create(mall, { point_provider_name: 'Genel Puan Kuralı', point_provider_priority: 90 });
    await create(mall, {
      point_provider_name: 'Giyim Puanı',
      point_provider_type: 'category',
      point_provider_priority: 20,
      point_provider_category_ids: [categoryId],
    });
    await create(mall, {
      point_provider_name: 'Mavi Ekstra',
      point_provider_type: 'store',
      point_provider_priority: 5,
      point_provider_store_ids: storeIds,
      point_provider_points_multiplier: 0.1,
    });
    await create(mall, {
      point_provider_name: 'Banka Puanları',
      point_provider_type: 'outsource',
      point_provider_priority: 50,
    });
    const names = (response: { json: () => { data: { point_provider_name: string }[] } }) =>
      response.json().data.map((row) => row.point_provider_name);

    const page = await call(mall, 'POST', '/filter', { pagination: { limit: 10, currentPage: 1 } });
    expect(page.statusCode, page.body).toBe(200);
    expect(names(page)).toEqual(['Mavi Ekstra', 'Giyim Puanı', 'Banka Puanları', 'Genel Puan Kuralı']);
    expect(page.json().pagination).toEqual({ total: 4, limit: 10, currentPage: 1, totalPages: 1 });

    const byName = await call(mall, 'POST', '/filter', {
      pagination: { limit: 2, currentPage: 2 },
      order: 'asc',
      orderBy: 'point_provider_name',
    });
    expect(names(byName)).toEqual(['Giyim Puanı', 'Mavi Ekstra']);
    expect(byName.json().pagination).toMatchObject({ total: 4, totalPages: 2 });

    const filtered = await call(mall, 'POST', '/filter', {
      filter: { point_provider_type: 'category' },
    });
    expect(names(filtered)).toEqual(['Giyim Puanı']);
    // The keyword folds Turkish letters and case.
    const keyword = await call(mall, 'POST', '/filter', { keyword: 'PUANI' });
    expect(names(keyword)).toEqual(['Giyim Puanı']);
    const bad = await call(mall, 'POST', '/filter', { filter: { point_provider_type: 'other' } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['filter.point_provider_type']);

    const get = await call(
      mall,
      'GET',
      '?limit=10&currentPage=1&orderBy=point_provider_points_multiplier&order=desc',
    );
    expect(names(get)[0]).toBe('Mavi Ekstra');
    const all = await call(mall, 'GET', '?showAll=true&point_provider_type=outsource');
    expect(all.json().map((row: { point_provider_name: string }) => row.point_provider_name)).toEqual([
      'Banka Puanları',
    ]);
  });

  describe.each(['tr', 'en'] as const)('refuses the §5 rules naming the field (%s)', (lang) => {
    const words = {
      tr: {
        priorityMin: 'En az 1 olmalıdır',
        priorityMax: 'En fazla 99 olabilir',
        minAmount: 'En az 1 olmalıdır',
        tooBig: 'Parametre 0,9’dan fazla olamaz',
        tooSmall: 'Parametre 0,01’den az olamaz',
        stores: 'Mağaza türündeki puan sağlayıcısı için en az bir mağaza seçin',
        categories: 'Kategori türündeki puan sağlayıcısı için en az bir kategori seçin',
        required: 'Bu alan zorunludur',
        endAfterStart: 'Bitiş tarihi başlangıç tarihinden sonra olmalıdır',
        priorityTaken: 'Bu öncelik AVM’nin başka bir puan sağlayıcısında kullanılıyor',
        noStore: 'Bu AVM’de böyle bir mağaza yok',
        noCategory: 'Bu AVM’de böyle bir mağaza kategorisi yok',
      },
      en: {
        priorityMin: 'Must be at least 1',
        priorityMax: 'Must be at most 99',
        minAmount: 'Must be at least 1',
        tooBig: 'The parameter cannot be more than 0.9',
        tooSmall: 'The parameter cannot be less than 0.01',
        stores: 'Pick at least one store for a point provider of the store type',
        categories: 'Pick at least one category for a point provider of the category type',
        required: 'This field is required',
        endAfterStart: 'The end date must be later than the start date',
        priorityTaken: 'This priority is already used by another point provider of the mall',
        noStore: 'This mall has no such store',
        noCategory: 'This mall has no such store category',
      },
    }[lang];

    it('priority, minimum amount, parameter, stores or categories, dates', async () => {
      const mall = await ctx.newLocation();
      const cases: [Record<string, unknown>, Record<string, string>][] = [
        [{ point_provider_priority: 0 }, { point_provider_priority: words.priorityMin }],
        [{ point_provider_priority: 100 }, { point_provider_priority: words.priorityMax }],
        [{ point_provider_min_amount: 0.99 }, { point_provider_min_amount: words.minAmount }],
        [{ point_provider_points_multiplier: 0.91 }, { point_provider_points_multiplier: words.tooBig }],
        [{ point_provider_points_multiplier: 0.009 }, { point_provider_points_multiplier: words.tooSmall }],
        [{ point_provider_type: 'store' }, { point_provider_store_ids: words.stores }],
        [{ point_provider_type: 'category' }, { point_provider_category_ids: words.categories }],
        [
          { point_provider_start_at: undefined, point_provider_end_at: undefined },
          { point_provider_start_at: words.required, point_provider_end_at: words.required },
        ],
        [{ point_provider_end_at: '2026-01-01' }, { point_provider_end_at: words.endAfterStart }],
      ];
      for (const [overrides, fields] of cases) {
        const { status, body } = await refusal(mall, overrides, lang);
        expect(status, JSON.stringify(overrides)).toBe(400);
        expect(body.fields, JSON.stringify(overrides)).toEqual(fields);
      }
      expect((await call(mall, 'GET', '?showAll=true')).json()).toEqual([]);
    });

    it('a priority the mall already uses, and stores or categories of another mall', async () => {
      const mall = await ctx.newLocation();
      const other = await ctx.newLocation();
      const foreign = await directory(other, 'Giyim', ['Koton']);
      await create(mall, { point_provider_priority: 7 });
      const taken = await refusal(mall, { point_provider_name: 'Başka', point_provider_priority: 7 }, lang);
      expect(taken.status).toBe(409);
      expect(taken.body.fields).toEqual({ point_provider_priority: words.priorityTaken });
      // Another mall may use the same priority.
      await create(other, { point_provider_priority: 7 });

      const store = await refusal(
        mall,
        {
          point_provider_name: 'Koton',
          point_provider_priority: 8,
          point_provider_type: 'store',
          point_provider_store_ids: foreign.storeIds,
        },
        lang,
      );
      expect(store.status).toBe(400);
      expect(store.body.fields).toEqual({ 'point_provider_store_ids.0': words.noStore });
      const category = await refusal(
        mall,
        {
          point_provider_name: 'Giyim',
          point_provider_priority: 8,
          point_provider_type: 'category',
          point_provider_category_ids: [foreign.categoryId],
        },
        lang,
      );
      expect(category.status).toBe(400);
      expect(category.body.fields).toEqual({ 'point_provider_category_ids.0': words.noCategory });
    });
  });

  it('says when the name is taken, as people read it', async () => {
    const mall = await ctx.newLocation();
    await create(mall, { point_provider_name: 'İndirim Puanı' });
    const taken = await refusal(
      mall,
      { point_provider_name: 'indirim puanı', point_provider_priority: 2 },
      'tr',
    );
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({
      code: 'NAME_TAKEN',
      fields: { point_provider_name: expect.any(String) },
    });
  });

  it('moving a provider to a priority another holds is refused, and a lost race answers the same', async () => {
    const mall = await ctx.newLocation();
    await create(mall, { point_provider_name: 'Bir', point_provider_priority: 1 });
    const two = await create(mall, { point_provider_name: 'İki', point_provider_priority: 2 });
    const moved = await call(
      mall,
      'PUT',
      `/${two._id}`,
      provider({ point_provider_name: 'İki', point_provider_priority: 1 }),
    );
    expect(moved.statusCode).toBe(409);
    expect(moved.json().fields).toEqual({
      point_provider_priority: 'This priority is already used by another point provider of the mall',
    });
    // The unique index stands behind the check.
    await expect(
      ctx.database.db.insert(pointProviders).values({
        location_id: mall._id,
        point_provider_name: 'Üç',
        point_provider_name_key: nameKey('Üç'),
        point_provider_type: 'default',
        point_provider_priority: 2,
        point_provider_min_amount: 1,
        point_provider_points_multiplier: 0.5,
        point_provider_start_at: '2026-01-01',
        point_provider_end_at: '2026-02-01',
      }),
    ).rejects.toThrow();
  });

  it('keeps each mall’s providers to itself', async () => {
    const mall = await ctx.newLocation();
    const other = await ctx.newLocation();
    const made = await create(mall);
    expect((await call(other, 'GET', `/${made._id}`)).statusCode).toBe(404);
    expect((await call(other, 'PUT', `/${made._id}`, provider())).statusCode).toBe(404);
    expect((await call(other, 'DELETE', `/${made._id}`)).statusCode).toBe(404);
    expect((await call(other, 'POST', '/filter', {})).json().data).toEqual([]);
    expect((await call(other, 'GET', '?showAll=true')).json()).toEqual([]);
    expect((await call(mall, 'GET', `/${made._id}`)).statusCode).toBe(200);
  });

  it('is the point providers’ module: a role without it gets 403, one with it works', async () => {
    const mall = await ctx.newLocation();
    const made = await create(mall);
    const outsider = await ctx.newStaff({ subjects: ['modules:loyalty:receipts'], locations: [mall] });
    const as = (staff: { headers: Record<string, string> }, method: Method, path: string, payload?: object) =>
      ctx.app.inject({
        method,
        url: `/api/point-providers${path}?locationId=${mall._id}`,
        headers: { ...staff.headers, 'accept-language': 'en' },
        ...(payload ? { payload } : {}),
      });
    for (const [method, path, payload] of [
      ['GET', '', undefined],
      ['POST', '/filter', {}],
      ['POST', '', provider({ point_provider_priority: 3 })],
      ['GET', `/${made._id}`, undefined],
      ['PUT', `/${made._id}`, provider()],
      ['DELETE', `/${made._id}`, undefined],
    ] as const)
      expect((await as(outsider, method, path, payload)).statusCode, `${method} ${path}`).toBe(403);

    const keeper = await ctx.newStaff({ subjects: ['modules:loyalty:point-providers'], locations: [mall] });
    expect((await as(keeper, 'GET', `/${made._id}`)).statusCode).toBe(200);
    expect(
      (await as(keeper, 'POST', '', provider({ point_provider_name: 'Yeni', point_provider_priority: 3 })))
        .statusCode,
    ).toBe(201);
  });

  it('seeds the demo malls with a default, store, category and outsourced rules of real stores', async () => {
    const mall = await ctx.newLocation();
    await seedDemoStores(ctx.database.db, mall._id, 1);
    const ids = await seedDemoPointProviders(ctx.database.db, mall._id, 1);
    expect(ids.length).toBeGreaterThanOrEqual(4);
    expect(ids.length).toBeLessThanOrEqual(6);
    const rows = await ctx.database.db
      .select()
      .from(pointProviders)
      .where(eq(pointProviders.location_id, mall._id));
    const types = rows.map((row) => row.point_provider_type);
    expect(types).toContain('default');
    expect(types.filter((type) => type === 'store').length).toBeGreaterThanOrEqual(2);
    expect(types).toContain('category');
    // Every row passes the API's own rules.
    const page = await call(mall, 'POST', '/filter', {});
    for (const row of page.json().data) {
      const { _id, createdAt, updatedAt, ...input } = pointProvider.parse(row);
      expect((await call(mall, 'PUT', `/${_id}`, input)).statusCode, row.point_provider_name).toBe(200);
    }
  });
});
