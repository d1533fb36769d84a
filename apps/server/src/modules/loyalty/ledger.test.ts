import { pointBalance, pointHistory } from '@avlu/contracts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { admins } from '../admins/admins.tables';
import { giftFixtures } from './gifts.fixtures';
import { postPoints } from './ledger.service';
import { newLoyaltyCustomer } from './loyalty.fixtures';
import { pointBalances, pointEntries } from './loyalty.tables';
import { runResetPoint } from './reset-points.job';
import { resetPoints } from './reset-points.tables';

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
const { tiersOf, newGift, earn, microSite } = giftFixtures(ctx);

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
      point_entry_actor: 'staff',
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
        actor: 'system',
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

  it('names who made each entry: the desk’s staff user, the customer on the micro-site, the reset run’s system', async () => {
    const mall = await ctx.newLocation();
    const clerk = await ctx.newStaff({ subjects: ['modules:loyalty:loyalty-customer'], locations: [mall] });
    const customer = await newLoyaltyCustomer(ctx.database.db, mall._id);
    const tiers = await tiersOf(mall._id);
    const coffee = await newGift(mall._id, {
      loyalty_gift_title: 'Kahve',
      loyalty_gift_point_quantity: 100,
      loyalty_gift_min_tier_id: tiers.bronze,
    });
    await earn(mall._id, customer, 500);
    const desk = await ctx.inject({
      method: 'POST',
      url: `/api/loyalty-customer/burn-points?locationId=${mall._id}`,
      headers: { ...clerk.headers, 'idempotency-key': 'desk-claim-1' },
      payload: { loyalty_customer: customer, loyalty_customer_gift: coffee._id },
    });
    expect(desk.statusCode, desk.body).toBe(200);
    const cancel = await ctx.inject({
      method: 'POST',
      url: `/api/loyalty-customer/${desk.json()._id}/cancel?locationId=${mall._id}`,
      headers: clerk.headers,
      payload: { loyalty_customer_note: 'Vazgeçti' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const site = await microSite(mall, customer);
    const claim = await site.claim({ loyalty_customer_gift: coffee._id }, 'phone-claim-1');
    expect(claim.statusCode, claim.body).toBe(200);
    const [reset] = await ctx.database.db
      .insert(resetPoints)
      .values({
        location_id: mall._id,
        reset_point_name: 'Hepsi',
        reset_point_type: 'all',
        reset_point_status: 'in_queue',
        reset_point_queued_at: new Date(),
      })
      .returning();
    expect(await runResetPoint(ctx.database.db, reset!._id)).toBe('done');

    const page = pointHistory.parse((await history(mall._id, customer)).json());
    const clerkName = await ctx.database.db
      .select({ name: admins.admin_name, surname: admins.admin_surname })
      .from(admins)
      .where(eq(admins._id, clerk._id));
    const named = `${clerkName[0]!.name} ${clerkName[0]!.surname ?? ''}`.trim();
    expect(
      page.data.map((entry) => [
        entry.point_entry_kind,
        entry.point_entry_actor,
        entry.point_entry_admin_name,
      ]),
    ).toEqual([
      ['reset', 'system', null],
      ['burn', 'customer', null],
      ['refund', 'staff', named],
      ['burn', 'staff', named],
      ['earn', 'system', null],
    ]);
    const written = await ctx.database.db
      .select({ kind: pointEntries.point_entry_kind, admin: pointEntries.admin_id })
      .from(pointEntries)
      .where(eq(pointEntries.customer_id, customer));
    expect(
      written
        .filter((entry) => entry.admin === clerk._id)
        .map((entry) => entry.kind)
        .sort(),
    ).toEqual(['burn', 'refund']);

    // A deleted staff user's entries stay theirs, unnamed (the foreign key sets admin_id to null).
    await ctx.database.db.delete(admins).where(eq(admins._id, clerk._id));
    const after = pointHistory.parse((await history(mall._id, customer)).json());
    expect(after.data.filter((entry) => entry.point_entry_actor === 'staff')).toHaveLength(2);
    expect(after.data.every((entry) => entry.point_entry_admin_name === null)).toBe(true);
  });

  it('refuses in the database a staff entry that names no admin and a customer’s or system’s that names one', async () => {
    const mall = await ctx.newLocation();
    const clerk = await ctx.newStaff({ subjects: ['modules:loyalty:loyalty-customer'], locations: [mall] });
    const customer = await newLoyaltyCustomer(ctx.database.db, mall._id);
    const entry = (actor: 'staff' | 'customer' | 'system', adminId: string | null, key: string) =>
      ctx.database.db.insert(pointEntries).values({
        location_id: mall._id,
        customer_id: customer,
        point_entry_kind: 'adjust',
        point_entry_amount: 5,
        point_entry_balance_after: 5,
        point_entry_cause: 'adjustment',
        point_entry_actor: actor,
        admin_id: adminId,
        point_entry_idempotency_key: key,
      });
    await expect(entry('staff', null, 'k1')).rejects.toThrow();
    await expect(entry('customer', clerk._id, 'k2')).rejects.toThrow();
    await expect(entry('system', clerk._id, 'k3')).rejects.toThrow();
    await expect(
      ctx.database.db.execute(
        sql`insert into point_entries (_id, location_id, customer_id, point_entry_kind, point_entry_amount,
              point_entry_balance_after, point_entry_cause, point_entry_actor, point_entry_idempotency_key)
            values ('64f000000000000000000001', ${mall._id}, ${customer}, 'adjust', 5, 5, 'adjustment', 'robot', 'k4')`,
      ),
    ).rejects.toThrow();
    await entry('staff', clerk._id, 'k5');
    await entry('customer', null, 'k6');
    expect(
      await ctx.database.db.select().from(pointEntries).where(eq(pointEntries.customer_id, customer)),
    ).toHaveLength(2);
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
