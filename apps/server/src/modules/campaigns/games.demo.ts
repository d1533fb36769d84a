import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { generateCouponCode } from '@avlu/contracts';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { bulkInsert } from '../../platform/db/bulk-insert';
import type { Database } from '../../platform/db/database';
import { newId } from '../../platform/ids';
import { customers } from '../customers/customers.tables';
import { dateIn } from '../customers/mall-date';
import { locations } from '../locations/locations.tables';
import { campaigns } from './campaigns.tables';
import { couponCodes } from './coupons.tables';
import { campaignGamePlays, campaignGameRights, campaignPrizes } from './mechanics.tables';
import { campaignParticipations } from './participations.tables';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** The demo games' prize inventories (Turkish, English, stock), in wheel order. */
const demoPrizes = {
  wheel_of_fortune: [
    ['Kahve', 'Coffee', 200],
    ['Sinema bileti', 'Cinema ticket', 60],
    ['%20 indirim kuponu', '20% discount coupon', 300],
    ['Otopark 3 saat', 'Car park 3 hours', 120],
  ],
  scratch_card: [
    ['Kahve', 'Coffee', 150],
    ['Hediye çeki 50 ₺', '50 ₺ gift voucher', 40],
  ],
} as const;

/** Customers of the mall who play the demo games. */
const PLAYERS = 180;

/**
 * The demo games (issue 15 #8), after the demo campaigns: each running wheel of fortune and scratch
 * card gets its lottery permit (MPİ), a prize inventory, rights given by staff to some customers
 * ("opening week gift") and their plays since the campaign started, one a day at most (the demo
 * games are `once_a_day`), each drawn like a real play (CSPRNG, the win rate, stock weighted prizes);
 * a win holds a code of its own with its participation (`play:<key>`), counted on the campaign. Some
 * rights are left, so a demo customer can spin at once on the micro-site.
 */
