import { listResponse, loyaltyCustomer, loyaltyCustomerSummary } from '@avlu/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { newId } from '../../platform/ids';
import { customers } from '../customers/customers.tables';
import { receipts } from '../receipts/receipts.tables';
import { giftFixtures } from './gifts.fixtures';

const ctx = useTestApp();
const { tiersOf, earn, newGift, burn } = giftFixtures(ctx);

let phones = 0;
const newCustomer = async (mallId: string, name: string, surname: string) => {
  const [row] = await ctx.database.db
    .insert(customers)
    .values({
      location_id: mallId,
      customer_phone: `+90544${String(++phones).padStart(7, '0')}`,
      customer_name: name,
      customer_surname: surname,
    })
    .returning({ _id: customers._id });
  return row!._id;
};

/** A receipt of the customer straight into the table: its status, amount and issue day are what count. */
const receiptOf = (
  mallId: string,
  customerId: string,
  day: string,
  amount: number,
  status: 'approved' | 'pending' | 'rejected' = 'approved',
) =>
  ctx.database.db.insert(receipts).values({
    location_id: mallId,
    customer_id: customerId,
    store_id: newId(),
    receipt_no: `F${Math.random().toString(36).slice(2, 8)}`,
    receipt_no_key: `F${Math.random().toString(36).slice(2, 8)}`.toUpperCase(),
    receipt_amount: amount,
    receipt_date: new Date(`${day}T12:00:00Z`),
    receipt_day: day,
    receipt_status: status,
    receipt_photo: 'receipt.jpg',
    receipt_photo_type: 'jpg',
    receipt_photo_hash: Math.random().toString(16).slice(2).padEnd(64, '0'),
    receipt_source: 'desk',
  });

/**
 * One mall with four customers: Ayşe (6,000 points earned, Altın), Çağla (1,200, Gümüş), Ömer (300,
 * Bronz), Işıl (no points at all), and a deleted customer with points.
 */
const mallWithPoints = async () => {
  const mall = await ctx.newLocation();
  const tiers = await tiersOf(mall._id);
  const ayse = await newCustomer(mall._id, 'Ayşe', 'Yılmaz');
  const cagla = await newCustomer(mall._id, 'Çağla', 'Şahin');
  const omer = await newCustomer(mall._id, 'Ömer', 'Kaya');
  const isil = await newCustomer(mall._id, 'Işıl', 'Demir');
  const gone = await newCustomer(mall._id, 'Silinen', 'Müşteri');
  await earn(mall._id, ayse, 6000);
  await earn(mall._id, cagla, 1200);
  await earn(mall._id, omer, 300);
  await earn(mall._id, gone, 9000);
  await ctx.database.db
    .update(customers)
    .set({ customer_deletedAt: new Date() })
    .where(eq(customers._id, gone));
  await receiptOf(mall._id, ayse, '2026-03-10', 800);
  await receiptOf(mall._id, ayse, '2026-05-02', 450);
  await receiptOf(mall._id, ayse, '2026-06-20', 999, 'pending');
  await receiptOf(mall._id, cagla, '2026-04-15', 1200);
  await receiptOf(mall._id, omer, '2026-01-05', 300, 'rejected');
  return { mall, tiers, ayse, cagla, omer, isil, gone };
};

const list = async (mallId: string, body: object, lang = 'tr') => {
  const response = await ctx.inject({
    method: 'POST',
    url: `/api/loyalty-customer/customers/filter?locationId=${mallId}`,
    headers: { 'accept-language': lang },
    payload: body,
  });
  return response;
};
const namesOf = async (mallId: string, body: object) => {
  const response = await list(mallId, body);
  expect(response.statusCode, response.body).toBe(200);
  return listResponse(loyaltyCustomerSummary)
    .parse(response.json())
    .data.map((row) => row.customer_name);
};

