import { z } from 'zod';
import { objectId } from '../common/ids';
import { listQuery } from '../common/list-query';
import { requiredText, singleLineText } from '../common/text';

/**
 * Spec §3 Loyalty tier (membership status), §5, §7 "Tiers": a level a customer reaches by the points
 * they have earned (since their last reset), which multiplies what each receipt earns. Priorities
 * are unique in a mall ('Loyalty tier priority already used', §8).
 */
export const LOYALTY_TIER_TITLE_MAX = 60;
export const LOYALTY_TIER_PRIORITY = { min: 1, max: 99 } as const;
/**
 * §5 gives two readings of the multiplier (between 0 and 1, and greater than 1): both are allowed,
 * from 0.01 (a hundredth of the points) to 10 (ten times), in hundredths.
 */
export const LOYALTY_TIER_MULTIPLIER = { min: 0.01, max: 10 } as const;
export const LOYALTY_TIER_MIN_POINTS_MAX = 100_000_000;

const hundredths = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-9;

export const loyaltyTierInput = z.strictObject({
  loyalty_tier_title: requiredText(LOYALTY_TIER_TITLE_MAX),
  loyalty_tier_title_en: singleLineText()
    .max(LOYALTY_TIER_TITLE_MAX)
    .nullish()
    .transform((value) => (value ? value : null)),
  loyalty_tier_min_points: z.number().int().min(0).max(LOYALTY_TIER_MIN_POINTS_MAX),
  loyalty_tier_point_multiplier: z
    .number()
    .min(LOYALTY_TIER_MULTIPLIER.min)
    .max(LOYALTY_TIER_MULTIPLIER.max)
    .refine(hundredths, { message: 'validation.multipleOf', params: { divisor: '0.01' } }),
  loyalty_tier_priority: z.number().int().min(LOYALTY_TIER_PRIORITY.min).max(LOYALTY_TIER_PRIORITY.max),
});
export type LoyaltyTierInput = z.input<typeof loyaltyTierInput>;
export type LoyaltyTierValues = z.output<typeof loyaltyTierInput>;

export const loyaltyTier = z.object({
  _id: objectId,
  loyalty_tier_title: z.string(),
  loyalty_tier_title_en: z.string().nullable(),
  loyalty_tier_min_points: z.number().int(),
  loyalty_tier_point_multiplier: z.number(),
  loyalty_tier_priority: z.number().int(),
  /** Customers of the mall in this tier now. */
  loyalty_tier_customer_count: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LoyaltyTier = z.infer<typeof loyaltyTier>;

export const loyaltyTierSortKeys = [
  'loyalty_tier_title',
  'loyalty_tier_min_points',
  'loyalty_tier_point_multiplier',
  'loyalty_tier_priority',
  'createdAt',
] as const;

/** `POST /loyalty-tier/filter`: the tiers as a page, by priority unless told otherwise. */
export const loyaltyTierListQuery = listQuery({ orderBy: z.enum(loyaltyTierSortKeys) });

/** The tier's title in the reader's language (the Turkish one when no English title was given). */
export const loyaltyTierTitle = (
  tier: Pick<LoyaltyTier, 'loyalty_tier_title' | 'loyalty_tier_title_en'>,
  language: string,
) => (language === 'en' ? (tier.loyalty_tier_title_en ?? tier.loyalty_tier_title) : tier.loyalty_tier_title);

/**
 * The tier of a customer with `points` earned: the one with the highest minimum they reach (ties go
 * to the higher priority, the lower number); none below the lowest minimum.
 */
export const tierFor = <Tier extends Pick<LoyaltyTier, 'loyalty_tier_min_points' | 'loyalty_tier_priority'>>(
  tiers: readonly Tier[],
  points: number,
): Tier | undefined =>
  tiers
    .filter((tier) => tier.loyalty_tier_min_points <= points)
    .sort(
      (a, b) =>
        b.loyalty_tier_min_points - a.loyalty_tier_min_points ||
        a.loyalty_tier_priority - b.loyalty_tier_priority,
    )[0];
