import { pointBalance, pointHistory } from '@avlu/contracts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { postPoints } from './ledger.service';
import { newLoyaltyCustomer } from './loyalty.fixtures';
import { pointBalances, pointEntries } from './loyalty.tables';

const ctx = useTestApp();
const adjust = (
  mallId: string,
  body: object,
  key = `key-${Math.random().toString(36).slice(2)}`,
  lang = 'tr',
) =>
  ctx.inject({
    method: 'POST',
    url: `/api/loyalty-customer/adjust-points?locationId=${mallId}`,
    headers: { 'idempotency-key': key, 'accept-language': lang },
    payload: body,
  });
const history = (mallId: string, customerId: string, query = '') =>
  ctx.inject({ url: `/api/loyalty-customer/points/${customerId}?locationId=${mallId}${query}` });

describe('points ledger', () => {
  it('adds a staff adjustment once per key, with its reason, the balance after it and who made it', async () => {
    const mall = await ctx.newLocation();
    const customer = await newLoyaltyCustomer(ctx.database.db, mall._id);
    const body = { customer_id: customer, point_entry_amount: 250, point_entry_note: 'Kayıp fiş telafisi' };
    const first = await adjust(mall._id, body, 'retry-key-1');
    expect(first.statusCode, first.body).toBe(200);
    expect(pointBalance.parse(first.json())).toMatchObject({ point_balance: 250, point_tier_points: 250 });
    // The same request again (a retry after a lost answer) adds nothing.
    expect((await adjust(mall._id, body, 'retry-key-1')).json().point_balance).toBe(250);
    const down = await adjust(mall._id, {
      ...body,
      point_entry_amount: -100,
      point_entry_note: 'Hatalı giriş',
    });
    expect(down.json().point_balance).toBe(150);

    const page = pointHistory.parse((await history(mall._id, customer)).json());
    expect(page.total).toBe(2);
    expect(page.balance.point_balance).toBe(150);
    expect(page.data.map((entry) => [entry.point_entry_amount, entry.point_entry_balance_after])).toEqual([
      [-100, 150],
      [250, 250],
    ]);
    expect(page.data[0]).toMatchObject({
      point_entry_kind: 'adjust',
      point_entry_cause: 'adjustment',
      point_entry_note: 'Hatalı giriş',
    });
    expect(page.data[0]!.point_entry_admin_name).toBeTruthy();
    const second = pointHistory.parse((await history(mall._id, customer, '&limit=1&currentPage=2')).json());
    expect(second.data.map((entry) => entry.point_entry_amount)).toEqual([250]);
  });

  it('refuses to go below zero naming the amount, and refuses a zero change, a missing key and another mall’s customer', async () => {
    const mall = await ctx.newLocation();
    const other = await ctx.newLocation();
    const customer = await newLoyaltyCustomer(ctx.database.db, mall._id);
    await adjust(mall._id, { customer_id: customer, point_entry_amount: 40, point_entry_note: 'Açılış' });
    const over = await adjust(mall._id, {
      customer_id: customer,
      point_entry_amount: -41,
      point_entry_note: 'Fazla',
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().fields).toEqual({
      point_entry_amount: 'Müşterinin puan bakiyesi bu kadar düşmeye yetmiyor',
    });
    const zero = await adjust(
      mall._id,
      { customer_id: customer, point_entry_amount: 0, point_entry_note: 'x' },
      undefined,
      'en',
    );
    expect(zero.json().fields).toEqual({ point_entry_amount: 'A point change cannot be zero' });
    const noKey = await ctx.inject({
      method: 'POST',
      url: `/api/loyalty-customer/adjust-points?locationId=${mall._id}`,
      payload: { customer_id: customer, point_entry_amount: 5, point_entry_note: 'x' },
    });
    expect(noKey.statusCode).toBe(400);
    expect(Object.keys(noKey.json().fields)).toEqual(['idempotency-key']);
    const foreign = await adjust(other._id, {
      customer_id: customer,
      point_entry_amount: 5,
      point_entry_note: 'x',
    });
    expect(foreign.statusCode).toBe(404);
    expect((await history(other._id, customer)).statusCode).toBe(404);
    expect((await history(mall._id, customer)).json().balance.point_balance).toBe(40);
  });

  it('keeps its entries: an update or a delete is refused by the database itself', async () => {
    const mall = await ctx.newLocation();
    const customer = await newLoyaltyCustomer(ctx.database.db, mall._id);
    await ctx.database.db.transaction((tx) =>
      postPoints(tx, {
        locationId: mall._id,
        customerId: customer,
        kind: 'earn',
        amount: 10,
        cause: 'receipt',
        idempotencyKey: `test:${customer}`,
      }),
    );
    await expect(
      ctx.database.db
        .update(pointEntries)
        .set({ point_entry_amount: 1000 })
        .where(eq(pointEntries.customer_id, customer)),
    ).rejects.toThrow();
    await expect(
      ctx.database.db.delete(pointEntries).where(eq(pointEntries.customer_id, customer)),
    ).rejects.toThrow();
    await expect(ctx.database.db.execute(sql`truncate point_entries cascade`)).rejects.toThrow();
    const [balance] = await ctx.database.db
      .select()
      .from(pointBalances)
      .where(eq(pointBalances.customer_id, customer));
    expect(balance?.point_balance).toBe(10);
  });

  it('is read and changed only by roles with the loyalty customers module', async () => {
    const mall = await ctx.newLocation();
    const customer = await newLoyaltyCustomer(ctx.database.db, mall._id);
    const outsider = await ctx.newStaff({ subjects: ['modules:customers:customer-list'], locations: [mall] });
    const clerk = await ctx.newStaff({ subjects: ['modules:loyalty:loyalty-customer'], locations: [mall] });
    const read = (headers: { authorization: string }) =>
      ctx.inject({ url: `/api/loyalty-customer/points/${customer}?locationId=${mall._id}`, headers });
    expect((await read(outsider.headers)).statusCode).toBe(403);
    expect((await read(clerk.headers)).statusCode).toBe(200);
  });
});
