import { type CouponCodeCounts, couponStatuses } from '@avlu/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { couponCodes } from './coupons.tables';

/**
 * A campaign's codes by status (the campaign item's `campaign_code_counts`, and every pool call's
 * answer): the ready ones over `coupon_codes_ready`, the others by status over `coupon_codes_handed_out`.
 */
export const couponCodeCountsOf = async (db: Database, campaignId: string): Promise<CouponCodeCounts> => {
  const counts = Object.fromEntries(couponStatuses.map((status) => [status, 0])) as CouponCodeCounts;
  // Two questions, each answered by one partial index (coupons.tables.ts).
  const [ready] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(couponCodes)
    .where(and(eq(couponCodes.campaign_id, campaignId), eq(couponCodes.coupon_status, 'ready')));
  const rows = await db
    .select({ status: couponCodes.coupon_status, n: sql<number>`count(*)::int` })
    .from(couponCodes)
    .where(and(eq(couponCodes.campaign_id, campaignId), ne(couponCodes.coupon_status, 'ready')))
    .groupBy(couponCodes.coupon_status);
  counts.ready = Number(ready?.n ?? 0);
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
};
