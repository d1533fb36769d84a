import { z } from 'zod';
import { objectId } from '../common/ids';
import { requiredText } from '../common/text';
import { customerCoupon } from './coupons';

/**
 * Games (issue 15 #2: wheel of fortune, scratch card). The server decides every outcome; the wheel's
 * spin and the scratch areas only show it.
 *
 * - Rights are a ledger per customer and campaign (`campaign_game_rights`): earned from receipts,
 *   given by staff with a reason, spent by plays. Staff read the balance with
 *   `GET /customer/wof-rights/{customerId}` and give rights with `POST /customer/wof-rights/{customerId}`.
 * - The micro-site reads a game (`GET /ext/app/customers/campaigns/{id}/game`) and plays it
 *   (`POST /ext/app/customers/campaigns/{id}/play` with a key the client makes once per play, so a
 *   retried request answers the same play and spends one right).
 */

export const GAME_LIMITS = {
  /** Rights one staff gift may give. */
  rightCount: { min: 1, max: 100 },
  rightReason: { max: 200 },
} as const;

/** `GET /customer/wof-rights/{customerId}?channelId`. */
export const gameRightsQuery = z.strictObject({ channelId: objectId.optional() });
export type GameRightsQuery = z.infer<typeof gameRightsQuery>;

/** A customer's rights in one running game campaign of the mall. */
export const gameRightsBalance = z.object({
  campaign_id: objectId,
  campaign_name: z.string(),
  campaign_name_en: z.string(),
  campaign_type: z.enum(['wheel_of_fortune', 'scratch_card']),
  campaign_end_date: z.string(),
  /** Earned from approved receipts. */
  game_rights_earned: z.number().int(),
  /** Given by staff. */
  game_rights_given: z.number().int(),
  /** Spent on plays. */
  game_rights_spent: z.number().int(),
  game_rights_left: z.number().int(),
  game_plays: z.number().int(),
  game_wins: z.number().int(),
});
export type GameRightsBalance = z.infer<typeof gameRightsBalance>;

/** `POST /customer/wof-rights/{customerId}`: staff give rights to play with a reason (audited). */
export const gameRightsGiveBody = z.strictObject({
  campaign_id: objectId,
  game_right_count: z.number().int().min(GAME_LIMITS.rightCount.min).max(GAME_LIMITS.rightCount.max),
  game_right_reason: requiredText(GAME_LIMITS.rightReason.max),
});
export type GameRightsGiveBody = z.infer<typeof gameRightsGiveBody>;

/** A slice of the wheel: a prize (in position order) or "try again"; without prizes, a win gives the campaign's code. */
export const wheelSlice = z.object({
  slice_kind: z.enum(['prize', 'win', 'lose']),
  prize_id: objectId.nullable(),
  prize_name: z.string().nullable(),
  prize_name_en: z.string().nullable(),
});
export type WheelSlice = z.infer<typeof wheelSlice>;

/** What the micro-site's game page shows before a play. */
export const microSiteGame = z.object({
  campaign_id: objectId,
  campaign_type: z.enum(['wheel_of_fortune', 'scratch_card']),
  /** The lottery permit number (MPİ), shown on the game page. */
  campaign_lottery_permit_no: z.string().nullable(),
  game_rights_left: z.number().int(),
  /** Plays left today under the participation rule and the daily limit; null: no limit. */
  game_plays_left_today: z.number().int().nullable(),
  /** The wheel's slices, clockwise from the top. */
  wheel_slices: z.array(wheelSlice),
  scratch_area_count: z.number().int().nullable(),
  scratch_images: z.array(z.string()),
});
export type MicroSiteGame = z.infer<typeof microSiteGame>;

/** `POST /ext/app/customers/campaigns/{id}/play`: the client's key of this play (a UUID, kept until it hears the answer). */
export const gamePlayBody = z.strictObject({
  game_play_key: z.string().uuid(),
});
export type GamePlayBody = z.infer<typeof gamePlayBody>;

export const gamePlayOutcomes = ['win', 'lose'] as const;
export type GamePlayOutcome = (typeof gamePlayOutcomes)[number];

/** A play's answer (the same for a retried key): the outcome, the prize and code won, and what to show. */
export const gamePlayResult = z.object({
  _id: objectId,
  game_play_key: z.string(),
  game_play_outcome: z.enum(gamePlayOutcomes),
  prize_id: objectId.nullable(),
  prize_name: z.string().nullable(),
  prize_name_en: z.string().nullable(),
  /** The code won. */
  coupon: customerCoupon.nullable(),
  game_rights_left: z.number().int(),
  /** The wheel: the index of `wheel_slices` to land on. */
  wheel_slice: z.number().int().nullable(),
  /** The scratch card: the image each area shows (null: an empty area). */
  scratch_areas: z.array(z.string().nullable()).nullable(),
  played_at: z.string(),
});
export type GamePlayResult = z.infer<typeof gamePlayResult>;
