import type { CampaignType, SpendingLimitType } from '@avlu/contracts';
import { and, asc, eq, like } from 'drizzle-orm';
import type { TestContext } from '../../../test/helper';
import { nameKey } from '../../platform/db/unique-names';
import { insertCustomer } from '../customers/customers.fixtures';
import type { customers } from '../customers/customers.tables';
import { pointProviders } from '../point-providers/point-providers.tables';
import { mallWithStores } from '../receipts/receipts.fixtures';
import { receiptDayOf, receiptNoKey } from '../receipts/receipts.service';
import { receipts } from '../receipts/receipts.tables';
import { storeCategoryColumns } from '../stores/stores.service';
import { storeCategories, stores } from '../stores/stores.tables';
import { type CampaignOptions, DAY, insertCampaign } from './campaign.fixtures';
import { couponCodes } from './coupons.tables';
import { campaignGameRights, campaignReceiptCredits } from './mechanics.tables';
import { campaignParticipations } from './participations.tables';

export { DAY } from './campaign.fixtures';

export type ReceiptCampaignOptions = CampaignOptions & {
  type: CampaignType;
  limit?: number | null;
  limitType?: SpendingLimitType;
  multiplier?: number;
  stampCount?: number | null;
  storeIds?: string[];
  categoryIds?: string[];
  excludedStoreIds?: string[];
  excludedCategoryIds?: string[];
  gameRule?: 'per_receipt' | 'per_spending_step';
  /** Ready codes in its pool (over-limit coupons and games: 5 by default). */
  codes?: number;
};

/**
 * Test helpers of the receipt-driven campaigns (receipt-mechanics*.test.ts): a mall with stores (Mavi
 * and Koton in Giyim, Döviz Bürosu in Döviz) and a default point provider of 0.1 point a lira,
 * campaigns and codes straight into the tables, pending receipts, and their approval through
 * `PUT /shopping-receipts/{id}` as the system admin.
 */
