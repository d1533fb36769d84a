/**
 * Spec §3/§4 Coupon code status: a code of a pool is `ready` (in the pool), `given` (to a customer),
 * `used` (redeemed at a store, once), or `not_used` (given, and its campaign ended or its session
 * days ran out before it was redeemed). Only ready → given → used, and given → not_used, happen.
 */
export const couponStatuses = ['ready', 'given', 'used', 'not_used'] as const;
export type CouponStatus = (typeof couponStatuses)[number];

export const couponStatusTransitions: Record<CouponStatus, readonly CouponStatus[]> = {
  ready: ['given'],
  given: ['used', 'not_used'],
  used: [],
  not_used: [],
};
