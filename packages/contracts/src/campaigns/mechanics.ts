import { z } from 'zod';
import { objectId } from '../common/ids';
import { spendingLimitType } from './campaign';

/**
 * Receipt-driven campaigns (issue 15 #1): what approved receipts earned a customer in the mall's
 * over-limit coupon campaigns (stamp cards). Staff read it with `GET /campaign/stamps?userId`; the
 * micro-site's campaign page tells the customer the same ("2 stamps to go").
 *
 * - A stamp: a receipt of at least the spending limit (`single_receipt_based`), or the day (the mall's
 *   calendar day of the receipts) whose counted receipts first reach the limit (`day_based`).
 * - `campaign_stamp_count` stamps fill a card (null: one); each full card gives a coupon within the
 *   campaign's participation rule, daily limit and budget. A card refused its coupon (no codes left,
 *   budget spent, rule) stays full and is tried again at the customer's next counted receipt.
 */

/** `GET /campaign/stamps?userId`: the customer whose cards to show. */
export const campaignStampsQuery = z.strictObject({ userId: objectId });
export type CampaignStampsQuery = z.infer<typeof campaignStampsQuery>;

/** A customer's stamp card in one running over-limit coupon campaign. */
export const campaignStampProgress = z.object({
  campaign_id: objectId,
  campaign_name: z.string(),
  campaign_name_en: z.string(),
  campaign_end_date: z.string(),
  campaign_spending_limit: z.number().nullable(),
  campaign_spending_limit_type: spendingLimitType.nullable(),
  /** Stamps a card needs. */
  stamps_per_card: z.number().int(),
  /** Stamps on the card being filled (0 … stamps_per_card − 1). */
  stamps_on_card: z.number().int(),
  /** Stamps the current card still needs ("2 stamps to go"). */
  stamps_to_go: z.number().int(),
  /** Every stamp earned in the campaign. */
  stamps_total: z.number().int(),
  /** Cards filled, whether or not their coupon could be given yet. */
  cards_completed: z.number().int(),
  /** Coupons the filled cards gave. */
  coupons_given: z.number().int(),
  /** Day based: today's (the mall's calendar day) counted receipts summed; null for single receipt. */
  today_amount: z.number().nullable(),
  /** Day based: what today still needs for its stamp, 0 once today earned it; null for single receipt. */
  today_to_go: z.number().nullable(),
});
export type CampaignStampProgress = z.infer<typeof campaignStampProgress>;