export const receiptMechanicsFixtures = (ctx: TestContext) => {
  const db = () => ctx.database.db;
  let serial = 0;

  const newMall = async () => {
    const { mall, mavi, koton } = await mallWithStores(db(), () => ctx.newLocation());
    const [category] = await db()
      .insert(storeCategories)
      .values({
        location_id: mall._id,
        ...storeCategoryColumns({ store_category_name: 'Döviz', store_category_name_en: 'Exchange' }),
      })
      .returning();
    const [exchange] = await db()
      .insert(stores)
      .values({
        location_id: mall._id,
        store_name: 'Döviz Bürosu',
        store_name_key: nameKey('Döviz Bürosu'),
        store_category_id: category!._id,
        store_floor: 'Zemin Kat',
      })
      .returning();
    const [fashion] = await db()
      .select({ category: stores.store_category_id })
      .from(stores)
      .where(eq(stores._id, mavi));
    const year = new Date().getUTCFullYear();
    await db()
      .insert(pointProviders)
      .values({
        location_id: mall._id,
        point_provider_name: 'Genel',
        point_provider_name_key: nameKey('Genel'),
        point_provider_type: 'default',
        point_provider_priority: 50,
        point_provider_min_amount: 1,
        point_provider_points_multiplier: 0.1,
        point_provider_start_at: `${year - 1}-01-01`,
        point_provider_end_at: `${year + 1}-12-31`,
      });
    return {
      mall,
      mavi,
      koton,
      exchange: exchange!._id,
      fashionCategory: fashion!.category!,
      exchangeCategory: category!._id,
    };
  };

  const newCustomer = async (mallId: string, values: Partial<typeof customers.$inferInsert> = {}) =>
    (await insertCustomer(db(), mallId, values))._id;

  const newCampaign = async (mallId: string, options: ReceiptCampaignOptions) => {
    const row = await insertCampaign(db(), mallId, {
      ...options,
      start: options.start ?? new Date(Date.now() - 10 * DAY),
      participation: options.participation ?? 'unlimited',
      columns: {
        campaign_spending_limit: options.limit === undefined ? 1000 : options.limit,
        campaign_spending_limit_type:
          options.limitType ?? (options.type === 'receipt' ? 'single_receipt_based' : 'day_based'),
        campaign_point_multiplier: options.type === 'receipt' ? (options.multiplier ?? 2) : null,
        campaign_stamp_count: options.stampCount ?? null,
        campaign_store_ids: options.storeIds ?? [],
        campaign_store_category_ids: options.categoryIds ?? [],
        campaign_excluded_store_ids: options.excludedStoreIds ?? [],
        campaign_excluded_category_ids: options.excludedCategoryIds ?? [],
        campaign_game_right_rule: options.gameRule ?? null,
        campaign_win_rate: options.type === 'wheel_of_fortune' ? 30 : null,
        ...options.columns,
      },
    });
    const codes = options.codes ?? (options.type === 'receipt' ? 0 : 5);
    if (codes > 0) await addCodes(row, codes);
    return row;
  };

  const addCodes = (campaign: { _id: string; location_id: string }, count: number) =>
    db()
      .insert(couponCodes)
      .values(
        Array.from({ length: count }, () => ({
          location_id: campaign.location_id,
          campaign_id: campaign._id,
          coupon_code: `F${(++serial).toString().padStart(7, '0')}`,
          coupon_source: 'imported' as const,
        })),
      );

  /** A pending receipt of the customer (as the desk or the micro-site leaves it). */
  const newReceipt = async (
    mall: { _id: string; location_meta: { timezone: string } },
    values: { customerId: string; storeId: string; amount: number; date?: Date; campaignId?: string },
  ) => {
    const date = values.date ?? new Date(Date.now() - 3_600_000);
    const receiptNo = `FM-${++serial}`;
    const [row] = await db()
      .insert(receipts)
      .values({
        location_id: mall._id,
        customer_id: values.customerId,
        store_id: values.storeId,
        campaign_id: values.campaignId ?? null,
        receipt_no: receiptNo,
        receipt_no_key: receiptNoKey(receiptNo),
        receipt_amount: values.amount,
        receipt_date: date,
        receipt_day: receiptDayOf(mall, date),
        receipt_photo: `${serial.toString().padStart(43, 'a')}.jpg`,
        receipt_photo_type: 'jpg',
        receipt_photo_hash: serial.toString(16).padStart(64, '0'),
        receipt_source: 'desk',
      })
      .returning();
    return row!;
  };

  /** `PUT /shopping-receipts/{id}` approving it, as the system admin. */
  const approve = (mallId: string, receiptId: string) =>
    ctx.inject({
      method: 'PUT',
      url: `/api/shopping-receipts/${receiptId}?locationId=${mallId}`,
      payload: { receipt_status: 'approved' },
      headers: { 'accept-language': 'en' },
    });

  const creditsOf = (campaignId: string) =>
    db()
      .select()
      .from(campaignReceiptCredits)
      .where(eq(campaignReceiptCredits.campaign_id, campaignId))
      .orderBy(asc(campaignReceiptCredits.created_at), asc(campaignReceiptCredits._id));

  /** The stamp-card coupons given in a campaign to a customer (their participation keys), in card order. */
  const cardsGiven = async (campaignId: string, customerId: string) =>
    (
      await db()
        .select({
          key: campaignParticipations.participation_key,
          code: campaignParticipations.coupon_code_id,
        })
        .from(campaignParticipations)
        .where(
          and(
            eq(campaignParticipations.campaign_id, campaignId),
            eq(campaignParticipations.customer_id, customerId),
            like(campaignParticipations.participation_key, 'card:%'),
          ),
        )
    )
      .map((row) => row.key)
      .sort();

  const rightsOf = (campaignId: string) =>
    db().select().from(campaignGameRights).where(eq(campaignGameRights.campaign_id, campaignId));

  return {
    newMall,
    newCustomer,
    newCampaign,
    addCodes,
    newReceipt,
    approve,
    creditsOf,
    cardsGiven,
    rightsOf,
  };
};
