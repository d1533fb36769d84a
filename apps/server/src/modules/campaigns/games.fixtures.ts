import type { Location } from '@avlu/contracts';
import { sql } from 'drizzle-orm';
import type { TestContext } from '../../../test/helper';
import { bulkInsert } from '../../platform/db/bulk-insert';
import { newId } from '../../platform/ids';
import { insertCustomer } from '../customers/customers.fixtures';
import { signedInHeaders } from '../micro-site/micro-site.fixtures';
import { type CampaignOptions, insertCampaign } from './campaign.fixtures';
import { couponCodes } from './coupons.tables';
import { campaignGameRights, campaignPrizes } from './mechanics.tables';

export type GameOptions = Omit<CampaignOptions, 'type'> & {
  type?: 'wheel_of_fortune' | 'scratch_card';
  winRate?: number;
  /** Ready codes of its pool (20 by default). */
  codes?: number;
  prizes?: { name: string; stock: number }[];
  scratchImages?: string[];
  areaCount?: number;
  permit?: string;
};

/** Test helpers of the games: game campaigns with prizes and codes straight into the tables, customers, rights, a micro-site customer. */
export const gameFixtures = (ctx: TestContext) => {
  let serial = 0;

  const newGame = async (mallId: string, options: GameOptions = {}) => {
    const n = ++serial;
    const type = options.type ?? 'wheel_of_fortune';
    const campaign = await insertCampaign(ctx.database.db, mallId, {
      ...options,
      type,
      participation: options.participation ?? 'unlimited',
      columns: {
        campaign_win_rate: options.winRate ?? 50,
        campaign_lottery_permit_no: options.permit ?? 'MPİ-2026/77',
        campaign_scratch_area_count: type === 'scratch_card' ? (options.areaCount ?? 3) : null,
        campaign_scratch_images:
          type === 'scratch_card' ? (options.scratchImages ?? ['/api/files/a.png', '/api/files/b.png']) : [],
        ...options.columns,
      },
    });
    const codes = options.codes ?? 20;
    if (codes > 0)
      await ctx.database.db.execute(
        sql`${bulkInsert(couponCodes, [
          { column: couponCodes._id, values: Array.from({ length: codes }, () => newId()) },
          { column: couponCodes.location_id, value: mallId },
          { column: couponCodes.campaign_id, value: campaign._id },
          {
            column: couponCodes.coupon_code,
            values: Array.from(
              { length: codes },
              (_, index) => `G${n.toString().padStart(3, '0')}X${index.toString().padStart(6, '0')}`,
            ),
          },
          { column: couponCodes.coupon_source, value: 'imported' },
        ])}`,
      );
    const prizes = [];
    for (const [position, prize] of (options.prizes ?? []).entries()) {
      const [saved] = await ctx.database.db
        .insert(campaignPrizes)
        .values({
          location_id: mallId,
          campaign_id: campaign._id,
          prize_name: prize.name,
          prize_name_en: `${prize.name} (en)`,
          prize_stock: prize.stock,
          prize_position: position,
        })
        .returning();
      prizes.push(saved!);
    }
    return { campaign, prizes };
  };

  const newCustomer = (mallId: string) => insertCustomer(ctx.database.db, mallId);

  /** Rights straight into the ledger, as a receipt would earn them. */
  const addRights = (mallId: string, campaignId: string, customerId: string, count: number) =>
    ctx.database.db.insert(campaignGameRights).values({
      location_id: mallId,
      campaign_id: campaignId,
      customer_id: customerId,
      game_right_delta: count,
      game_right_source: 'receipt',
    });

  /** A signed-in micro-site customer: the game page and a play. */
  const microSite = async (mall: Location, customerId: string) => {
    const headers = await signedInHeaders(ctx.database.db, mall, customerId);
    return {
      game: (campaignId: string) =>
        ctx.inject({ method: 'GET', url: `/api/ext/app/customers/campaigns/${campaignId}/game`, headers }),
      play: (campaignId: string, key: string, language = 'tr') =>
        ctx.inject({
          method: 'POST',
          url: `/api/ext/app/customers/campaigns/${campaignId}/play`,
          headers: { ...headers, 'accept-language': language },
          payload: { game_play_key: key },
        }),
    };
  };

  return { newGame, newCustomer, addRights, microSite };
};