describe('loyalty customers list', () => {
  it('lists the mall’s customers with points, the largest balance first, with tier, lifetime points and last approved receipt', async () => {
    const { mall, ayse, cagla, omer, tiers } = await mallWithPoints();
    const response = await list(mall._id, {});
    expect(response.statusCode, response.body).toBe(200);
    const body = listResponse(loyaltyCustomerSummary).parse(response.json());
    // Işıl has no points and the deleted customer is not listed.
    expect(body.data.map((row) => row.customer_id)).toEqual([ayse, cagla, omer]);
    expect(body.pagination.total).toBe(3);
    expect(body.data[0]).toMatchObject({
      customer_name: 'Ayşe',
      customer_surname: 'Yılmaz',
      point_balance: 6000,
      point_earned_total: 6000,
      loyalty_tier_id: tiers.gold,
      loyalty_tier_title: 'Altın',
      // The latest approved receipt: the pending one of June does not count.
      last_receipt_date: '2026-05-02T12:00:00.000Z',
    });
    expect(body.data[1]).toMatchObject({
      loyalty_tier_title: 'Gümüş',
      last_receipt_date: '2026-04-15T12:00:00.000Z',
    });
    // Ömer's only receipt was rejected.
    expect(body.data[2]).toMatchObject({ loyalty_tier_title: 'Bronz', last_receipt_date: null });
  });

  it('sorts by balance or lifetime points either way, and pages without repeating a row', async () => {
    const { mall, ayse, tiers } = await mallWithPoints();
    // Ayşe spends 5,500 of her 6,000: her balance is now the smallest, her lifetime points the largest.
    const gift = await newGift(mall._id, {
      loyalty_gift_point_quantity: 5500,
      loyalty_gift_min_tier_id: tiers.bronze,
    });
    expect(
      (await burn(mall._id, { loyalty_customer: ayse, loyalty_customer_gift: gift._id })).statusCode,
    ).toBe(200);
    expect(await namesOf(mall._id, { orderBy: 'point_balance', order: 'desc' })).toEqual([
      'Çağla',
      'Ayşe',
      'Ömer',
    ]);
    expect(await namesOf(mall._id, { orderBy: 'point_balance', order: 'asc' })).toEqual([
      'Ömer',
      'Ayşe',
      'Çağla',
    ]);
    expect(await namesOf(mall._id, { orderBy: 'point_earned_total', order: 'desc' })).toEqual([
      'Ayşe',
      'Çağla',
      'Ömer',
    ]);
    const first = await namesOf(mall._id, { pagination: { limit: 2, currentPage: 1 } });
    const second = await namesOf(mall._id, { pagination: { limit: 2, currentPage: 2 } });
    expect([...first, ...second]).toEqual(['Çağla', 'Ayşe', 'Ömer']);
    const page = listResponse(loyaltyCustomerSummary).parse(
      (await list(mall._id, { pagination: { limit: 2, currentPage: 2 } })).json(),
    );
    expect(page.pagination).toMatchObject({ total: 3, totalPages: 2, currentPage: 2 });
  });

  it('filters by tier and balance range, and finds by name (Turkish letters folded) or phone', async () => {
    const { mall, tiers } = await mallWithPoints();
    expect(await namesOf(mall._id, { filter: { loyalty_tier_id: [tiers.gold, tiers.bronze] } })).toEqual([
      'Ayşe',
      'Ömer',
    ]);
    expect(await namesOf(mall._id, { filter: { point_balance_min: 300, point_balance_max: 1200 } })).toEqual([
      'Çağla',
      'Ömer',
    ]);
    expect(await namesOf(mall._id, { keyword: 'cagla' })).toEqual(['Çağla']);
    expect(await namesOf(mall._id, { keyword: 'ŞAHİN' })).toEqual(['Çağla']);
    const [omer] = listResponse(loyaltyCustomerSummary).parse(
      (await list(mall._id, { keyword: 'ömer' })).json(),
    ).data;
    expect(await namesOf(mall._id, { keyword: `0${omer!.customer_phone.slice(3)}` })).toEqual(['Ömer']);
    expect(await namesOf(mall._id, { keyword: 'Işıl' })).toEqual([]);
  });

  it('filters by lifetime points and by the day of the last approved receipt, both ends included', async () => {
    const { mall, ayse, tiers } = await mallWithPoints();
    // Ayşe spends 5,500: her lifetime points stay 6,000 while her balance drops to 500.
    const gift = await newGift(mall._id, {
      loyalty_gift_point_quantity: 5500,
      loyalty_gift_min_tier_id: tiers.bronze,
    });
    expect(
      (await burn(mall._id, { loyalty_customer: ayse, loyalty_customer_gift: gift._id })).statusCode,
    ).toBe(200);
    expect(await namesOf(mall._id, { filter: { point_earned_total_min: 1200 } })).toEqual(['Çağla', 'Ayşe']);
    expect(
      await namesOf(mall._id, { filter: { point_earned_total_min: 300, point_earned_total_max: 1200 } }),
    ).toEqual(['Çağla', 'Ömer']);
    expect(
      await namesOf(mall._id, { filter: { point_earned_total_min: 5000, point_balance_max: 1000 } }),
    ).toEqual(['Ayşe']);

    // Ayşe's last approved receipt is of 2 May (the pending one of June does not count), Çağla's of
    // 15 April; Ömer has none approved, so no period holds his.
    const period = (from?: string, to?: string) =>
      namesOf(mall._id, {
        filter: {
          ...(from ? { last_receipt_date_from: from } : {}),
          ...(to ? { last_receipt_date_to: to } : {}),
        },
      });
    expect(await period('2026-04-15T12:00:00.000Z', '2026-05-02T12:00:00.000Z')).toEqual(['Çağla', 'Ayşe']);
    expect(await period('2026-05-01T00:00:00.000Z')).toEqual(['Ayşe']);
    // Ayşe's March receipt lies in the period, but her last one does not.
    expect(await period('2026-03-01T00:00:00.000Z', '2026-04-30T23:59:59.999Z')).toEqual(['Çağla']);
    expect(await period(undefined, '2026-04-30T23:59:59.999Z')).toEqual(['Çağla']);
    expect(await period('2026-06-01T00:00:00.000Z')).toEqual([]);
    const counted = listResponse(loyaltyCustomerSummary).parse(
      (await list(mall._id, { filter: { last_receipt_date_to: '2026-12-31T23:59:59.999Z' } })).json(),
    );
    expect(counted.pagination.total).toBe(2);
  });

  it('never serves another mall’s customers, and asks for the loyalty customers permission', async () => {
    const { mall } = await mallWithPoints();
    const other = await ctx.newLocation();
    const stranger = await newCustomer(other._id, 'Başka', 'AVM');
    await earn(other._id, stranger, 50_000);
    expect(await namesOf(mall._id, {})).toEqual(['Ayşe', 'Çağla', 'Ömer']);
    expect(await namesOf(mall._id, { keyword: 'Başka' })).toEqual([]);
    expect(await namesOf(other._id, {})).toEqual(['Başka']);

    const desk = await ctx.newStaff({ subjects: ['modules:loyalty:loyalty-customer'], locations: [mall] });
    const clerk = await ctx.newStaff({ subjects: ['modules:loyalty:loyalty-gift'], locations: [mall] });
    const as = (headers: object, mallId: string) =>
      ctx.inject({
        method: 'POST',
        url: `/api/loyalty-customer/customers/filter?locationId=${mallId}`,
        headers: { ...headers },
        payload: {},
      });
    expect((await as(desk.headers, mall._id)).statusCode).toBe(200);
    expect((await as(clerk.headers, mall._id)).statusCode).toBe(403);
    // A mall the user does not work for.
    expect((await as(desk.headers, other._id)).statusCode).toBe(403);
  });

  it('refuses a bad sort or filter with a localised 400 naming the field', async () => {
    const mall = await ctx.newLocation();
    const tr = await list(mall._id, { orderBy: 'customer_phone' });
    expect(tr.statusCode).toBe(400);
    expect(Object.keys(tr.json().fields)).toEqual(['orderBy']);
    const en = await list(mall._id, { orderBy: 'customer_phone', filter: { point_balance_min: -1 } }, 'en');
    expect(en.statusCode).toBe(400);
    expect(Object.keys(en.json().fields).sort()).toEqual(['filter.point_balance_min', 'orderBy']);
    expect(en.json().fields.orderBy).not.toEqual(tr.json().fields.orderBy);
    expect(en.json().fields.orderBy).toMatch(/point_balance|option|one of/i);
  });

  it('refuses a range whose end is before its start, naming the end', async () => {
    const mall = await ctx.newLocation();
    const reversed = await list(mall._id, {
      filter: {
        point_balance_min: 500,
        point_balance_max: 100,
        point_earned_total_min: 2000,
        point_earned_total_max: 1999,
        last_receipt_date_from: '2026-05-02T00:00:00.000Z',
        last_receipt_date_to: '2026-05-01T23:59:59.999Z',
      },
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().fields).toEqual({
      'filter.point_balance_max': 'Üst sınır alt sınırdan küçük olamaz',
      'filter.point_earned_total_max': 'Üst sınır alt sınırdan küçük olamaz',
      'filter.last_receipt_date_to': 'Bitiş tarihi başlangıç tarihinden önce olamaz',
    });
    const en = await list(
      mall._id,
      { filter: { point_earned_total_min: 10, point_earned_total_max: 9 } },
      'en',
    );
    expect(en.json().fields).toEqual({
      'filter.point_earned_total_max': 'The upper bound cannot be below the lower bound',
    });
    // Equal ends are a range of one value, and an end alone is no range to check.
    expect(
      (await list(mall._id, { filter: { point_earned_total_min: 10, point_earned_total_max: 10 } }))
        .statusCode,
    ).toBe(200);
    expect(
      (await list(mall._id, { filter: { last_receipt_date_to: '2026-05-01T00:00:00.000Z' } })).statusCode,
    ).toBe(200);
  });
});

describe('gifted customers of one customer (the detail’s gifts tab)', () => {
  it('filters the redemptions by customer', async () => {
    const { mall, ayse, cagla, tiers } = await mallWithPoints();
    const gift = await newGift(mall._id, {
      loyalty_gift_point_quantity: 200,
      loyalty_gift_min_tier_id: tiers.bronze,
    });
    for (const customer of [ayse, ayse, cagla])
      expect(
        (await burn(mall._id, { loyalty_customer: customer, loyalty_customer_gift: gift._id })).statusCode,
      ).toBe(200);
    const response = await ctx.inject({
      method: 'POST',
      url: `/api/loyalty-customer/filter?locationId=${mall._id}`,
      payload: { filter: { loyalty_customer: ayse } },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = listResponse(loyaltyCustomer).parse(response.json());
    expect(body.data.map((row) => row.loyalty_customer)).toEqual([ayse, ayse]);
  });
});

describe('segment conditions on loyalty (customer list and count)', () => {
  const segment = async (mallId: string, filter: object[]) => {
    const listed = await ctx.inject({
      method: 'POST',
      url: `/api/customer/filter?locationId=${mallId}`,
      payload: { filter, orderBy: 'customer_name', order: 'asc' },
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const counted = await ctx.inject({
      method: 'POST',
      url: `/api/customer/count?locationId=${mallId}`,
      payload: { filter },
    });
    expect(counted.statusCode, counted.body).toBe(200);
    const names = (listed.json().data as { customer_name: string }[]).map((row) => row.customer_name);
    // The list (on customers) and the count (on customer_facts) agree.
    expect(counted.json().count).toBe(names.length);
    return names;
  };

  it('selects by tier, balance (no points is 0) and approved receipts in a period', async () => {
    const { mall, tiers } = await mallWithPoints();
    expect(await segment(mall._id, [{ field: 'loyalty_tier', in: [tiers.silver, tiers.gold] }])).toEqual([
      'Ayşe',
      'Çağla',
    ]);
    expect(await segment(mall._id, [{ field: 'point_balance', max: 1200 }])).toEqual([
      'Çağla',
      'Işıl',
      'Ömer',
    ]);
    expect(await segment(mall._id, [{ field: 'point_balance', min: 1000 }])).toEqual(['Ayşe', 'Çağla']);
    // Any approved receipt at all: Ömer's was rejected.
    expect(await segment(mall._id, [{ field: 'receipts' }])).toEqual(['Ayşe', 'Çağla']);
    // Two approved receipts in the first half of the year: Ayşe (the pending one does not count).
    expect(
      await segment(mall._id, [
        { field: 'receipts', from: '2026-01-01', to: '2026-06-30', count: { min: 2 } },
      ]),
    ).toEqual(['Ayşe']);
    // No receipt in April, the last day counted whole: everyone but Çağla.
    expect(
      await segment(mall._id, [
        { field: 'receipts', from: '2026-04-01', to: '2026-04-15', count: { max: 0 } },
      ]),
    ).toEqual(['Ayşe', 'Işıl', 'Ömer']);
    // For at least 1,000 in all: Ayşe (800 + 450) and Çağla (1,200); from May on, only Çağla's is out.
    expect(await segment(mall._id, [{ field: 'receipts', amount: { min: 1000 } }])).toEqual([
      'Ayşe',
      'Çağla',
    ]);
    expect(
      await segment(mall._id, [{ field: 'receipts', from: '2026-05-01', amount: { min: 400 } }]),
    ).toEqual(['Ayşe']);
    // Combined with the other conditions, in an OR group too.
    expect(
      await segment(mall._id, [
        {
          field: 'group',
          op: 'or',
          conditions: [
            { field: 'loyalty_tier', in: [tiers.bronze] },
            { field: 'receipts', amount: { min: 1100, max: 1200 } },
          ],
        },
      ]),
    ).toEqual(['Çağla', 'Ömer']);
  });

  it('never counts another mall’s tiers or receipts, and refuses a bad loyalty condition naming it', async () => {
    const { mall } = await mallWithPoints();
    const other = await ctx.newLocation();
    const otherTiers = await tiersOf(other._id);
    expect(await segment(mall._id, [{ field: 'loyalty_tier', in: [otherTiers.gold] }])).toEqual([]);
    const bad = await ctx.inject({
      method: 'POST',
      url: `/api/customer/filter?locationId=${mall._id}`,
      headers: { 'accept-language': 'en' },
      payload: { filter: [{ field: 'point_balance', min: -5 }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual([expect.stringMatching(/^filter\.0/)]);
  });
});
