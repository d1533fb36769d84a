import {
  type Campaign,
  type CouponGiveBody,
  type CustomerCoupon,
  campaign,
  couponGiveResult,
  customerCoupon,
} from '@avlu/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { type ApiError, api } from '../../lib/api';
import { campaigns } from './campaigns.resource';

/**
 * Giving codes and a customer's codes (issue 13 #7, #9): the campaigns a channel's desk gives now
 * (`GET /campaign/{channelId}/bychannel`), giving one (`POST /coupon-campaign/coupon`) and the
 * customer's codes (`GET /customer/coupons/{customerId}?channelId`), for the registration desk's
 * coupon screen and the customer detail's coupons tab.
 */

/** The customer's codes, all desks or one channel's; a give refreshes every list of that customer. */
export const customerCouponKeys = {
  all: (customerId: string) => ['customer-coupons', customerId] as const,
  list: (customerId: string, channelId?: string) =>
    ['customer-coupons', customerId, channelId ?? 'all'] as const,
};

/** `GET /campaign/{channelId}/bychannel`: published, running campaigns the channel's desk gives. */
export const useDeskCampaigns = (channelId: string) =>
  useQuery<Campaign[], ApiError>({
    queryKey: [...campaigns.keys.all, 'bychannel', channelId],
    queryFn: ({ signal }) =>
      api.get(`/campaign/${channelId}/bychannel`, { schema: z.array(campaign), signal }),
  });

/** `GET /customer/coupons/{customerId}` (newest first); with `channelId`, those given at that desk. */
export const useCustomerCoupons = (customerId: string, channelId?: string) =>
  useQuery<CustomerCoupon[], ApiError>({
    queryKey: customerCouponKeys.list(customerId, channelId),
    queryFn: ({ signal }) =>
      api.get(`/customer/coupons/${customerId}`, {
        query: { channelId },
        schema: z.array(customerCoupon),
        signal,
      }),
  });

/**
 * `POST /coupon-campaign/coupon`: the code given. A refusal (409 naming the rule, in the request's
 * language) is shown by the screen beside the campaign, so no toast repeats it.
 */
export const useGiveCoupon = () =>
  campaigns.useAction(
    (body: CouponGiveBody) => api.post('/coupon-campaign/coupon', body, { schema: couponGiveResult }),
    {
      invalidates: (body) => [customerCouponKeys.all(body.customer_id)],
      success: false,
      error: false,
    },
  );
