import { couponProvider, couponProviderCategory, type Location } from '@avlu/contracts';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { nameKey } from '../../platform/db/unique-names';
import { insertCampaign } from '../campaigns/campaign.fixtures';
import { campaigns } from '../campaigns/campaigns.tables';
import { storeCategoryColumns } from '../stores/stores.service';
import { storeCategories, stores } from '../stores/stores.tables';

const ctx = useTestApp();

type Method = 'GET' | 'POST' | 'DELETE';
const call = (
  mall: Pick<Location, '_id'>,
  method: Method,
  path: string,
  payload?: object,
  headers: Record<string, string> = { 'accept-language': 'en' },
) =>
  ctx.inject({
    method,
    url: `/api/campaign/coupon-providers${path}${path.includes('?') ? '&' : '?'}locationId=${mall._id}`,
    headers,
    ...(payload ? { payload } : {}),
  });

/** A category with stores of the mall, written directly (the store directory has its own tests). */
const directory = async (mall: Pick<Location, '_id'>, category: string, names: string[], active = true) => {
  const db = ctx.database.db;
  const [row] = await db
    .insert(storeCategories)
    .values({
      location_id: mall._id,
      ...storeCategoryColumns({ store_category_name: category, store_category_name_en: `${category} EN` }),
    })
    .returning();
  return db
    .insert(stores)
    .values(
      names.map((store_name) => ({
        location_id: mall._id,
        store_name,
        store_name_key: nameKey(store_name),
        store_category_id: row!._id,
        store_floor: 'Zemin Kat',
        store_is_active: active,
      })),
    )
    .returning();
};

