import { type CouponProviderCategory, couponProvider, couponProviderCategory } from '@avlu/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api';
import { defineResource, queryList } from '../../lib/resource';

/** Spec §7 `GET`/`POST /campaign/coupon-providers`, `DELETE …/{id}`, with the spec's texts on success. */
export const couponProviders = defineResource({
  name: 'coupon-providers',
  path: '/campaign/coupon-providers',
  item: couponProvider,
  list: queryList('/campaign/coupon-providers'),
  messages: { created: 'coupon-providers:added', removed: 'coupon-providers:removed' },
});

/** Every provider of the mall, for the delete route's deep link and the campaign form's picker. */
export const useAllCouponProviders = () =>
  couponProviders.useList({ pagination: { limit: 1000, currentPage: 1 } });

/** `GET /campaign/coupon-providers/categories`: the active stores by category, to pick a store provider's store. */
export const useProviderStoreCategories = () =>
  useQuery<CouponProviderCategory[]>({
    queryKey: ['coupon-providers', 'categories'],
    queryFn: ({ signal }) =>
      api.get('/campaign/coupon-providers/categories', { schema: z.array(couponProviderCategory), signal }),
  });
