import { z } from 'zod';
import { objectId } from '../common/ids';
import { listSearchParams, queryFlag } from '../common/list-query';
import { requiredText } from '../common/text';

/**
 * Spec §3 Coupon provider, §7 `GET`/`POST /campaign/coupon-providers`, `DELETE …/{id}`: who honours
 * a campaign's codes, a store of the mall or another party (a cinema, a car park, a partner brand).
 * A store provider names its store, `coupon_provider_store_id`; another provider names none.
 */
export const couponProviderTypes = ['store', 'other'] as const;
export const couponProviderType = z.enum(couponProviderTypes);
export type CouponProviderType = z.infer<typeof couponProviderType>;

export const couponProvider = z.object({
  _id: objectId,
  coupon_provider_name: z.string(),
  coupon_provider_type: couponProviderType,
  coupon_provider_store_id: objectId.nullable(),
  /** The store's name, for lists and pickers; null for another provider. */
  coupon_provider_store_name: z.string().nullable(),
  createdAt: z.string(),
});
export type CouponProvider = z.infer<typeof couponProvider>;

export const COUPON_PROVIDER_NAME_MAX = 120;

/**
 * `POST /campaign/coupon-providers`: the store is required exactly when the type is `store`, and
 * refused otherwise (`validation.couponProviderStoreNotForOther`). Checked even when the name
 * failed, so the form shows both at once. The answer's `coupon_provider_store_id` is null for `other`.
 */
export const couponProviderInput = z
  .strictObject({
    coupon_provider_name: requiredText(COUPON_PROVIDER_NAME_MAX),
    coupon_provider_type: couponProviderType,
    coupon_provider_store_id: objectId.nullable().optional(),
  })
  .superRefine(
    (values, context) => {
      if (values === null || typeof values !== 'object') return;
      const failed = new Set(context.issues.map((issue) => String(issue.path?.[0])));
      if (failed.has('coupon_provider_type') || failed.has('coupon_provider_store_id')) return;
      const hasStore = values.coupon_provider_store_id != null;
      if (values.coupon_provider_type === 'store' && !hasStore)
        context.addIssue({
          code: 'custom',
          path: ['coupon_provider_store_id'],
          message: 'validation.required',
        });
      if (values.coupon_provider_type === 'other' && hasStore)
        context.addIssue({
          code: 'custom',
          path: ['coupon_provider_store_id'],
          message: 'validation.couponProviderStoreNotForOther',
        });
    },
    { when: () => true },
  )
  .transform((values) => ({
    coupon_provider_name: values.coupon_provider_name,
    coupon_provider_type: values.coupon_provider_type,
    coupon_provider_store_id: values.coupon_provider_store_id ?? null,
  }));
export type CouponProviderInput = z.input<typeof couponProviderInput>;
export type CouponProviderValues = z.output<typeof couponProviderInput>;

export const couponProviderSortKeys = ['coupon_provider_name', 'coupon_provider_type', 'createdAt'] as const;

/** `GET /campaign/coupon-providers`: every provider with `showAll=true` (the campaign form's picker), else one page. */
export const couponProviderListQuery = listSearchParams({
  orderBy: z.enum(couponProviderSortKeys),
  filter: { showAll: queryFlag },
});

/**
 * `GET /campaign/coupon-providers/categories`: the mall's store categories with their active stores,
 * from which a store provider's store is picked, grouped as the directory groups them.
 */
export const couponProviderCategory = z.object({
  _id: objectId,
  store_category_name: z.string(),
  store_category_name_en: z.string(),
  stores: z.array(z.object({ _id: objectId, store_name: z.string() })),
});
export type CouponProviderCategory = z.infer<typeof couponProviderCategory>;
