import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { couponCodes } from './coupons.tables';
import { receiptMechanicsFixtures } from './receipt-mechanics.fixtures';

/** Staff approving one customer's receipts at once from several screens, on PostgreSQL, which runs them really at once. */
describe.runIf(process.env.TEST_ENGINE === 'postgres')('concurrent receipt approvals', () => {
  const ctx = useTestApp();
  const f = receiptMechanicsFixtures(ctx);

  it('two receipts approved at once that together fill a stamp card give exactly one coupon', async () => {
    const { mall, mavi } = await f.newMall();
    const customerId = await f.newCustomer(mall._id);
    const single = await f.newCampaign(mall._id, {
      type: 'over_limit_coupon',
      limit: 500,
      limitType: 'single_receipt_based',
      stampCount: 2,
      storeIds: [mavi],
    });
    // Day based: 400 + 700 reach 1,000 together; one stamp fills a card of one.
    const daily = await f.newCampaign(mall._id, {
      type: 'over_limit_coupon',
      limit: 1000,
      limitType: 'day_based',
      storeIds: [mavi],
    });
    const date = new Date(Date.now() - 1000);
    const [a, b] = [
      await f.newReceipt(mall, { customerId, storeId: mavi, amount: 700, date }),
      await f.newReceipt(mall, { customerId, storeId: mavi, amount: 600, date }),
    ];
    const answers = await Promise.all([f.approve(mall._id, a._id), f.approve(mall._id, b._id)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(await f.cardsGiven(single._id, customerId)).toEqual(['card:1']);
    expect(await f.cardsGiven(daily._id, customerId)).toEqual(['card:1']);
    expect((await f.creditsOf(daily._id)).filter((row) => row.credit_stamp)).toHaveLength(1);
    const codes = await ctx.database.db
      .select()
      .from(couponCodes)
      .where(eq(couponCodes.customer_id, customerId));
    expect(codes).toHaveLength(2);
  });
});