export const seedDemoGames = async (
  db: Database,
  locationId: string,
  campaignIds: readonly string[],
  now = new Date(),
) => {
  if (campaignIds.length === 0) return;
  const games = await db
    .select()
    .from(campaigns)
    .where(
      and(
        eq(campaigns.location_id, locationId),
        inArray(campaigns._id, [...campaignIds]),
        inArray(campaigns.campaign_type, ['wheel_of_fortune', 'scratch_card']),
      ),
    )
    .orderBy(asc(campaigns.created_at), asc(campaigns._id));
  if (games.length === 0) return;
  const [mall] = await db
    .select({ timezone: locations.timezone })
    .from(locations)
    .where(eq(locations._id, locationId));
  const timezone = mall?.timezone ?? 'Europe/Istanbul';
  // Past the first 400 (the demo pools give them codes), when the mall has that many.
  const customerIds = (
    await db
      .select({ _id: customers._id })
      .from(customers)
      .where(and(eq(customers.location_id, locationId), isNull(customers.customer_deletedAt)))
      .orderBy(asc(customers.created_at), asc(customers._id))
      .limit(400 + PLAYERS)
  ).map((row) => row._id);
  const players = customerIds.length > 400 ? customerIds.slice(400) : customerIds;

  for (const [gameIndex, game] of games.entries()) {
    const type = game.campaign_type as keyof typeof demoPrizes;
    await db
      .update(campaigns)
      .set({
        campaign_lottery_permit_no: `MPİ E-2026/${114 + gameIndex}`,
        campaign_game_right_rule: game.campaign_game_right_rule ?? 'per_receipt',
      })
      .where(eq(campaigns._id, game._id));
    const prizes = demoPrizes[type].map(([name, nameEn, stock], position) => ({
      _id: newId(),
      name,
      nameEn,
      stock,
      given: 0,
      position,
    }));
    const running = game.campaign_status === 'published' && game.campaign_start_date < now;
    const plays: {
      id: string;
      customer: string;
      key: string;
      draw: number;
      at: Date;
      prize: number | null;
    }[] = [];
    const rights: { customer: string; delta: number; source: string; play: string | null; at: Date }[] = [];
    if (running && players.length > 0) {
      const winRate = (game.campaign_win_rate ?? 0) * 100;
      const from = game.campaign_start_date.getTime();
      for (const [index, customer] of players.entries()) {
        // Staff gave each player some rights when the game opened.
        const granted = 1 + (index % 3);
        const grantedAt = new Date(from + HOUR);
        rights.push({ customer, delta: granted, source: 'staff', play: null, at: grantedAt });
        let left = granted;
        // One play a day at most, on some of the days since the start, while rights last.
        for (let day = from + 2 * HOUR; day < now.getTime() && left > 0; day += DAY) {
          if (randomInt(10) < 4) continue;
          const at = new Date(Math.min(day + randomInt(10 * HOUR), now.getTime() - HOUR));
          if (at.getTime() < from) continue;
          const draw = randomInt(10_000);
          let prize: number | null = null;
          const stocked = prizes.filter((each) => each.given < each.stock);
          if (draw < winRate && stocked.length > 0) {
            let pick = randomInt(stocked.reduce((sum, each) => sum + each.stock - each.given, 0));
            const chosen = stocked.find((each) => {
              pick -= each.stock - each.given;
              return pick < 0;
            })!;
            chosen.given++;
            prize = chosen.position;
          }
          const id = newId();
          plays.push({ id, customer, key: randomUUID(), draw, at, prize });
          rights.push({ customer, delta: -1, source: 'play', play: id, at });
          left--;
        }
      }
    }
    await db.insert(campaignPrizes).values(
      prizes.map((prize) => ({
        _id: prize._id,
        location_id: locationId,
        campaign_id: game._id,
        prize_name: prize.name,
        prize_name_en: prize.nameEn,
        prize_stock: prize.stock,
        prize_given: prize.given,
        prize_position: prize.position,
      })),
    );
    if (plays.length === 0) continue;
    const wins = plays.filter((play) => play.prize !== null);
    const codeIds = wins.map(() => newId());
    const codes = new Set<string>();
    while (codes.size < wins.length) codes.add(generateCouponCode(randomBytes));
    const codeOf = new Map(wins.map((play, index) => [play.id, codeIds[index]!]));
    if (wins.length > 0) {
      await db.execute(
        sql`${bulkInsert(couponCodes, [
          { column: couponCodes._id, values: codeIds },
          { column: couponCodes.location_id, value: locationId },
          { column: couponCodes.campaign_id, value: game._id },
          { column: couponCodes.coupon_code, values: [...codes] },
          { column: couponCodes.coupon_status, value: 'given' },
          { column: couponCodes.customer_id, values: wins.map((play) => play.customer) },
          { column: couponCodes.coupon_given_at, values: wins.map((play) => play.at.toISOString()) },
          { column: couponCodes.coupon_expires_at, value: game.campaign_end_date.toISOString() },
          { column: couponCodes.coupon_source, value: 'generated' },
          { column: couponCodes.created_at, value: game.campaign_start_date.toISOString() },
        ])}`,
      );
      await db.execute(
        sql`${bulkInsert(campaignParticipations, [
          { column: campaignParticipations._id, values: wins.map(() => newId()) },
          { column: campaignParticipations.location_id, value: locationId },
          { column: campaignParticipations.campaign_id, value: game._id },
          { column: campaignParticipations.customer_id, values: wins.map((play) => play.customer) },
          { column: campaignParticipations.coupon_code_id, values: codeIds },
          {
            column: campaignParticipations.participation_day,
            values: wins.map((play) => dateIn(timezone, play.at)),
          },
          {
            column: campaignParticipations.participation_key,
            values: wins.map((play) => `play:${play.key}`),
          },
          { column: campaignParticipations.created_at, values: wins.map((play) => play.at.toISOString()) },
        ])}`,
      );
    }
    await db.execute(
      sql`${bulkInsert(campaignGamePlays, [
        { column: campaignGamePlays._id, values: plays.map((play) => play.id) },
        { column: campaignGamePlays.location_id, value: locationId },
        { column: campaignGamePlays.campaign_id, value: game._id },
        { column: campaignGamePlays.customer_id, values: plays.map((play) => play.customer) },
        { column: campaignGamePlays.game_play_key, values: plays.map((play) => play.key) },
        { column: campaignGamePlays.game_play_draw, values: plays.map((play) => play.draw) },
        {
          column: campaignGamePlays.game_play_outcome,
          values: plays.map((play) => (play.prize === null ? 'lose' : 'win')),
        },
        {
          column: campaignGamePlays.prize_id,
          values: plays.map((play) => (play.prize === null ? null : prizes[play.prize]!._id)),
        },
        {
          column: campaignGamePlays.coupon_code_id,
          values: plays.map((play) => codeOf.get(play.id) ?? null),
        },
        { column: campaignGamePlays.created_at, values: plays.map((play) => play.at.toISOString()) },
      ])}`,
    );
    await db.execute(
      sql`${bulkInsert(campaignGameRights, [
        { column: campaignGameRights._id, values: rights.map(() => newId()) },
        { column: campaignGameRights.location_id, value: locationId },
        { column: campaignGameRights.campaign_id, value: game._id },
        { column: campaignGameRights.customer_id, values: rights.map((right) => right.customer) },
        { column: campaignGameRights.game_right_delta, values: rights.map((right) => right.delta) },
        { column: campaignGameRights.game_right_source, values: rights.map((right) => right.source) },
        { column: campaignGameRights.play_id, values: rights.map((right) => right.play) },
        {
          column: campaignGameRights.game_right_reason,
          values: rights.map((right) => (right.source === 'staff' ? 'Açılış haftası hediyesi' : null)),
        },
        { column: campaignGameRights.created_at, values: rights.map((right) => right.at.toISOString()) },
      ])}`,
    );
    await db
      .update(campaigns)
      .set({
        coupon_pool_size: sql`${campaigns.coupon_pool_size} + ${wins.length}`,
        campaign_participation_count: sql`${campaigns.campaign_participation_count} + ${wins.length}`,
      })
      .where(eq(campaigns._id, game._id));
  }
};
