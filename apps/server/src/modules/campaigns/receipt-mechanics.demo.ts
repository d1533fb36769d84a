import type { ReceiptPointsCalculation } from '@avlu/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { dateIn, type Mall } from '../customers/mall-date';
import type { ReceiptRow } from '../receipts/receipts.tables';
import { type CampaignRow, campaigns } from './campaigns.tables';
import { campaignReceiptCredits } from './mechanics.tables';
import { campaignParticipations } from './participations.tables';
import { receiptCardCoupons, receiptMultiplierPoints, receiptStoreCounts } from './receipt-mechanics';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const BATCH = 500;

const hundredths = (value: number) => Math.round(value * 100);

/** What the receipts demo needs of a mall's receipt-driven campaigns (issue 15 #8). */
export type DemoReceiptCampaigns = {
  /** The receipt campaign receipts are uploaded for, if any. */
  receipt: CampaignRow | undefined;
  /** The running over-limit coupon campaigns. */
  overLimit: CampaignRow[];
};

export const demoReceiptCampaigns = async (
  db: Database,
  locationId: string,
): Promise<DemoReceiptCampaigns> => {
  const rows = await db
    .select()
    .from(campaigns)
    .where(
      and(
        eq(campaigns.location_id, locationId),
        eq(campaigns.campaign_status, 'published'),
        inArray(campaigns.campaign_type, ['receipt', 'over_limit_coupon']),
      ),
    )
    .orderBy(asc(campaigns.created_at), asc(campaigns._id));
  return {
    receipt: rows.find((row) => row.campaign_type === 'receipt'),
    overLimit: rows.filter((row) => row.campaign_type === 'over_limit_coupon'),
  };
};

/** The receipt's day lies within the campaign's days (the mall's calendar). */
export const demoDayWithin = (mall: Mall, campaign: CampaignRow, day: string) =>
  day >= dateIn(mall.location_meta.timezone, campaign.campaign_start_date) &&
  day <= dateIn(mall.location_meta.timezone, new Date(campaign.campaign_end_date.getTime() - 1));

/** Whether a receipt uploaded for the receipt campaign gets its multiplier (its day within it, the limit reached). */
export const demoMultiplies = (mall: Mall, campaign: CampaignRow, day: string, amount: number) =>
  demoDayWithin(mall, campaign, day) &&
  (campaign.campaign_spending_limit === null || amount >= campaign.campaign_spending_limit);

export type DemoShopping = { customerId: string; storeId: string; amount: number; at: Date };

/**
 * Receipts that fill stamp cards in the first over-limit campaign: a dozen shoppers who have not taken
 * part in it yet, each with 0 to 3 days (one in four a full card of three) on which two receipts at the
 * campaign's stores pass the limit together, and a day that stays below it. The days are old enough
 * for the demo's review to have approved them (three days and more).
 */
export const demoStampShopping = async (
  db: Database,
  campaign: CampaignRow | undefined,
  memberIds: readonly string[],
  now: number,
): Promise<DemoShopping[]> => {
  if (!campaign || campaign.campaign_store_ids.length === 0 || memberIds.length === 0) return [];
  const limit = campaign.campaign_spending_limit ?? 1000;
  const first = campaign.campaign_start_date.getTime() + HOUR_MS;
  const last = Math.min(campaign.campaign_end_date.getTime(), now - 3.5 * DAY_MS);
  if (last - first < 3 * DAY_MS) return [];
  const joined = new Set(
    (
      await db
        .select({ customer_id: campaignParticipations.customer_id })
        .from(campaignParticipations)
        .where(eq(campaignParticipations.campaign_id, campaign._id))
    ).map((row) => row.customer_id),
  );
  const shoppers = memberIds.filter((id) => !joined.has(id)).slice(0, 12);
  const stores = campaign.campaign_store_ids;
  const shopping: DemoShopping[] = [];
  const span = Math.floor((last - first) / DAY_MS);
  shoppers.forEach((customerId, index) => {
    const days = index % 4 === 3 ? 3 : index % 4;
    for (let day = 0; day < days; day++) {
      const at = first + ((index + day) % span) * DAY_MS + 2 * HOUR_MS;
      const store = (offset: number) => stores[(index + day + offset) % stores.length]!;
      shopping.push(
        { customerId, storeId: store(0), amount: Math.round(limit * 0.6), at: new Date(at) },
        { customerId, storeId: store(1), amount: Math.round(limit * 0.55), at: new Date(at + 3 * HOUR_MS) },
      );
    }
    // A day below the limit: counted, no stamp.
    shopping.push({
      customerId,
      storeId: stores[index % stores.length]!,
      amount: Math.round(limit * 0.4),
      at: new Date(last - (index % 2) * DAY_MS - HOUR_MS),
    });
  });
  return shopping;
};

