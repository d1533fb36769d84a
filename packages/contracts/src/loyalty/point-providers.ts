import { z } from 'zod';
import { objectId } from '../common/ids';
import { listQuery, listSearchParams, queryFlag } from '../common/list-query';
import { isoDate, requiredText } from '../common/text';

/**
 * Spec §3 Point provider, §5 its rules, §7 `GET`/`POST /point-providers`, `POST /point-providers/filter`,
 * `GET`/`PUT`/`DELETE /point-providers/{id}` (issue 14 #3): the mall's earning rules for receipts.
 *
 * How a receipt earns (computed later, when receipts are approved; this module only keeps the rules):
 * among the mall's providers whose dates hold the receipt's date and whose minimum amount the
 * receipt's amount reaches, the one of the highest priority that matches wins (1 is the highest, as
 * with tiers), and the receipt earns `receipt_amount × point_provider_points_multiplier` points. A
 * provider matches by its type:
 * - `store`: the receipt's store is one of `point_provider_store_ids`;
 * - `category`: the receipt's store's category is one of `point_provider_category_ids`;
 * - `default`: any store of the mall;
 * - `outsource`: the points are reported by an outside system (the provider names the rule they
 *   are booked under), not computed from the amount.
 * Priorities are unique per mall, so the winner is never a tie.
 */
export const pointProviderTypes = ['store', 'category', 'default', 'outsource'] as const;
export const pointProviderType = z.enum(pointProviderTypes);
export type PointProviderType = z.infer<typeof pointProviderType>;

export const pointProviderCurrencies = ['TRY', 'USD', 'EUR'] as const;
export const pointProviderCurrency = z.enum(pointProviderCurrencies);
export type PointProviderCurrency = z.infer<typeof pointProviderCurrency>;

/** Spec §5: the numbers of a provider's rules, the one place both the server and the form read them. */
export const POINT_PROVIDER_LIMITS = {
  name: 120,
  priority: { min: 1, max: 99 },
  /** The smallest receipt amount that earns, in the provider's currency; at least 1. */
  minAmount: { min: 1, max: 10_000_000 },
  /**
   * Points per lira (per unit of `currency`): a receipt of 1,000 TL under 0.05 earns 50 points.
   * Spec §5 words its bounds 'more than 0.9' and 'less than 0.01'.
   */
  multiplier: { min: 0.01, max: 0.9 },
  /** How many stores or categories one provider may name. */
  ids: 1000,
} as const;

/** At most two decimals: amounts are money, multipliers hundredths. */
const twoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

/** A required `YYYY-MM-DD`: left out or empty it is "required", not "enter a valid date". */
const requiredDate = () => z.string().min(1).pipe(isoDate());

const uniqueIds = z
  .array(objectId)
  .max(POINT_PROVIDER_LIMITS.ids)
  .default([])
  .transform((ids) => [...new Set(ids)]);

/** Which id list a type names, if any: a store provider its stores, a category provider its categories. */
export const pointProviderIdsField = {
  store: 'point_provider_store_ids',
  category: 'point_provider_category_ids',
  default: undefined,
  outsource: undefined,
} as const satisfies Record<PointProviderType, string | undefined>;

/**
 * The body of `POST /point-providers` and `PUT /point-providers/{id}`, and the form's schema. Dates
 * are date-only `YYYY-MM-DD` (spec §8: the web sends the first 10 characters of an ISO date), both
 * required, the end strictly after the start. A store provider needs at least one store, a category
 * provider at least one category; a list another type does not use is refused
 * (`validation.pointProviderIdsNotForType`), so nothing hidden in the form is saved. Every rule is
 * checked even when another failed, so the form shows them all at once.
 */
