import type { PointProviderCurrency, PointProviderType } from './point-providers';
import type { ReceiptPointsCalculation } from './receipts';

/** What the calculation reads of a point provider (contracts' `pointProvider`, or its table row). */
export type PointProviderRule = {
  _id: string;
  point_provider_name: string;
  point_provider_type: PointProviderType;
  point_provider_priority: number;
  point_provider_min_amount: number;
  point_provider_points_multiplier: number;
  /** YYYY-MM-DD, both days included. */
  point_provider_start_at: string | null;
  point_provider_end_at: string | null;
  point_provider_store_ids: readonly string[];
  point_provider_category_ids: readonly string[];
  currency: PointProviderCurrency;
};

export type ReceiptForPoints = {
  receipt_amount: number;
  currency: PointProviderCurrency;
  /** The receipt's calendar day in the mall's time zone, YYYY-MM-DD. */
  receipt_day: string;
  store_id: string;
  /** The store's category. */
  store_category_id: string | null;
};

/**
 * Whether a provider's rule covers a receipt: its currency, its days (both included), its minimum
 * amount, and its type: a store provider the receipt's store, a category provider the store's
 * category, a default provider any store. An outsource provider's points are booked by an outside
 * system, never computed from a receipt, so it never matches.
 */
export const providerMatches = (provider: PointProviderRule, receipt: ReceiptForPoints): boolean => {
  if (provider.currency !== receipt.currency) return false;
  if (provider.point_provider_start_at && receipt.receipt_day < provider.point_provider_start_at)
    return false;
  if (provider.point_provider_end_at && receipt.receipt_day > provider.point_provider_end_at) return false;
  if (receipt.receipt_amount < provider.point_provider_min_amount) return false;
  switch (provider.point_provider_type) {
    case 'store':
      return provider.point_provider_store_ids.includes(receipt.store_id);
    case 'category':
      return (
        receipt.store_category_id !== null &&
        provider.point_provider_category_ids.includes(receipt.store_category_id)
      );
    case 'default':
      return true;
    case 'outsource':
      return false;
  }
};

/** Hundredths as an exact integer: amounts and multipliers have at most two decimals. */
const hundredths = (value: number) => BigInt(Math.round(value * 100));

/**
 * The points a receipt earns (issue 14 #3), one pure function the server approves with and the
 * review screen shows: among the providers that match, the one of the highest priority (1 is the
 * highest; priorities are unique in a mall) gives `amount × points per lira`; times the customer's
 * tier multiplier (1 without a tier), times the receipt campaign's point multiplier (1 without one).
 * Worked in exact hundredths and rounded down once at the end: a customer never earns a fraction,
 * and 0.1 + 0.2 never costs a point.
 */
export const calculateReceiptPoints = (input: {
  receipt: ReceiptForPoints;
  providers: readonly PointProviderRule[];
  tier: { title: string; multiplier: number } | null;
  campaignMultiplier: number | null;
}): ReceiptPointsCalculation => {
  const provider = input.providers
    .filter((candidate) => providerMatches(candidate, input.receipt))
    .sort((a, b) => a.point_provider_priority - b.point_provider_priority)[0];
  const tierMultiplier = input.tier?.multiplier ?? 1;
  const campaignMultiplier = input.campaignMultiplier ?? 1;
  const amount = input.receipt.receipt_amount;
  const rate = provider?.point_provider_points_multiplier ?? 0;
  const product =
    hundredths(amount) * hundredths(rate) * hundredths(tierMultiplier) * hundredths(campaignMultiplier);
  return {
    point_provider_id: provider?._id ?? null,
    point_provider_name: provider?.point_provider_name ?? null,
    point_provider_type: provider?.point_provider_type ?? null,
    point_provider_priority: provider?.point_provider_priority ?? null,
    point_provider_points_multiplier: provider?.point_provider_points_multiplier ?? null,
    receipt_amount: amount,
    base_points: Number(hundredths(amount) * hundredths(rate)) / 10_000,
    loyalty_tier_title: input.tier?.title ?? null,
    tier_multiplier: tierMultiplier,
    campaign_multiplier: campaignMultiplier,
    total_points: Number(product / 100_000_000n),
  };
};
