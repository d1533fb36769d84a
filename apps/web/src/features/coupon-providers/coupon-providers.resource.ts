import {
  type CouponProvider,
  type CouponProviderCategory,
  couponProvider,
  couponProviderCategory,
} from '@avlu/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { type ApiError, api } from '../../lib/api';
import { defineResource, queryList } from '../../lib/resource';

/** Spec §7 `GET`/`POST /campaign/coupon-providers`, `DELETE …/{id}`, with the spec's texts on success. */
export const couponProviders = defineResource({
  name: 'coupon-providers',
  path: '/campaign/coupon-providers',
  item: couponProvider,
  list: queryList('/campaign/coupon-providers'),
  messages: { created: 'coupon-providers:added', removed: 'coupon-providers:removed' },
});

/**
 * Every provider of the mall (`showAll=true`, which any staff of the mall may read): the campaign
 * form's picker and the delete route's deep link. Refreshed with the provider lists.
 */
export const useAllCouponProviders = () =>
  useQuery<CouponProvider[], ApiError>({
    queryKey: [...couponProviders.keys.lists(), 'all'],
    queryFn: ({ signal }) =>
      api.get('/campaign/coupon-providers', {
        query: { showAll: true },
        schema: z.array(couponProvider),
        signal,
        dedupe: false,
      }),
    staleTime: 60_000,
  });

/** `GET /campaign/coupon-providers/categories`: the active stores by category, to pick a store provider's store. */
export const useProviderStoreCategories = () =>
  useQuery<CouponProviderCategory[]>({
    queryKey: ['coupon-providers', 'categories'],
    queryFn: ({ signal }) =>
      api.get('/campaign/coupon-providers/categories', { schema: z.array(couponProviderCategory), signal }),
  });
