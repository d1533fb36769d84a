import { campaignStampProgress, receiptDetail } from '@avlu/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { pointEntries } from '../loyalty/loyalty.tables';
import { signedInHeaders } from '../micro-site/micro-site.fixtures';
import { couponCodes } from './coupons.tables';
import { DAY, type ReceiptCampaignOptions, receiptMechanicsFixtures } from './receipt-mechanics.fixtures';

const ctx = useTestApp();
const f = receiptMechanicsFixtures(ctx);
const db = () => ctx.database.db;
const HOUR = 3_600_000;
/** A receipt of a moment ago: today in the mall, whatever the hour. */
const justNow = () => new Date(Date.now() - 1000);

/** 12:00 in İstanbul (09:00 UTC) `days` days ago. */
const noonDaysAgo = (days: number) => {
  const at = new Date(Date.now() - days * DAY);
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate(), 9));
};

const pointsOf = async (customerId: string) =>
  (await db().select().from(pointEntries).where(eq(pointEntries.customer_id, customerId))).map(
    (entry) => entry.point_entry_amount,
  );

const stampsOf = async (mallId: string, customerId: string) => {
  const answer = await ctx.inject({
    method: 'GET',
    url: `/api/campaign/stamps?userId=${customerId}&locationId=${mallId}`,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return campaignStampProgress.array().parse(answer.json());
};

describe('receipt campaigns', () => {
  it('multiply the points of a receipt uploaded for them that reaches the limit, and credit what they added', async () => {
    const { mall, mavi } = await f.newMall();
    const customerId = await f.newCustomer(mall._id);
    const campaign = await f.newCampaign(mall._id, { type: 'receipt', limit: 250, multiplier: 1.5 });
    const big = await f.newReceipt(mall, {
      customerId,
      storeId: mavi,
      amount: 1000,
      campaignId: campaign._id,
    });
    const small = await f.newReceipt(mall, {
      customerId,
      storeId: mavi,
      amount: 200,
      campaignId: campaign._id,
    });
    const other = await f.newReceipt(mall, { customerId, storeId: mavi, amount: 1000 });

    const approved = await f.approve(mall._id, big._id);
    expect(approved.statusCode, approved.body).toBe(200);
    const detail = receiptDetail.parse(approved.json());
    expect(detail.receipt_calculated_points).toBe(150);
    expect(detail.receipt_points_calculation).toMatchObject({ campaign_multiplier: 1.5, total_points: 150 });
    // Below the limit: counted toward the campaign, calculated without its multiplier.
    const below = receiptDetail.parse((await f.approve(mall._id, small._id)).json());
    expect(below.receipt_points_calculation).toMatchObject({ campaign_multiplier: 1, total_points: 20 });
    // Not uploaded for it: nothing there.
    await f.approve(mall._id, other._id);

    const credits = await f.creditsOf(campaign._id);
    expect(credits.map((row) => [row.receipt_id, row.credit_stamp, row.credit_points])).toEqual([
      [big._id, true, 50],
      [small._id, false, 0],
    ]);
    expect((await pointsOf(customerId)).sort((a, b) => a - b)).toEqual([20, 100, 150]);
  });

  it('refuse excluded stores and categories, customers outside the segment and receipts before the campaign', async () => {
    const { mall, mavi, koton, exchange, exchangeCategory } = await f.newMall();
    const customerId = await f.newCustomer(mall._id);
    const man = await f.newCustomer(mall._id, { customer_gender: 'male' });
    const campaign = await f.newCampaign(mall._id, {
      type: 'receipt',
      limit: 100,
      multiplier: 2,
      excludedStoreIds: [koton],
      excludedCategoryIds: [exchangeCategory],
      segment: [{ field: 'gender', in: ['female'] }],
      start: new Date(Date.now() - 5 * DAY),
    });
    const refusedReceipts = [
      await f.newReceipt(mall, { customerId, storeId: koton, amount: 500, campaignId: campaign._id }),
      await f.newReceipt(mall, { customerId, storeId: exchange, amount: 500, campaignId: campaign._id }),
      await f.newReceipt(mall, { customerId: man, storeId: mavi, amount: 500, campaignId: campaign._id }),
      await f.newReceipt(mall, {
        customerId,
        storeId: mavi,
        amount: 500,
        campaignId: campaign._id,
        date: noonDaysAgo(8),
      }),
    ];
    for (const receipt of refusedReceipts) {
      const answer = await f.approve(mall._id, receipt._id);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toMatchObject({
        receipt_calculated_points: 50,
        receipt_points_calculation: { campaign_multiplier: 1 },
      });
    }
    expect(await f.creditsOf(campaign._id)).toEqual([]);
    const counted = await f.newReceipt(mall, {
      customerId,
      storeId: mavi,
      amount: 500,
      campaignId: campaign._id,
    });
    expect((await f.approve(mall._id, counted._id)).json()).toMatchObject({ receipt_calculated_points: 100 });
  });

  it('keep the participation rule: once multiplies one receipt', async () => {
    const { mall, mavi } = await f.newMall();
    const customerId = await f.newCustomer(mall._id);
    const campaign = await f.newCampaign(mall._id, { type: 'receipt', limit: 100, participation: 'once' });
    const first = await f.newReceipt(mall, {
      customerId,
      storeId: mavi,
      amount: 300,
      campaignId: campaign._id,
    });
    const second = await f.newReceipt(mall, {
      customerId,
      storeId: mavi,
      amount: 300,
      campaignId: campaign._id,
    });
    expect((await f.approve(mall._id, first._id)).json()).toMatchObject({ receipt_calculated_points: 60 });
    expect((await f.approve(mall._id, second._id)).json()).toMatchObject({ receipt_calculated_points: 30 });
    expect((await f.creditsOf(campaign._id)).map((row) => row.credit_points)).toEqual([30, 0]);
  });
});

/** A new mall with a customer and an over-limit campaign of Mavi's receipts (`options` give its rules). */
const overLimitAtMavi = async (options: Omit<ReceiptCampaignOptions, 'type' | 'storeIds'>) => {
  const stores = await f.newMall();
  const customerId = await f.newCustomer(stores.mall._id);
  const campaign = await f.newCampaign(stores.mall._id, {
    type: 'over_limit_coupon',
    storeIds: [stores.mavi],
    ...options,
  });
  return { ...stores, customerId, campaign };
};

describe('over-limit coupons', () => {
  it('single receipt: a card of 3 stamps gives one coupon at the third stamp; a smaller receipt is no stamp', async () => {
    const { mall, mavi, koton, customerId, campaign } = await overLimitAtMavi({
      limit: 500,
      limitType: 'single_receipt_based',
      stampCount: 3,
    });
    const amounts = [600, 400, 500, 900];
    const given: (string | null)[][] = [];
    for (const amount of amounts) {
      const receipt = await f.newReceipt(mall, { customerId, storeId: mavi, amount });
      expect((await f.approve(mall._id, receipt._id)).statusCode).toBe(200);
      given.push(await f.cardsGiven(campaign._id, customerId));
    }
    expect(given).toEqual([[], [], [], ['card:1']]);
    // A store the campaign does not name counts nothing.
    const elsewhere = await f.newReceipt(mall, { customerId, storeId: koton, amount: 900 });
    await f.approve(mall._id, elsewhere._id);
    expect((await f.creditsOf(campaign._id)).map((row) => row.credit_stamp)).toEqual([
      true,
      false,
      true,
      true,
    ]);
    const codes = await db().select().from(couponCodes).where(eq(couponCodes.customer_id, customerId));
    expect(codes).toHaveLength(1);
    expect(codes[0]).toMatchObject({ campaign_id: campaign._id, coupon_status: 'given' });

    const [card] = await stampsOf(mall._id, customerId);
    expect(card).toMatchObject({
      campaign_id: campaign._id,
      stamps_per_card: 3,
      stamps_on_card: 0,
      stamps_to_go: 3,
      stamps_total: 3,
      cards_completed: 1,
      coupons_given: 1,
      today_amount: null,
      today_to_go: null,
    });
  });

  it('the micro-site shows the signed-in customer their card: stamps to go; another campaign is 404', async () => {
    const { mall, mavi, customerId, campaign } = await overLimitAtMavi({
      limit: 500,
      limitType: 'single_receipt_based',
      stampCount: 3,
    });
    const receipt = await f.newReceipt(mall, { customerId, storeId: mavi, amount: 600 });
    expect((await f.approve(mall._id, receipt._id)).statusCode).toBe(200);
    const headers = await signedInHeaders(db(), mall, customerId);
    const card = await ctx.inject({
      method: 'GET',
      url: `/api/ext/app/customers/campaigns/${campaign._id}/stamps`,
      headers,
    });
    expect(card.statusCode, card.body).toBe(200);
    expect(card.json()).toMatchObject({ stamps_on_card: 1, stamps_to_go: 2, stamps_per_card: 3 });
    const receiptCampaign = await f.newCampaign(mall._id, { type: 'receipt' });
    const none = await ctx.inject({
      method: 'GET',
      url: `/api/ext/app/customers/campaigns/${receiptCampaign._id}/stamps`,
      headers,
    });
    expect(none.statusCode).toBe(404);
  });

  it('day based: sums one day’s receipts in the mall’s time zone, not two days’', async () => {
    const { mall, mavi, customerId, campaign } = await overLimitAtMavi({
      limit: 1000,
      limitType: 'day_based',
      stampCount: 2,
    });
    // 23:30 and 00:30 in İstanbul (UTC+3): two days there, though one UTC day.
    const day = noonDaysAgo(4);
    for (const date of [new Date(day.getTime() + 11.5 * HOUR), new Date(day.getTime() + 12.5 * HOUR)]) {
      const receipt = await f.newReceipt(mall, { customerId, storeId: mavi, amount: 600, date });
      await f.approve(mall._id, receipt._id);
    }
    // Today: 400 and 700 reach the limit together, one stamp; a third receipt adds none.
    for (const amount of [400, 700, 300]) {
      const receipt = await f.newReceipt(mall, { customerId, storeId: mavi, amount, date: justNow() });
      await f.approve(mall._id, receipt._id);
    }
    expect((await f.creditsOf(campaign._id)).map((row) => [row.credit_amount, row.credit_stamp])).toEqual([
      [600, false],
      [600, false],
      [400, false],
      [700, true],
      [300, false],
    ]);
    expect(await f.cardsGiven(campaign._id, customerId)).toEqual([]);
    const [card] = await stampsOf(mall._id, customerId);
    expect(card).toMatchObject({
      stamps_total: 1,
      stamps_on_card: 1,
      stamps_to_go: 1,
      today_amount: 1400,
      today_to_go: 0,
    });
  });

  it('participation once gives one coupon however many cards are filled', async () => {
    const { mall, mavi, customerId, campaign } = await overLimitAtMavi({
      limit: 100,
      limitType: 'single_receipt_based',
      participation: 'once',
    });
    for (let n = 0; n < 3; n++) {
      const receipt = await f.newReceipt(mall, { customerId, storeId: mavi, amount: 150 });
      expect((await f.approve(mall._id, receipt._id)).statusCode).toBe(200);
    }
    expect(await f.cardsGiven(campaign._id, customerId)).toEqual(['card:1']);
    const [card] = await stampsOf(mall._id, customerId);
    expect(card).toMatchObject({ stamps_per_card: 1, cards_completed: 3, coupons_given: 1, stamps_to_go: 1 });
  });

  it('no codes left: the approval and its points stand, and the full card gets its coupon at the next receipt', async () => {
    const { mall, mavi, customerId, campaign } = await overLimitAtMavi({
      limit: 100,
      limitType: 'single_receipt_based',
      codes: 0,
    });
    const first = await f.newReceipt(mall, { customerId, storeId: mavi, amount: 300 });
    const answer = await f.approve(mall._id, first._id);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ receipt_status: 'approved', receipt_calculated_points: 30 });
    expect(await pointsOf(customerId)).toEqual([30]);
    expect(await f.creditsOf(campaign._id)).toHaveLength(1);
    expect(await f.cardsGiven(campaign._id, customerId)).toEqual([]);

    await f.addCodes(campaign, 2);
    const second = await f.newReceipt(mall, { customerId, storeId: mavi, amount: 300 });
    await f.approve(mall._id, second._id);
    expect(await f.cardsGiven(campaign._id, customerId)).toEqual(['card:1', 'card:2']);
  });

  it('a budget spent keeps the approval too', async () => {
    const { mall, mavi, customerId, campaign } = await overLimitAtMavi({
      limit: 100,
      limitType: 'single_receipt_based',
      budget: 1,
    });
    for (let n = 0; n < 2; n++) {
      const receipt = await f.newReceipt(mall, { customerId, storeId: mavi, amount: 200 });
      expect((await f.approve(mall._id, receipt._id)).statusCode).toBe(200);
    }
    expect(await f.cardsGiven(campaign._id, customerId)).toEqual(['card:1']);
    expect(await pointsOf(customerId)).toEqual([20, 20]);
  });

  it('approving again earns nothing again', async () => {
    const { mall, mavi, customerId, campaign } = await overLimitAtMavi({
      limit: 100,
      limitType: 'single_receipt_based',
    });
    const receipt = await f.newReceipt(mall, { customerId, storeId: mavi, amount: 200 });
    const [first, second] = [await f.approve(mall._id, receipt._id), await f.approve(mall._id, receipt._id)];
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(await f.creditsOf(campaign._id)).toHaveLength(1);
    expect(await f.cardsGiven(campaign._id, customerId)).toEqual(['card:1']);
    expect(await pointsOf(customerId)).toEqual([20]);
  });

  it('stamps: only running campaigns of the customer’s segment; another mall’s customer is 404', async () => {
    const { mall, mavi } = await f.newMall();
    const customerId = await f.newCustomer(mall._id);
    const shown = await f.newCampaign(mall._id, {
      type: 'over_limit_coupon',
      storeIds: [mavi],
      stampCount: 4,
    });
    await f.newCampaign(mall._id, {
      type: 'over_limit_coupon',
      storeIds: [mavi],
      segment: [{ field: 'gender', in: ['male'] }],
    });
    await f.newCampaign(mall._id, {
      type: 'over_limit_coupon',
      storeIds: [mavi],
      start: new Date(Date.now() + DAY),
    });
    expect(await stampsOf(mall._id, customerId)).toEqual([
      expect.objectContaining({
        campaign_id: shown._id,
        stamps_per_card: 4,
        stamps_on_card: 0,
        stamps_to_go: 4,
        cards_completed: 0,
        coupons_given: 0,
        today_amount: 0,
        today_to_go: 1000,
      }),
    ]);
    const other = await f.newMall();
    const answer = await ctx.inject({
      method: 'GET',
      url: `/api/campaign/stamps?userId=${customerId}&locationId=${other.mall._id}`,
    });
    expect(answer.statusCode).toBe(404);
  });
});