type SavedReceipt = Pick<
  ReceiptRow,
  | '_id'
  | 'location_id'
  | 'customer_id'
  | 'store_id'
  | 'campaign_id'
  | 'receipt_amount'
  | 'currency'
  | 'receipt_day'
  | 'receipt_approved_at'
> & { receipt_points_calculation: ReceiptPointsCalculation | null; category: string | null };

/**
 * The credits of the demo's approved receipts (issue 15 #8), after they and their points are written:
 * the receipt campaign's (the multiplier as the demo calculated it) and the over-limit campaigns'
 * (stamps counted as the approval counts them, in approval order) in bulk; each full card's coupon
 * is given by the approval's own `receiptCardCoupons` at the moment its last stamp came.
 */
export const seedDemoReceiptCredits = async (
  db: Database,
  mall: Mall,
  found: DemoReceiptCampaigns,
  saved: readonly SavedReceipt[],
) => {
  const approved = saved
    .filter((row) => row.receipt_approved_at && row.receipt_points_calculation)
    .sort((a, b) => a.receipt_approved_at!.getTime() - b.receipt_approved_at!.getTime());
  const own = found.receipt;
  if (own) {
    const credits = approved
      .filter((row) => row.campaign_id === own._id)
      .map((row) => {
        const calculation = row.receipt_points_calculation!;
        const multiplied = calculation.campaign_multiplier !== 1;
        return {
          location_id: mall._id,
          campaign_id: own._id,
          customer_id: row.customer_id,
          receipt_id: row._id,
          credit_day: row.receipt_day,
          credit_amount: row.receipt_amount,
          credit_stamp: multiplied,
          credit_points: multiplied ? receiptMultiplierPoints(calculation) : 0,
          created_at: row.receipt_approved_at!,
        };
      });
    for (let from = 0; from < credits.length; from += BATCH)
      await db.insert(campaignReceiptCredits).values(credits.slice(from, from + BATCH));
  }
  for (const campaign of found.overLimit) {
    // The demo's over-limit campaigns have no segment: every customer of the mall takes part.
    if (campaign.campaign_segment !== null) continue;
    const limit =
      campaign.campaign_spending_limit === null ? null : hundredths(campaign.campaign_spending_limit);
    const single = campaign.campaign_spending_limit_type === 'single_receipt_based' || limit === null;
    const daySums = new Map<string, number>();
    const stamped = new Map<string, { stamps: number; at: Date }>();
    const credits = approved
      .filter(
        (row) =>
          row.currency === 'TRY' &&
          row.receipt_approved_at! >= campaign.campaign_start_date &&
          row.receipt_approved_at! < campaign.campaign_end_date &&
          demoDayWithin(mall, campaign, row.receipt_day) &&
          receiptStoreCounts(campaign, row.store_id, row.category),
      )
      .map((row) => {
        // As the approval counts it (receipt-mechanics.ts): one receipt, or the day's sum reaching the limit.
        const key = `${row.customer_id}|${row.receipt_day}`;
        const before = daySums.get(key) ?? 0;
        const amount = hundredths(row.receipt_amount);
        daySums.set(key, before + amount);
        const stamp = single
          ? limit === null || amount >= limit
          : before < limit! && before + amount >= limit!;
        if (stamp)
          stamped.set(row.customer_id, {
            stamps: (stamped.get(row.customer_id)?.stamps ?? 0) + 1,
            at: row.receipt_approved_at!,
          });
        return {
          location_id: mall._id,
          campaign_id: campaign._id,
          customer_id: row.customer_id,
          receipt_id: row._id,
          credit_day: row.receipt_day,
          credit_amount: row.receipt_amount,
          credit_stamp: stamp,
          created_at: row.receipt_approved_at!,
        };
      });
    for (let from = 0; from < credits.length; from += BATCH)
      await db.insert(campaignReceiptCredits).values(credits.slice(from, from + BATCH));
    // Full cards get their coupons as the approval gives them, at the moment the last stamp came.
    const size = Math.max(1, campaign.campaign_stamp_count ?? 1);
    for (const [customerId, { stamps, at }] of stamped)
      if (stamps >= size) await receiptCardCoupons(db, mall, campaign, customerId, at);
  }
};