describe('coupon providers', () => {
  it('adds a store provider and another party, lists them by name, and says when the name is taken', async () => {
    const mall = await ctx.newLocation();
    const [mavi] = await directory(mall, 'Giyim', ['Mavi']);
    const store = await call(mall, 'POST', '', {
      coupon_provider_name: 'Mavi Zemin Kat',
      coupon_provider_type: 'store',
      coupon_provider_store_id: mavi!._id,
    });
    expect(store.statusCode, store.body).toBe(201);
    expect(couponProvider.strict().parse(store.json())).toMatchObject({
      coupon_provider_type: 'store',
      coupon_provider_store_id: mavi!._id,
      coupon_provider_store_name: 'Mavi',
    });
    const cinema = await call(mall, 'POST', '', {
      coupon_provider_name: 'Cinemaximum',
      coupon_provider_type: 'other',
    });
    expect(cinema.json()).toMatchObject({ coupon_provider_store_id: null, coupon_provider_store_name: null });

    const all = await call(mall, 'GET', '?showAll=true');
    expect(all.json().map((row: { coupon_provider_name: string }) => row.coupon_provider_name)).toEqual([
      'Cinemaximum',
      'Mavi Zemin Kat',
    ]);
    const page = await call(mall, 'GET', '?keyword=mavi&limit=10&currentPage=1');
    expect(page.json()).toMatchObject({
      data: [{ coupon_provider_name: 'Mavi Zemin Kat' }],
      pagination: { total: 1 },
    });

    // Taken as people read it: letter case and Turkish İ/i are one.
    const taken = await call(
      mall,
      'POST',
      '',
      { coupon_provider_name: 'CİNEMAXİMUM', coupon_provider_type: 'other' },
      { 'accept-language': 'tr' },
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'NAME_TAKEN',
      fields: { coupon_provider_name: expect.any(String) },
    });
  });

  it('wants a store of the mall for a store provider and none for another party, naming the field', async () => {
    const mall = await ctx.newLocation();
    const other = await ctx.newLocation();
    const [foreign] = await directory(other, 'Giyim', ['Koton']);
    const [own] = await directory(mall, 'Giyim', ['LC Waikiki']);
    const missing = await call(mall, 'POST', '', {
      coupon_provider_name: 'A',
      coupon_provider_type: 'store',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ coupon_provider_store_id: 'This field is required' });
    const elsewhere = await call(mall, 'POST', '', {
      coupon_provider_name: 'Koton',
      coupon_provider_type: 'store',
      coupon_provider_store_id: foreign!._id,
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().fields).toEqual({ coupon_provider_store_id: 'This mall has no such store' });
    const storeForOther = await call(
      mall,
      'POST',
      '',
      { coupon_provider_name: 'Otopark', coupon_provider_type: 'other', coupon_provider_store_id: own!._id },
      { 'accept-language': 'tr' },
    );
    expect(storeForOther.statusCode).toBe(400);
    expect(Object.keys(storeForOther.json().fields)).toEqual(['coupon_provider_store_id']);
    expect((await call(mall, 'GET', '?showAll=true')).json()).toEqual([]);
  });

  it('offers the active stores by category to pick from', async () => {
    const mall = await ctx.newLocation();
    await directory(mall, 'Yeme-İçme', ['Simit Sarayı', 'Baydöner']);
    await directory(mall, 'Çocuk', ['Ebebek']);
    await directory(mall, 'Kapalı', ['Eski Dükkân'], false);
    const response = await call(mall, 'GET', '/categories');
    expect(response.statusCode).toBe(200);
    const categories = response.json().map((row: unknown) => couponProviderCategory.strict().parse(row));
    // Turkish alphabetical order: Ç after C, before Y.
    expect(categories.map((c: { store_category_name: string }) => c.store_category_name)).toEqual([
      'Çocuk',
      'Yeme-İçme',
    ]);
    expect(categories[1].stores.map((s: { store_name: string }) => s.store_name)).toEqual([
      'Baydöner',
      'Simit Sarayı',
    ]);
  });

  it('removes a provider no running campaign uses, and refuses one that is used, naming it', async () => {
    const mall = await ctx.newLocation();
    const [store] = await directory(mall, 'Sinema', ['Paribu Cineverse']);
    const provider = couponProvider.parse(
      (
        await call(mall, 'POST', '', {
          coupon_provider_name: 'Paribu Cineverse',
          coupon_provider_type: 'store',
          coupon_provider_store_id: store!._id,
        })
      ).json(),
    );
    await insertCampaign(ctx.database.db, mall._id, {
      type: 'code',
      status: 'to_be_published',
      columns: { campaign_provider_ids: [provider._id], campaign_store_ids: [store!._id] },
    });
    const refused = await call(mall, 'DELETE', `/${provider._id}`, undefined, { 'accept-language': 'tr' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'COUPON_PROVIDER_IN_USE',
      message: '“Paribu Cineverse” arşivlenmemiş kampanyalarda kullanılıyor; önce kampanyalardan çıkarın',
    });
    // The store stands for the provider too: it is not deleted from under it.
    const admin = await ctx.systemAdmin();
    const storeDelete = await ctx.inject({
      method: 'DELETE',
      url: `/api/data/stores/${store!._id}?locationId=${mall._id}`,
      headers: { ...admin.headers, 'accept-language': 'en' },
    });
    expect(storeDelete.statusCode).toBe(409);
    expect(storeDelete.json()).toMatchObject({ code: 'STORE_IN_USE' });

    await ctx.database.db.update(campaigns).set({ campaign_status: 'archived' });
    expect((await call(mall, 'DELETE', `/${provider._id}`)).statusCode).toBe(204);
    expect((await call(mall, 'DELETE', `/${provider._id}`)).statusCode).toBe(404);
  });

  it('keeps each mall’s providers to itself and adding them to the code providers’ module', async () => {
    const mall = await ctx.newLocation();
    const other = await ctx.newLocation();
    const made = couponProvider.parse(
      (
        await call(mall, 'POST', '', { coupon_provider_name: 'Otopark', coupon_provider_type: 'other' })
      ).json(),
    );
    expect((await call(other, 'GET', '?showAll=true')).json()).toEqual([]);
    expect((await call(other, 'DELETE', `/${made._id}`)).statusCode).toBe(404);

    // A campaign editor reads them for the form, but may not add one.
    const editor = await ctx.newStaff({ subjects: ['modules:campaigns:campaigns'], locations: [mall] });
    const headers = { ...editor.headers, 'accept-language': 'en' };
    const read = await ctx.app.inject({
      url: `/api/campaign/coupon-providers?showAll=true&locationId=${mall._id}`,
      headers,
    });
    expect(read.json()).toHaveLength(1);
    const add = await ctx.app.inject({
      method: 'POST',
      url: `/api/campaign/coupon-providers?locationId=${mall._id}`,
      headers,
      payload: { coupon_provider_name: 'Vale', coupon_provider_type: 'other' },
    });
    expect(add.statusCode).toBe(403);
  });
});