describe('games', () => {
  it('earn rights per receipt or per spending step from counted receipts', async () => {
    const { mall, mavi, exchange } = await f.newMall();
    const customerId = await f.newCustomer(mall._id);
    const perReceipt = await f.newCampaign(mall._id, {
      type: 'wheel_of_fortune',
      gameRule: 'per_receipt',
      limit: 500,
    });
    const perStep = await f.newCampaign(mall._id, {
      type: 'scratch_card',
      gameRule: 'per_spending_step',
      limit: 250,
      excludedStoreIds: [exchange],
    });
    const staffOnly = await f.newCampaign(mall._id, { type: 'wheel_of_fortune', limit: null });
    for (const [storeId, amount] of [
      [mavi, 1100],
      [mavi, 300],
      [exchange, 2000],
    ] as const) {
      const receipt = await f.newReceipt(mall, { customerId, storeId, amount });
      await f.approve(mall._id, receipt._id);
    }
    const deltas = async (campaignId: string) =>
      (await f.rightsOf(campaignId)).map((row) => [row.game_right_source, row.game_right_delta]).sort();
    expect(await deltas(perReceipt._id)).toEqual([
      ['receipt', 1],
      ['receipt', 1],
    ]);
    expect(await deltas(perStep._id)).toEqual([
      ['receipt', 1],
      ['receipt', 4],
    ]);
    expect(await deltas(staffOnly._id)).toEqual([]);
  });
});
