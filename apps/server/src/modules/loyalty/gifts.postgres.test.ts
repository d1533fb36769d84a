import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { giftFixtures } from './gifts.fixtures';
import { loyaltyGiftCodes, loyaltyGifts, loyaltyRedemptions } from './gifts.tables';
import { newLoyaltyCustomer } from './loyalty.fixtures';
import { pointBalances } from './loyalty.tables';

/** Claims racing for the last units of a gift (issue 14 #5: "concurrent claims never oversell a gift"), on PostgreSQL. */
describe.runIf(process.env.TEST_ENGINE === 'postgres')('concurrent gift claims', () => {
  const ctx = useTestApp();
  const { tiersOf, earn, newGift, burn } = giftFixtures(ctx);

  it('30 claims of a gift with stock 10 and 12 codes: exactly 10 redemptions, stock 0, every balance its entries', async () => {
    const mall = await ctx.newLocation();
    const tiers = await tiersOf(mall._id);
    const gift = await newGift(mall._id, {
      loyalty_gift_point_quantity: 200,
      loyalty_gift_stock_quantity: 10,
      loyalty_gift_min_tier_id: tiers.bronze,
      loyalty_gift_new_codes: Array.from({ length: 12 }, (_, index) => `KOD-${index}`),
    });
    const customers: string[] = [];
    for (let index = 0; index < 30; index++) {
      const customer = await newLoyaltyCustomer(ctx.database.db, mall._id);
      await earn(mall._id, customer, 500);
      customers.push(customer);
    }
    const answers = await Promise.all(
      customers.map((customer) =>
        burn(mall._id, { loyalty_customer: customer, loyalty_customer_gift: gift._id }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(10);
    const refused = answers.filter((answer) => answer.statusCode !== 200);
    expect(refused).toHaveLength(20);
    for (const answer of refused)
      expect(answer.json().fields).toEqual({ loyalty_customer_gift: 'Bu hediyenin stoğu tükendi' });

    const [stock] = await ctx.database.db
      .select({ stock: loyaltyGifts.loyalty_gift_stock_quantity })
      .from(loyaltyGifts)
      .where(eq(loyaltyGifts._id, gift._id));
    expect(stock!.stock).toBe(0);
    const redemptions = await ctx.database.db
      .select()
      .from(loyaltyRedemptions)
      .where(eq(loyaltyRedemptions.loyalty_gift_id, gift._id));
    expect(redemptions).toHaveLength(10);
    // Ten different codes, each taken by the redemption that holds it.
    expect(new Set(redemptions.map((row) => row.loyalty_customer_gift_code)).size).toBe(10);
    const [taken] = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(loyaltyGiftCodes)
      .where(
        sql`${loyaltyGiftCodes.loyalty_gift_id} = ${gift._id} and ${loyaltyGiftCodes.loyalty_redemption_id} is not null`,
      );
    expect(taken!.n).toBe(10);
    const winners = new Set(redemptions.map((row) => row.customer_id));
    const balances = await ctx.database.db
      .select({
        customer: pointBalances.customer_id,
        balance: pointBalances.point_balance,
        entries: sql<number>`(select sum(e.point_entry_amount)::int from point_entries e where e.customer_id = point_balances.customer_id)`,
      })
      .from(pointBalances)
      .where(eq(pointBalances.location_id, mall._id));
    expect(balances).toHaveLength(30);
    for (const row of balances) {
      expect(row.balance).toBe(row.entries);
      expect(row.balance).toBe(winners.has(row.customer) ? 300 : 500);
    }
  });

  it('one customer’s twelve claims at once never take more points than they hold', async () => {
    const mall = await ctx.newLocation();
    const tiers = await tiersOf(mall._id);
    const gift = await newGift(mall._id, {
      loyalty_gift_point_quantity: 100,
      loyalty_gift_stock_quantity: 50,
      loyalty_gift_min_tier_id: tiers.bronze,
    });
    const customer = await newLoyaltyCustomer(ctx.database.db, mall._id);
    await earn(mall._id, customer, 450);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        burn(mall._id, { loyalty_customer: customer, loyalty_customer_gift: gift._id }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(4);
    const [row] = await ctx.database.db
      .select({ stock: loyaltyGifts.loyalty_gift_stock_quantity })
      .from(loyaltyGifts)
      .where(eq(loyaltyGifts._id, gift._id));
    expect(row!.stock).toBe(46);
    const [balance] = await ctx.database.db
      .select({ balance: pointBalances.point_balance })
      .from(pointBalances)
      .where(eq(pointBalances.customer_id, customer));
    expect(balance!.balance).toBe(50);
  });
  it('ten cancels of one redemption at once refund it once', async () => {
    const mall = await ctx.newLocation();
    const tiers = await tiersOf(mall._id);
    const gift = await newGift(mall._id, {
      loyalty_gift_point_quantity: 300,
      loyalty_gift_stock_quantity: 5,
      loyalty_gift_min_tier_id: tiers.bronze,
    });
    const customer = await newLoyaltyCustomer(ctx.database.db, mall._id);
    await earn(mall._id, customer, 500);
    const redeemed = await burn(mall._id, { loyalty_customer: customer, loyalty_customer_gift: gift._id });
    const id = redeemed.json()._id as string;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        ctx.inject({
          method: 'POST',
          url: `/api/loyalty-customer/${id}/cancel?locationId=${mall._id}`,
          payload: { loyalty_customer_note: 'Müşteri vazgeçti' },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    const [row] = await ctx.database.db
      .select({ stock: loyaltyGifts.loyalty_gift_stock_quantity })
      .from(loyaltyGifts)
      .where(eq(loyaltyGifts._id, gift._id));
    expect(row!.stock).toBe(5);
    const [balance] = await ctx.database.db
      .select({
        balance: pointBalances.point_balance,
        entries: sql<number>`(select sum(e.point_entry_amount)::int from point_entries e where e.customer_id = point_balances.customer_id)`,
      })
      .from(pointBalances)
      .where(eq(pointBalances.customer_id, customer));
    expect(balance).toEqual({ balance: 500, entries: 500 });
  });
});
