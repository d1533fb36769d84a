import { listResponse, loyaltyTier } from '@avlu/contracts';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { postPoints } from './ledger.service';
import { newLoyaltyCustomer } from './loyalty.fixtures';

const ctx = useTestApp();

const tierBody = (overrides: object = {}) => ({
  loyalty_tier_title: 'Gümüş',
  loyalty_tier_title_en: 'Silver',
  loyalty_tier_min_points: 1000,
  loyalty_tier_point_multiplier: 1.25,
  loyalty_tier_priority: 2,
  ...overrides,
});
const call = (
  mallId: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  payload?: object,
  lang = 'tr',
) =>
  ctx.inject({
    method,
    url: `/api/${path}?locationId=${mallId}`,
    headers: { 'accept-language': lang },
    ...(payload ? { payload } : {}),
  });
const earn = (mallId: string, customerId: string, amount: number) =>
  ctx.database.db.transaction((tx) =>
    postPoints(tx, {
      locationId: mallId,
      customerId,
      kind: 'earn',
      amount,
      cause: 'receipt',
      actor: 'system',
      idempotencyKey: `earn:${customerId}:${Math.random()}`,
    }),
  );
const tierOf = async (mallId: string, customerId: string) =>
  (await call(mallId, 'GET', `loyalty-customer/points/${customerId}`)).json().balance.loyalty_tier_title;

describe('loyalty tiers', () => {
  it('are created, listed by priority, changed and deleted; customers follow their points at once', async () => {
    const mall = await ctx.newLocation();
    const bronze = await call(
      mall._id,
      'POST',
      'loyalty-tier',
      tierBody({
        loyalty_tier_title: 'Bronz',
        loyalty_tier_title_en: 'Bronze',
        loyalty_tier_min_points: 0,
        loyalty_tier_point_multiplier: 1,
        loyalty_tier_priority: 3,
      }),
    );
    expect(bronze.statusCode, bronze.body).toBe(201);
    const customer = await newLoyaltyCustomer(ctx.database.db, mall._id);
    await earn(mall._id, customer, 600);
    expect(await tierOf(mall._id, customer)).toBe('Bronz');

    const silver = await call(mall._id, 'POST', 'loyalty-tier', tierBody());
    expect(silver.statusCode, silver.body).toBe(201);
    expect(loyaltyTier.parse(silver.json())).toMatchObject({
      loyalty_tier_point_multiplier: 1.25,
      loyalty_tier_customer_count: 0,
    });
    await earn(mall._id, customer, 400);
    expect(await tierOf(mall._id, customer)).toBe('Gümüş');

    // Raising the minimum moves the customer down at once; deleting the tier too.
    const raised = await call(
      mall._id,
      'PUT',
      `loyalty-tier/${silver.json()._id}`,
      tierBody({ loyalty_tier_min_points: 1500 }),
    );
    expect(raised.statusCode, raised.body).toBe(200);
    expect(await tierOf(mall._id, customer)).toBe('Bronz');
    await call(mall._id, 'PUT', `loyalty-tier/${silver.json()._id}`, tierBody());
    expect(await tierOf(mall._id, customer)).toBe('Gümüş');

    const all = await call(mall._id, 'GET', 'loyalty-tier');
    expect(
      all
        .json()
        .map((tier: { loyalty_tier_title: string; loyalty_tier_customer_count: number }) => [
          tier.loyalty_tier_title,
          tier.loyalty_tier_customer_count,
        ]),
    ).toEqual([
      ['Gümüş', 1],
      ['Bronz', 0],
    ]);
    const page = listResponse(loyaltyTier).parse(
      (
        await call(mall._id, 'POST', 'loyalty-tier/filter', { pagination: { limit: 1, currentPage: 2 } })
      ).json(),
    );
    expect(page.data.map((tier) => tier.loyalty_tier_title)).toEqual(['Bronz']);

    expect((await call(mall._id, 'DELETE', `loyalty-tier/${silver.json()._id}`)).statusCode).toBe(204);
    expect(await tierOf(mall._id, customer)).toBe('Bronz');
  });

  it('refuse a priority already used in the mall, and every rule names its field in the reader’s language', async () => {
    const mall = await ctx.newLocation();
    const other = await ctx.newLocation();
    expect((await call(mall._id, 'POST', 'loyalty-tier', tierBody())).statusCode).toBe(201);
    const taken = await call(mall._id, 'POST', 'loyalty-tier', tierBody({ loyalty_tier_title: 'Altın' }));
    expect(taken.statusCode).toBe(400);
    expect(taken.json().fields).toEqual({
      loyalty_tier_priority: 'Bu öncelik başka bir üyelik seviyesinde kullanılıyor',
    });
    const takenEn = await call(
      mall._id,
      'POST',
      'loyalty-tier',
      tierBody({ loyalty_tier_title: 'Altın' }),
      'en',
    );
    expect(takenEn.json().fields).toEqual({ loyalty_tier_priority: 'Loyalty tier priority already used' });
    // Another mall may use the same priority.
    expect((await call(other._id, 'POST', 'loyalty-tier', tierBody())).statusCode).toBe(201);

    const bad = await call(
      mall._id,
      'POST',
      'loyalty-tier',
      tierBody({
        loyalty_tier_title: '',
        loyalty_tier_priority: 100,
        loyalty_tier_point_multiplier: 0,
        loyalty_tier_min_points: -1,
      }),
      'en',
    );
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual([
      'loyalty_tier_min_points',
      'loyalty_tier_point_multiplier',
      'loyalty_tier_priority',
      'loyalty_tier_title',
    ]);
    expect(bad.json().fields.loyalty_tier_title).toBe('This field is required');
    const fine = await call(
      mall._id,
      'POST',
      'loyalty-tier',
      tierBody({ loyalty_tier_priority: 5, loyalty_tier_point_multiplier: 1.255 }),
    );
    expect(Object.keys(fine.json().fields)).toEqual(['loyalty_tier_point_multiplier']);
  });

  it('of another mall are not found, and only the tiers module changes them', async () => {
    const mall = await ctx.newLocation();
    const other = await ctx.newLocation();
    const tier = (await call(mall._id, 'POST', 'loyalty-tier', tierBody())).json();
    expect((await call(other._id, 'PUT', `loyalty-tier/${tier._id}`, tierBody())).statusCode).toBe(404);
    expect((await call(other._id, 'DELETE', `loyalty-tier/${tier._id}`)).statusCode).toBe(404);
    expect((await call(other._id, 'GET', `loyalty-tier/${tier._id}`)).statusCode).toBe(404);
    expect((await call(mall._id, 'GET', `loyalty-tier/${tier._id}`)).json()).toMatchObject({
      loyalty_tier_title: 'Gümüş',
    });
    expect((await call(other._id, 'GET', 'loyalty-tier')).json()).toEqual([]);
    const clerk = await ctx.newStaff({ subjects: ['modules:customers:customer-list'], locations: [mall] });
    const asClerk = (method: 'GET' | 'POST', path: string, payload?: object) =>
      ctx.inject({
        method,
        url: `/api/${path}?locationId=${mall._id}`,
        headers: clerk.headers,
        ...(payload ? { payload } : {}),
      });
    // Any staff of the mall reads them (pickers); creating needs the module.
    expect((await asClerk('GET', 'loyalty-tier')).statusCode).toBe(200);
    expect((await asClerk('POST', 'loyalty-tier', tierBody({ loyalty_tier_priority: 9 }))).statusCode).toBe(
      403,
    );
  });
});
