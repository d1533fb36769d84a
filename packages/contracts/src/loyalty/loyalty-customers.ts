import { z } from 'zod';
import { objectId } from '../common/ids';
import { listQuery } from '../common/list-query';

/**
 * `POST /loyalty-customer/customers/filter` (spec §7 "Loyalty customers", issue 14 #7): the mall's
 * customers who have points (a balance row), with their balance, tier, lifetime points and the day of
 * their last approved receipt. Sorted by balance by default, the largest first. Only columns with an
 * index of their own within the mall are offered as sorts, so a page stays fast at a million customers.
 */
export const loyaltyCustomersSortKeys = ['point_balance', 'point_earned_total'] as const;
export type LoyaltyCustomersSortKey = (typeof loyaltyCustomersSortKeys)[number];

const points = z.number().int().min(0).max(1_000_000_000);
export const loyaltyCustomersFilter = z.strictObject({
  /** Customers in one of these tiers. */
  loyalty_tier_id: z.array(objectId).min(1).max(200).optional(),
  point_balance_min: points.optional(),
  point_balance_max: points.optional(),
});
export type LoyaltyCustomersFilter = z.infer<typeof loyaltyCustomersFilter>;

export const loyaltyCustomersListQuery = listQuery({
  orderBy: z.enum(loyaltyCustomersSortKeys),
  filter: loyaltyCustomersFilter,
});
export type LoyaltyCustomersListQuery = z.input<typeof loyaltyCustomersListQuery>;

export const loyaltyCustomerSummary = z.object({
  customer_id: objectId,
  customer_name: z.string().nullable(),
  customer_surname: z.string().nullable(),
  customer_phone: z.string(),
  point_balance: z.number().int(),
  point_tier_points: z.number().int(),
  point_earned_total: z.number().int(),
  loyalty_tier_id: objectId.nullable(),
  loyalty_tier_title: z.string().nullable(),
  loyalty_tier_title_en: z.string().nullable(),
  /** When their latest approved receipt was issued; null without one. */
  last_receipt_date: z.string().nullable(),
});
export type LoyaltyCustomerSummary = z.infer<typeof loyaltyCustomerSummary>;
