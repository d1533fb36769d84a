import {
  type CouponReportFilter,
  type CouponReportQuery,
  type CouponReportRow,
  couponReportRow,
} from '@avlu/contracts';
import { defineResource } from '../../lib/resource';

export type CodeReportQuery = CouponReportQuery & { campaignId: string };

/**
 * A campaign's codes for its code and carpark reports (spec §2): `POST /campaign/{id}/coupons/filter`,
 * one page with status, holder, desk and dates. Read only; the export and the car park file are in
 * coupons.resource.ts.
 */
export const campaignCodes = defineResource<CouponReportRow, never, CodeReportQuery>({
  name: 'campaign-codes',
  path: '/campaign',
  item: couponReportRow,
  list: ({ campaignId, ...query }) => ({
    method: 'POST',
    path: `/campaign/${campaignId}/coupons/filter`,
    body: query,
  }),
});

export type { CouponReportFilter };
