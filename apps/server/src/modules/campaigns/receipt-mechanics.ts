import type {
  CampaignStampProgress,
  CampaignType,
  CustomerCoupon,
  ReceiptPointsCalculation,
} from '@avlu/contracts';
import { and, asc, eq, inArray, like, or, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { assertCustomerOfMall } from '../customers/customers.service';
import { dateIn, type Mall, mallToday } from '../customers/mall-date';
import type { ReceiptRow } from '../receipts/receipts.tables';
import { stores } from '../stores/stores.tables';
import { campaignNotFound, runningAt } from './campaigns.service';
import { type CampaignRow, campaigns } from './campaigns.tables';
import {
  campaignRowState,
  campaignsHoldingCustomer,
  grantCoupon,
  lockCampaignCustomer,
  participationRefusal,
} from './giving.service';
import { campaignGameRights, campaignReceiptCredits } from './mechanics.tables';
import { campaignParticipations } from './participations.tables';

/**
 * Receipt-driven campaigns (issue 15 #1): what an approved receipt earns in the mall's campaigns,
 * written in the approval's transaction (receipts.service.ts `updateReceipt`), beside its points.
 *
 * Which receipts count toward a campaign:
 * - the campaign runs (published, within its dates) at the approval, and the receipt's day (the
 *   mall's calendar day, `receipt_day`) lies within the campaign's days, both included: a receipt
 *   from before the campaign does not count, nor one approved after it ended;
 * - the receipt's store is one of `campaign_store_ids` or of a category of
 *   `campaign_store_category_ids` (both empty: any store), and neither the store nor its category is
 *   excluded (`campaign_excluded_*`: ATMs, exchange offices, phone top-ups, tobacco);
 * - the customer is in the campaign's segment (`lockCampaignCustomer`, which also locks the customer
 *   so one customer's approvals follow each other and each counts what the previous one wrote);
 * - the receipt is in liras (spending limits are in liras; a receipt in another currency counts
 *   toward nothing).
 *
 * What a counted receipt earns (each writes one `campaign_receipt_credits` row per campaign, unique
 * per campaign and receipt, so nothing is earned twice):
 * - receipt campaigns (only the receipt uploaded for it, `receipts.campaign_id`): the point
 *   multiplier, when the receipt reaches the spending limit (`single_receipt_based`: the receipt
 *   alone; `day_based`: the day's counted receipts of the campaign with it) and the participation
 *   rule allows (counted per receipt day: `once` one multiplied receipt ever, `once_a_day` one a day,
 *   `unlimited` up to the daily limit). The points calculation and the credit agree: when the
 *   multiplier does not apply, the receipt is calculated without it (`campaign_multiplier` 1) and its
 *   credit adds 0 points;
 * - over-limit coupons: a stamp (see contracts' campaigns/mechanics.ts); each full card gives a
 *   coupon with `participation_key` `card:<k>` through `grantCoupon` in a savepoint, so a refusal
 *   (no codes left, budget, participation rule, daily limit) keeps the approval and its points. The
 *   card stays full and its coupon is tried again at the customer's next counted receipt;
 * - games: rights (`campaign_game_rights`, source `receipt`) per `campaign_game_right_rule`:
 *   `per_receipt` one for a receipt of at least the spending limit (any receipt without one),
 *   `per_spending_step` one per full spending limit in the receipt (one without a limit). Without a
 *   rule a game's rights are only given by staff.
 */

/** The types whose running campaigns every approved receipt of the mall may count toward. */
const MALL_WIDE: readonly CampaignType[] = ['over_limit_coupon', 'wheel_of_fortune', 'scratch_card'];
const GAMES: readonly CampaignType[] = ['wheel_of_fortune', 'scratch_card'];
/** The currency spending limits are in. */
const LIMIT_CURRENCY = 'TRY';

export type ReceiptForMechanics = Pick<
  ReceiptRow,
  | '_id'
  | 'location_id'
  | 'customer_id'
  | 'store_id'
  | 'campaign_id'
  | 'receipt_amount'
  | 'currency'
  | 'receipt_day'
>;

/** Hundredths as an exact integer: amounts and limits have at most two decimals. */
const hundredths = (value: number) => Math.round(value * 100);

/** Whether the campaign counts receipts of this store (and category): listed or any, and not excluded. */
export const receiptStoreCounts = (
  campaign: Pick<
    CampaignRow,
    | 'campaign_store_ids'
    | 'campaign_store_category_ids'
    | 'campaign_excluded_store_ids'
    | 'campaign_excluded_category_ids'
  >,
  storeId: string,
  categoryId: string | null,
): boolean => {
  if (campaign.campaign_excluded_store_ids.includes(storeId)) return false;
  if (categoryId !== null && campaign.campaign_excluded_category_ids.includes(categoryId)) return false;
  const anyStore =
    campaign.campaign_store_ids.length === 0 && campaign.campaign_store_category_ids.length === 0;
  return (
    anyStore ||
    campaign.campaign_store_ids.includes(storeId) ||
    (categoryId !== null && campaign.campaign_store_category_ids.includes(categoryId))
  );
};

/** Running at `now`, and the receipt's day within the campaign's days (the mall's calendar, both included). */
export const receiptWithinCampaign = (
  campaign: Pick<CampaignRow, 'campaign_status' | 'campaign_start_date' | 'campaign_end_date'>,
  mall: Mall,
  receiptDay: string,
  now: Date,
): boolean => {
  if (campaignRowState(campaign, now) !== 'activated') return false;
  const zone = mall.location_meta.timezone;
  // The end is exclusive: a campaign ending at midnight does not take that day's receipts.
  const lastDay = dateIn(zone, new Date(campaign.campaign_end_date.getTime() - 1));
  return receiptDay >= dateIn(zone, campaign.campaign_start_date) && receiptDay <= lastDay;
};

/** The receipt reaches the limit on its own (single receipt, or no limit). */
const reaches = (amount: number, limit: number | null) =>
  limit === null || hundredths(amount) >= hundredths(limit);

/** Game rights a receipt earns under the campaign's rule. */
export const receiptGameRights = (
  campaign: Pick<CampaignRow, 'campaign_game_right_rule' | 'campaign_spending_limit'>,
  amount: number,
): number => {
  const limit = campaign.campaign_spending_limit;
  switch (campaign.campaign_game_right_rule) {
    case 'per_receipt':
      return reaches(amount, limit) ? 1 : 0;
    case 'per_spending_step':
      return limit === null || limit <= 0 ? 1 : Math.floor(hundredths(amount) / hundredths(limit));
    default:
      return 0;
  }
};

/** The points the receipt campaign's multiplier added to a calculation (total less the same without it). */
export const receiptMultiplierPoints = (calculation: ReceiptPointsCalculation): number => {
  const h = (value: number) => BigInt(Math.round(value * 100));
  const without =
    (h(calculation.receipt_amount) *
      h(calculation.point_provider_points_multiplier ?? 0) *
      h(calculation.tier_multiplier)) /
    1_000_000n;
  return Math.max(0, calculation.total_points - Number(without));
};

/** The customer's counted receipts of the campaign on a day, summed (what a day-based limit compares). */
const receiptDaySum = async (tx: Database, campaignId: string, customerId: string, day: string) => {
  const [row] = await tx
    .select({ sum: sql<string | number | null>`sum(${campaignReceiptCredits.credit_amount})` })
    .from(campaignReceiptCredits)
    .where(
      and(
        eq(campaignReceiptCredits.campaign_id, campaignId),
        eq(campaignReceiptCredits.customer_id, customerId),
        eq(campaignReceiptCredits.credit_day, day),
      ),
    );
  return Number(row?.sum ?? 0);
};

/** A customer's stamps (receipts that counted) in a campaign, as a where-clause on `campaign_receipt_credits`. */
const stampsOf = (campaignId: string, customerId: string) =>
  and(
    eq(campaignReceiptCredits.campaign_id, campaignId),
    eq(campaignReceiptCredits.customer_id, customerId),
    eq(campaignReceiptCredits.credit_stamp, true),
  );

/** A receipt campaign's participation rule over the customer's multiplied receipts (per receipt day). */
const receiptCampaignAllows = async (
  tx: Database,
  campaign: CampaignRow,
  customerId: string,
  day: string,
) => {
  const [counts] = await tx
    .select({
      ever: sql<number>`count(*)::int`,
      onDay: sql<number>`(count(*) filter (where ${campaignReceiptCredits.credit_day} = ${day}))::int`,
    })
    .from(campaignReceiptCredits)
    .where(stampsOf(campaign._id, customerId));
  const ever = Number(counts?.ever ?? 0);
  const onDay = Number(counts?.onDay ?? 0);
  return participationRefusal(campaign, ever, onDay) === undefined;
};

export type ReceiptMechanicsPlan = {
  /** The campaigns the receipt counts toward (stores, dates, segment), in id order. */
  counted: CampaignRow[];
  /** The receipt's own receipt campaign when its multiplier applies to this receipt; else null. */
  multiplier: CampaignRow | null;
};

/**
 * Step one of an approval, before its points are calculated: the campaigns the receipt counts
 * toward, and whether its receipt campaign's multiplier applies (the caller calculates the points
 * without the campaign otherwise). Locks the customer (`lockCampaignCustomer`) when any campaign
 * may count the receipt.
 */
export const receiptMechanicsPlan = async (
  tx: Database,
  mall: Mall,
  receipt: ReceiptForMechanics,
  now: Date,
): Promise<ReceiptMechanicsPlan> => {
  const none: ReceiptMechanicsPlan = { counted: [], multiplier: null };
  if (receipt.currency !== LIMIT_CURRENCY) return none;
  const candidates = await tx
    .select()
    .from(campaigns)
    .where(
      and(
        eq(campaigns.location_id, mall._id),
        runningAt(now),
        or(
          inArray(campaigns.campaign_type, [...MALL_WIDE]),
          receipt.campaign_id
            ? and(eq(campaigns._id, receipt.campaign_id), eq(campaigns.campaign_type, 'receipt'))
            : undefined,
        ),
      ),
    )
    .orderBy(asc(campaigns._id));
  if (candidates.length === 0) return none;
  const [store] = await tx
    .select({ category: stores.store_category_id })
    .from(stores)
    .where(and(eq(stores._id, receipt.store_id), eq(stores.location_id, mall._id)));
  const category = store?.category ?? null;
  const eligible = candidates.filter(
    (campaign) =>
      // A game without a rule earns no rights from receipts.
      (!GAMES.includes(campaign.campaign_type) || campaign.campaign_game_right_rule !== null) &&
      receiptWithinCampaign(campaign, mall, receipt.receipt_day, now) &&
      receiptStoreCounts(campaign, receipt.store_id, category),
  );
  const today = mallToday(mall, now);
  const counted: CampaignRow[] = [];
  for (const campaign of eligible) {
    try {
      await lockCampaignCustomer(tx, mall, campaign, receipt.customer_id, today);
      counted.push(campaign);
    } catch (error) {
      // Outside the segment (409), or a customer deleted since (404): the receipt counts toward nothing here.
      if (!(error instanceof AppError)) throw error;
    }
  }
  const own = counted.find((campaign) => campaign.campaign_type === 'receipt');
  let multiplier: CampaignRow | null = null;
  if (own) {
    const limit = own.campaign_spending_limit;
    const reached =
      own.campaign_spending_limit_type === 'day_based' && limit !== null
        ? hundredths(
            (await receiptDaySum(tx, own._id, receipt.customer_id, receipt.receipt_day)) +
              receipt.receipt_amount,
          ) >= hundredths(limit)
        : reaches(receipt.receipt_amount, limit);
    if (reached && (await receiptCampaignAllows(tx, own, receipt.customer_id, receipt.receipt_day)))
      multiplier = own;
  }
  return { counted, multiplier };
};

export type ReceiptMechanicsOutcome = {
  /** Campaigns the receipt was credited to. */
  credited: string[];
  /** Coupons the filled stamp cards gave. */
  coupons: CustomerCoupon[];
  /** Game rights earned, per campaign. */
  rights: Record<string, number>;
};

/** Writes the receipt's credit toward a campaign; false when it was written before (a retried approval). */
const credit = async (
  tx: Database,
  receipt: ReceiptForMechanics,
  campaign: CampaignRow,
  values: { stamp: boolean; points?: number },
  now: Date,
) => {
  const written = await tx
    .insert(campaignReceiptCredits)
    .values({
      location_id: campaign.location_id,
      campaign_id: campaign._id,
      customer_id: receipt.customer_id,
      receipt_id: receipt._id,
      credit_day: receipt.receipt_day,
      credit_amount: receipt.receipt_amount,
      credit_stamp: values.stamp,
      credit_points: values.points ?? 0,
      created_at: now,
    })
    .onConflictDoNothing()
    .returning({ _id: campaignReceiptCredits._id });
  return written.length > 0;
};

/** Stamps needed per card (null: one). */
const perCard = (campaign: Pick<CampaignRow, 'campaign_stamp_count'>) =>
  Math.max(1, campaign.campaign_stamp_count ?? 1);

const CARD_KEY = 'card:';

/**
 * Gives the coupons of the customer's full cards that have none yet, oldest card first, each in a
 * savepoint: the first refusal stops (the later cards would be refused alike) and undoes only its own
 * savepoint, so the approval and its points stand and the cards stay full for the next receipt.
 */
export const receiptCardCoupons = async (
  tx: Database,
  mall: Mall,
  campaign: CampaignRow,
  customerId: string,
  now: Date,
): Promise<CustomerCoupon[]> => {
  const [stamps] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(campaignReceiptCredits)
    .where(stampsOf(campaign._id, customerId));
  const full = Math.floor(Number(stamps?.n ?? 0) / perCard(campaign));
  if (full === 0) return [];
  const keys = await tx
    .select({ key: campaignParticipations.participation_key })
    .from(campaignParticipations)
    .where(
      and(
        eq(campaignParticipations.campaign_id, campaign._id),
        eq(campaignParticipations.customer_id, customerId),
        like(campaignParticipations.participation_key, `${CARD_KEY}%`),
      ),
    );
  const given = new Set(keys.map((row) => row.key));
  const today = mallToday(mall, now);
  const coupons: CustomerCoupon[] = [];
  for (let card = 1; card <= full; card++) {
    const key = `${CARD_KEY}${card}`;
    if (given.has(key)) continue;
    try {
      coupons.push(
        await tx.transaction((savepoint) =>
          grantCoupon(savepoint, mall, campaign, customerId, { channelId: null, key, today, now }),
        ),
      );
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 409) break;
      throw error;
    }
  }
  return coupons;
};

