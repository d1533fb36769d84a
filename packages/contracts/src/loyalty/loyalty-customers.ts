import { z } from 'zod';
import { objectId } from '../common/ids';
import { listQuery } from '../common/list-query';
import { isoDateTime } from '../common/text';

/**
 * `POST /loyalty-customer/customers/filter` (spec §7 "Loyalty customers", issue 14 #7): the mall's
 * customers who have points (a balance row), with their balance, tier, lifetime points and the day of
 * their last approved receipt. Sorted by balance by default, the largest first. Only columns with an
 * index of their own within the mall are offered as sorts, so a page stays fast at a million customers:
 * the last receipt is not one (it is the latest of the customer's approved receipts, and no index
 * orders the mall's customers by it), so it filters but does not sort.
 */
export const loyaltyCustomersSortKeys = ['point_balance', 'point_earned_total'] as const;
export type LoyaltyCustomersSortKey = (typeof loyaltyCustomersSortKeys)[number];

const points = z.number().int().min(0).max(1_000_000_000);

/** Both ends given and the end before the start: the issue names the end. */
const reversed = <Values extends Record<string, unknown>>(
  values: Values,
  context: z.core.$RefinementCtx<Values>,
  [start, end]: [keyof Values & string, keyof Values & string],
  message: string,
  compare: (value: NonNullable<Values[keyof Values]>) => number,
) => {
  const from = values[start];
  const to = values[end];
  if (from === undefined || from === null || to === undefined || to === null) return;
  if (compare(to) < compare(from)) context.addIssue({ code: 'custom', path: [end], message });
};

export const loyaltyCustomersFilter = z
  .strictObject({
    /** Customers in one of these tiers. */
    loyalty_tier_id: z.array(objectId).min(1).max(200).optional(),
    point_balance_min: points.optional(),
    point_balance_max: points.optional(),
    /** Lifetime points (`point_earned_total`), both ends included. */
    point_earned_total_min: points.optional(),
    point_earned_total_max: points.optional(),
    /** The latest approved receipt issued in this period, both ends included; without one, not listed. */
    last_receipt_date_from: isoDateTime().optional(),
    last_receipt_date_to: isoDateTime().optional(),
  })
  .superRefine((values, context) => {
    const number = (value: unknown) => value as number;
    const time = (value: unknown) => Date.parse(value as string);
    const pointsReversed = 'validation.pointRangeReversed';
    reversed(values, context, ['point_balance_min', 'point_balance_max'], pointsReversed, number);
    reversed(values, context, ['point_earned_total_min', 'point_earned_total_max'], pointsReversed, number);
    reversed(
      values,
      context,
      ['last_receipt_date_from', 'last_receipt_date_to'],
      'validation.dateRangeReversed',
      time,
    );
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
