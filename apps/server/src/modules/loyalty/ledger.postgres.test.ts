import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { AppError } from '../../platform/errors';
import { postPoints } from './ledger.service';
import { ledgerOf, newLoyaltyCustomer } from './loyalty.fixtures';
import { pointEntries } from './loyalty.tables';

/**
 * Spends racing each other on one balance (issue 14: "50 concurrent burns at one balance"), and one
 * request retried many times at once, on PostgreSQL, which runs them really at once.
 */
describe.runIf(process.env.TEST_ENGINE === 'postgres')('concurrent point changes', () => {
  const ctx = useTestApp();
  const ledger = (customerId: string) => ledgerOf(ctx.database.db, customerId);

  it('50 burns of 30 at a balance of 1,000: 33 go through, the balance is 10 and the sum of its entries', async () => {
    const mall = await ctx.newLocation();
    const customer = await newLoyaltyCustomer(ctx.database.db, mall._id);
    await ctx.database.db.transaction((tx) =>
      postPoints(tx, {
        locationId: mall._id,
        customerId: customer,
        kind: 'earn',
        amount: 1000,
        cause: 'receipt',
        actor: 'system',
        idempotencyKey: `seed:${customer}`,
      }),
    );
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, index) =>
        ctx.database.db.transaction((tx) =>
          postPoints(tx, {
            locationId: mall._id,
            customerId: customer,
            kind: 'burn',
            amount: -30,
            cause: 'gift_redemption',
            actor: 'system',
            idempotencyKey: `burn:${customer}:${index}`,
          }),
        ),
      ),
    );
    const refused = results.filter((result) => result.status === 'rejected');
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(33);
    expect(refused).toHaveLength(17);
    for (const result of refused) expect((result as PromiseRejectedResult).reason).toBeInstanceOf(AppError);
    expect(await ledger(customer)).toEqual({ balance: 10, sum: 10, entries: 34 });
    // The balances after each entry, in the ledger's order, run down by 30 without a gap or a repeat.
    const afters = await ctx.database.db
      .select({ after: pointEntries.point_entry_balance_after })
      .from(pointEntries)
      .where(and(eq(pointEntries.customer_id, customer), eq(pointEntries.point_entry_kind, 'burn')))
      .orderBy(pointEntries.created_at, pointEntries._id);
    expect(afters.map((row) => row.after)).toEqual(
      Array.from({ length: 33 }, (_, index) => 970 - index * 30),
    );
  });

  it('one adjustment sent 20 times at once with its key counts once, and every answer says so', async () => {
    const mall = await ctx.newLocation();
    const customer = await newLoyaltyCustomer(ctx.database.db, mall._id);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        ctx.inject({
          method: 'POST',
          url: `/api/loyalty-customer/adjust-points?locationId=${mall._id}`,
          headers: { 'idempotency-key': `same-request-${customer}` },
          payload: { customer_id: customer, point_entry_amount: 75, point_entry_note: 'Çift gönderim' },
        }),
      ),
    );
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().point_balance).toBe(75);
    }
    expect(await ledger(customer)).toEqual({ balance: 75, sum: 75, entries: 1 });
  });
});