/**
 * Step two of an approval, after its points: writes the receipt's credits, stamps and game rights,
 * and gives the coupons of filled stamp cards (see above). `calculation` is the receipt's points as
 * approved: a receipt campaign's credit keeps the points its multiplier added. Idempotent: a receipt
 * already credited to a campaign earns nothing there again.
 */
export const applyReceiptMechanics = async (
  tx: Database,
  mall: Mall,
  receipt: ReceiptForMechanics,
  calculation: ReceiptPointsCalculation,
  plan: ReceiptMechanicsPlan,
  now: Date,
): Promise<ReceiptMechanicsOutcome> => {
  const outcome: ReceiptMechanicsOutcome = { credited: [], coupons: [], rights: {} };
  for (const campaign of plan.counted) {
    const amount = receipt.receipt_amount;
    if (campaign.campaign_type === 'receipt') {
      const multiplied = plan.multiplier?._id === campaign._id;
      const points = multiplied ? receiptMultiplierPoints(calculation) : 0;
      if (await credit(tx, receipt, campaign, { stamp: multiplied, points }, now))
        outcome.credited.push(campaign._id);
    } else if (campaign.campaign_type === 'over_limit_coupon') {
      const limit = campaign.campaign_spending_limit;
      let stamp: boolean;
      if (campaign.campaign_spending_limit_type === 'single_receipt_based' || limit === null)
        stamp = reaches(amount, limit);
      else {
        const before = hundredths(
          await receiptDaySum(tx, campaign._id, receipt.customer_id, receipt.receipt_day),
        );
        stamp = before < hundredths(limit) && before + hundredths(amount) >= hundredths(limit);
      }
      if (!(await credit(tx, receipt, campaign, { stamp }, now))) continue;
      outcome.credited.push(campaign._id);
      outcome.coupons.push(...(await receiptCardCoupons(tx, mall, campaign, receipt.customer_id, now)));
    } else if (GAMES.includes(campaign.campaign_type)) {
      const rights = receiptGameRights(campaign, amount);
      if (!(await credit(tx, receipt, campaign, { stamp: rights > 0 }, now))) continue;
      outcome.credited.push(campaign._id);
      if (rights > 0) {
        await tx
          .insert(campaignGameRights)
          .values({
            location_id: campaign.location_id,
            campaign_id: campaign._id,
            customer_id: receipt.customer_id,
            game_right_delta: rights,
            game_right_source: 'receipt',
            receipt_id: receipt._id,
            created_at: now,
          })
          .onConflictDoNothing();
        outcome.rights[campaign._id] = rights;
      }
    }
  }
  return outcome;
};