export const pointProviderInput = z
  .strictObject({
    point_provider_name: requiredText(POINT_PROVIDER_LIMITS.name),
    point_provider_type: pointProviderType,
    point_provider_priority: z
      .number()
      .int()
      .min(POINT_PROVIDER_LIMITS.priority.min)
      .max(POINT_PROVIDER_LIMITS.priority.max),
    point_provider_min_amount: z
      .number()
      .min(POINT_PROVIDER_LIMITS.minAmount.min)
      .max(POINT_PROVIDER_LIMITS.minAmount.max)
      .refine(twoDecimals, { message: 'validation.twoDecimals' }),
    point_provider_points_multiplier: z
      .number()
      .min(POINT_PROVIDER_LIMITS.multiplier.min, { message: 'validation.pointProviderMultiplierTooSmall' })
      .max(POINT_PROVIDER_LIMITS.multiplier.max, { message: 'validation.pointProviderMultiplierTooBig' })
      .refine(twoDecimals, { message: 'validation.twoDecimals' }),
    point_provider_start_at: requiredDate(),
    point_provider_end_at: requiredDate(),
    point_provider_store_ids: uniqueIds,
    point_provider_category_ids: uniqueIds,
    currency: pointProviderCurrency.default('TRY'),
  })
  .superRefine(
    (values, context) => {
      if (values === null || typeof values !== 'object') return;
      const failed = new Set(context.issues.map((issue) => String(issue.path?.[0])));
      const { point_provider_start_at: start, point_provider_end_at: end } = values;
      if (
        !failed.has('point_provider_start_at') &&
        !failed.has('point_provider_end_at') &&
        typeof start === 'string' &&
        typeof end === 'string' &&
        end <= start
      )
        context.addIssue({
          code: 'custom',
          path: ['point_provider_end_at'],
          message: 'validation.pointProviderEndAfterStart',
        });
      if (failed.has('point_provider_type') || !pointProviderTypes.includes(values.point_provider_type))
        return;
      const wanted = pointProviderIdsField[values.point_provider_type];
      for (const field of ['point_provider_store_ids', 'point_provider_category_ids'] as const) {
        if (failed.has(field)) continue;
        const ids = Array.isArray(values[field]) ? values[field] : [];
        if (field === wanted && ids.length === 0)
          context.addIssue({
            code: 'custom',
            path: [field],
            message:
              field === 'point_provider_store_ids'
                ? 'validation.pointProviderStoresRequired'
                : 'validation.pointProviderCategoriesRequired',
          });
        if (field !== wanted && ids.length > 0)
          context.addIssue({
            code: 'custom',
            path: [field],
            message: 'validation.pointProviderIdsNotForType',
          });
      }
    },
    { when: () => true },
  );
export type PointProviderInput = z.input<typeof pointProviderInput>;
export type PointProviderValues = z.output<typeof pointProviderInput>;

/** One provider as answered. The dates are `YYYY-MM-DD`, null when unset (spec §3). */
export const pointProvider = z.object({
  _id: objectId,
  point_provider_name: z.string(),
  point_provider_type: pointProviderType,
  point_provider_priority: z.number().int(),
  point_provider_min_amount: z.number(),
  point_provider_points_multiplier: z.number(),
  point_provider_start_at: z.string().nullable(),
  point_provider_end_at: z.string().nullable(),
  point_provider_store_ids: z.array(objectId),
  point_provider_category_ids: z.array(objectId),
  currency: pointProviderCurrency,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PointProvider = z.infer<typeof pointProvider>;

export const pointProviderSortKeys = [
  'point_provider_name',
  'point_provider_type',
  'point_provider_priority',
  'point_provider_min_amount',
  'point_provider_points_multiplier',
  'point_provider_start_at',
  'point_provider_end_at',
  'createdAt',
] as const;
export type PointProviderSortKey = (typeof pointProviderSortKeys)[number];

/** The list's filter: by type. */
export const pointProviderFilter = z.strictObject({
  point_provider_type: pointProviderType.optional(),
});
export type PointProviderFilter = z.infer<typeof pointProviderFilter>;

/** `POST /point-providers/filter`: pagination, order, orderBy, filter, keyword (spec §7). */
export const pointProviderFilterQuery = listQuery({
  orderBy: z.enum(pointProviderSortKeys),
  filter: pointProviderFilter,
});
export type PointProviderFilterQuery = z.input<typeof pointProviderFilterQuery>;

/** `GET /point-providers`: every provider with `showAll=true`, else one page; `point_provider_type` narrows it. */
export const pointProviderListQuery = listSearchParams({
  orderBy: z.enum(pointProviderSortKeys),
  filter: { showAll: queryFlag, point_provider_type: pointProviderType.optional() },
});
