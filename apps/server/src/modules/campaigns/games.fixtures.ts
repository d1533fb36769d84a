import { randomUUID } from 'node:crypto';
import type { Location } from '@avlu/contracts';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestContext } from '../../../test/helper';
import { bulkInsert } from '../../platform/db/bulk-insert';
import { newId } from '../../platform/ids';
import { insertCustomer } from '../customers/customers.fixtures';
import { signedInHeaders } from '../micro-site/micro-site.fixtures';
import { type CampaignOptions, insertCampaign } from './campaign.fixtures';
import { couponCodes } from './coupons.tables';
import { playGame } from './games.service';
import { campaignGamePlays, campaignGameRights, campaignPrizes } from './mechanics.tables';

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

  /**
   * `count` plays of a game at 20 % (a multiple of 200): for 10,000, 2,000 wins expected (σ = 40),
   * which its stock (23 % of the plays) and codes (26 %) hold, by 200 customers of `count / 200`
   * plays each (one customer's counts stay small), `lanes` plays at a time. Checks what holds however
   * they ran: each prize within its stock, every win a prize given, every play recorded, and the wins
   * within ±5σ of the rate (a fair draw falls outside about once in 1.7 million runs).
   */
  const manyPlays = async (mall: Location, count: number, lanes: number) => {
    const share = (percent: number) => (count * percent) / 100;
    const { campaign } = await newGame(mall._id, {
      winRate: 20,
      codes: share(26),
      prizes: [
        { name: 'Kahve', stock: share(10) },
        { name: 'Sinema bileti', stock: share(8) },
        { name: 'Hediye çeki', stock: share(5) },
      ],
    });
    const players = await Promise.all(Array.from({ length: 200 }, () => newCustomer(mall._id)));
    for (const player of players) await addRights(mall._id, campaign._id, player._id, count / 200);
    let next = 0;
    let wins = 0;
    const lane = async () => {
      while (next < count) {
        const play = next++;
        const result = await playGame(ctx.database.db, mall, {
          campaignId: campaign._id,
          customerId: players[play % players.length]!._id,
          key: randomUUID(),
        });
        if (result.game_play_outcome === 'win') wins++;
      }
    };
    await Promise.all(Array.from({ length: lanes }, lane));
    const expected = share(20);
    expect(Math.abs(wins - expected)).toBeLessThanOrEqual(5 * Math.sqrt(count * 0.2 * 0.8));
    const prizes = await ctx.database.db
      .select()
      .from(campaignPrizes)
      .where(eq(campaignPrizes.campaign_id, campaign._id));
    for (const prize of prizes) expect(prize.prize_given).toBeLessThanOrEqual(prize.prize_stock);
    expect(prizes.reduce((sum, prize) => sum + prize.prize_given, 0)).toBe(wins);
    const plays = await ctx.database.db
      .select()
      .from(campaignGamePlays)
      .where(eq(campaignGamePlays.campaign_id, campaign._id));
    expect(plays).toHaveLength(count);
    return { campaign, players, wins, plays };
  };

  return { newGame, newCustomer, addRights, microSite, manyPlays };
};