// ——— reading ———

/**
 * The customer's stamp cards in the mall's running over-limit coupon campaigns that they may take part
 * in (in the segment), soonest ending first: `GET /campaign/stamps?userId` for staff, and what the
 * micro-site's campaign page tells the customer ("2 stamps to go"). With `campaignId`, only that
 * campaign's card (an empty list when it is not such a running campaign). 404 for another mall's or a
 * deleted customer.
 */
export const receiptStampCards = async (
  db: Database,
  mall: Mall,
  customerId: string,
  { campaignId, now = new Date() }: { campaignId?: string; now?: Date } = {},
): Promise<CampaignStampProgress[]> => {
  await assertCustomerOfMall(db, mall._id, customerId);
  const rows = await db
    .select()
    .from(campaigns)
    .where(
      and(
        eq(campaigns.location_id, mall._id),
        eq(campaigns.campaign_type, 'over_limit_coupon'),
        runningAt(now),
        campaignId ? eq(campaigns._id, campaignId) : undefined,
      ),
    )
    .orderBy(asc(campaigns.campaign_end_date), asc(campaigns._id));
  if (rows.length === 0) return [];
  const today = mallToday(mall, now);
  const holding = await campaignsHoldingCustomer(db, customerId, rows, today);
  const shown = rows.filter((row) => row.campaign_segment === null || holding.has(row._id));
  if (shown.length === 0) return [];
  const ids = shown.map((row) => row._id);
  const [credits, cards] = [
    await db
      .select({
        campaign_id: campaignReceiptCredits.campaign_id,
        stamps: sql<number>`(count(*) filter (where ${campaignReceiptCredits.credit_stamp}))::int`,
        today: sql<
          string | number | null
        >`sum(${campaignReceiptCredits.credit_amount}) filter (where ${campaignReceiptCredits.credit_day} = ${today})`,
        stampedToday: sql<boolean>`coalesce(bool_or(${campaignReceiptCredits.credit_stamp}) filter (where ${campaignReceiptCredits.credit_day} = ${today}), false)`,
      })
      .from(campaignReceiptCredits)
      .where(
        and(
          eq(campaignReceiptCredits.customer_id, customerId),
          inArray(campaignReceiptCredits.campaign_id, ids),
        ),
      )
      .groupBy(campaignReceiptCredits.campaign_id),
    await db
      .select({ campaign_id: campaignParticipations.campaign_id, n: sql<number>`count(*)::int` })
      .from(campaignParticipations)
      .where(
        and(
          eq(campaignParticipations.customer_id, customerId),
          inArray(campaignParticipations.campaign_id, ids),
          like(campaignParticipations.participation_key, `${CARD_KEY}%`),
        ),
      )
      .groupBy(campaignParticipations.campaign_id),
  ];
  const creditOf = new Map(credits.map((row) => [row.campaign_id, row]));
  const couponsOf = new Map(cards.map((row) => [row.campaign_id, Number(row.n)]));
  return shown.map((campaign) => {
    const row = creditOf.get(campaign._id);
    const size = perCard(campaign);
    const total = Number(row?.stamps ?? 0);
    const onCard = total % size;
    const dayBased = campaign.campaign_spending_limit_type !== 'single_receipt_based';
    const todayAmount = Number(row?.today ?? 0);
    const limit = campaign.campaign_spending_limit ?? 0;
    return {
      campaign_id: campaign._id,
      campaign_name: campaign.campaign_name,
      campaign_name_en: campaign.campaign_name_en,
      campaign_end_date: campaign.campaign_end_date.toISOString(),
      campaign_spending_limit: campaign.campaign_spending_limit,
      campaign_spending_limit_type: campaign.campaign_spending_limit_type,
      stamps_per_card: size,
      stamps_on_card: onCard,
      stamps_to_go: size - onCard,
      stamps_total: total,
      cards_completed: Math.floor(total / size),
      coupons_given: couponsOf.get(campaign._id) ?? 0,
      today_amount: dayBased ? todayAmount : null,
      today_to_go: dayBased
        ? row?.stampedToday
          ? 0
          : Math.max(0, (hundredths(limit) - hundredths(todayAmount)) / 100)
        : null,
    };
  });
};

/**
 * `GET /ext/app/customers/campaigns/{id}/stamps`: the customer's stamp card in one campaign; 404 when
 * it is not the mall's running over-limit coupon campaign or the customer is outside its segment.
 */
export const receiptStampCard = async (
  db: Database,
  mall: Mall,
  customerId: string,
  campaignId: string,
  now = new Date(),
): Promise<CampaignStampProgress> => {
  const [card] = await receiptStampCards(db, mall, customerId, { campaignId, now });
  if (!card) throw campaignNotFound();
  return card;
};
