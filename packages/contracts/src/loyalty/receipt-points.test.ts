import { describe, expect, it } from 'vitest';
import { calculateReceiptPoints, type PointProviderRule, type ReceiptForPoints } from './receipt-points';
import { receiptUpdateInput } from './receipts';

const rule = (overrides: Partial<PointProviderRule>): PointProviderRule => ({
  _id: 'a'.repeat(24),
  point_provider_name: 'Genel',
  point_provider_type: 'default',
  point_provider_priority: 90,
  point_provider_min_amount: 50,
  point_provider_points_multiplier: 0.02,
  point_provider_start_at: '2026-01-01',
  point_provider_end_at: '2026-12-31',
  point_provider_store_ids: [],
  point_provider_category_ids: [],
  currency: 'TRY',
  ...overrides,
});
const store = 'b'.repeat(24);
const category = 'c'.repeat(24);
const receipt = (overrides: Partial<ReceiptForPoints> = {}): ReceiptForPoints => ({
  receipt_amount: 1000,
  currency: 'TRY',
  receipt_day: '2026-06-15',
  store_id: store,
  store_category_id: category,
  ...overrides,
});
const general = rule({});
const fashion = rule({
  _id: 'd'.repeat(24),
  point_provider_name: 'Giyim',
  point_provider_type: 'category',
  point_provider_priority: 30,
  point_provider_min_amount: 250,
  point_provider_points_multiplier: 0.05,
  point_provider_category_ids: [category],
});
const shop = rule({
  _id: 'e'.repeat(24),
  point_provider_name: 'Mağaza',
  point_provider_type: 'store',
  point_provider_priority: 10,
  point_provider_min_amount: 2000,
  point_provider_points_multiplier: 0.1,
  point_provider_store_ids: [store],
});
const outside = rule({ _id: 'f'.repeat(24), point_provider_type: 'outsource', point_provider_priority: 1 });
const providers = [general, fashion, shop, outside];

const points = (r: ReceiptForPoints, tier: number | null = null, campaign: number | null = null) =>
  calculateReceiptPoints({
    receipt: r,
    providers,
    tier: tier === null ? null : { title: 'Gümüş', multiplier: tier },
    campaignMultiplier: campaign,
  });

describe('receipt points', () => {
  it('takes the matching provider of the highest priority (1 the highest), never an outsource one', () => {
    // The store rule's minimum is not reached: the category rule (30) beats the default (90).
    expect(points(receipt())).toMatchObject({
      point_provider_id: fashion._id,
      base_points: 50,
      tier_multiplier: 1,
      campaign_multiplier: 1,
      total_points: 50,
    });
    expect(points(receipt({ receipt_amount: 2000 }))).toMatchObject({
      point_provider_id: shop._id,
      total_points: 200,
    });
    // Another category: only the default holds.
    expect(points(receipt({ store_category_id: 'a1'.repeat(12), store_id: 'a2'.repeat(12) }))).toMatchObject({
      point_provider_id: general._id,
      total_points: 20,
    });
  });

  it('multiplies by the tier and the campaign and rounds down once, exactly', () => {
    expect(points(receipt(), 1.25, 2)).toMatchObject({ base_points: 50, total_points: 125 });
    // 333.33 × 0.05 = 16.6665; × 1.5 = 24.99975 → 24, not 25.
    expect(points(receipt({ receipt_amount: 333.33 }), 1.5)).toMatchObject({
      base_points: 16.6665,
      total_points: 24,
    });
    // 0.1 + 0.2 style error does not lose a point: 1000.10 × 0.1 × 1 × 1 = 100.01 → 100.
    expect(points(receipt({ receipt_amount: 2000.1 }))).toMatchObject({ total_points: 200 });
  });

  it('holds a rule to its days, minimum and currency; no match earns nothing', () => {
    expect(points(receipt({ receipt_day: '2025-12-31' }))).toMatchObject({
      point_provider_id: null,
      base_points: 0,
      total_points: 0,
    });
    expect(points(receipt({ receipt_day: '2026-12-31' })).point_provider_id).toBe(fashion._id);
    expect(points(receipt({ receipt_amount: 49.99 })).total_points).toBe(0);
    expect(points(receipt({ currency: 'EUR' })).point_provider_id).toBeNull();
  });
});

describe('receipt status change', () => {
  const parse = (body: object) => receiptUpdateInput().safeParse(body);
  const messages = (body: object) => {
    const result = parse(body);
    return result.success
      ? {}
      : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
  };
  it('needs a reason to reject, and a message for other', () => {
    expect(messages({ receipt_status: 'rejected' })).toEqual({
      receipt_rejection_reason: 'validation.receiptRejectionReasonRequired',
    });
    expect(messages({ receipt_status: 'rejected', receipt_rejection_reason: 'other' })).toEqual({
      receipt_rejection_message: 'validation.receiptRejectionMessageRequired',
    });
    expect(
      parse({ receipt_status: 'rejected', receipt_rejection_reason: 'paid_with_gift_card' }).success,
    ).toBe(true);
    expect(
      messages({
        receipt_status: 'rejected',
        receipt_rejection_reason: 'other',
        receipt_rejection_message: 'x'.repeat(76),
      }),
    ).toHaveProperty('receipt_rejection_message');
    expect(messages({ receipt_status: 'approved', receipt_rejection_reason: 'other' })).toEqual({
      receipt_rejection_reason: 'validation.receiptRejectionOnlyWhenRejected',
    });
  });
  it('refuses a date in the future', () => {
    const now = new Date('2026-06-01T10:00:00Z');
    expect(receiptUpdateInput(() => now).safeParse({ receipt_date: '2026-06-01T11:00:00Z' }).success).toBe(
      false,
    );
    expect(receiptUpdateInput(() => now).safeParse({ receipt_date: '2026-06-01T10:01:00Z' }).success).toBe(
      true,
    );
  });
});
