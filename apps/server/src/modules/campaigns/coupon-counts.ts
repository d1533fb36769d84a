import { type CouponCodeCounts, couponStatuses } from '@avlu/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { couponCodes } from './coupons.tables';

/**
 * A campaign's codes by status (the campaign item's `campaign_code_counts`, and every pool call's
 * answer): one grouped count over `coupon_codes_status` (campaign, status, _id).
 */
export const couponCodeCountsOf = async (db: Database, campaignId: string): Promise<CouponCodeCounts> => {
  const counts = Object.fromEntries(couponStatuses.map((status) => [status, 0])) as CouponCodeCounts;
  const rows = await db
    .select({ status: couponCodes.coupon_status, n: sql<number>`count(*)::int` })
    .from(couponCodes)
    .where(eq(couponCodes.campaign_id, campaignId))
    .groupBy(couponCodes.coupon_status);
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
};
