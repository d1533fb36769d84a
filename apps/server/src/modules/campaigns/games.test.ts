import { randomUUID } from 'node:crypto';
import { gamePlayResult, gameRightsBalance, microSiteGame } from '@avlu/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { auditLog } from '../audit/audit.tables';
import { couponCodes } from './coupons.tables';
import { seedDemoGames } from './games.demo';
import { gameFixtures } from './games.fixtures';
import { playGame } from './games.service';
import { campaignGamePlays, campaignGameRights, campaignPrizes } from './mechanics.tables';
import { campaignParticipations } from './participations.tables';

const ctx = useTestApp();
const { newGame, newCustomer, addRights, microSite, manyPlays } = gameFixtures(ctx);
const en = { 'accept-language': 'en' };

const playsOf = (campaignId: string) =>
  ctx.database.db.select().from(campaignGamePlays).where(eq(campaignGamePlays.campaign_id, campaignId));
const ledgerOf = (campaignId: string, customerId: string) =>
  ctx.database.db
    .select()
    .from(campaignGameRights)
    .where(
      and(eq(campaignGameRights.campaign_id, campaignId), eq(campaignGameRights.customer_id, customerId)),
    );
const prizesOf = (campaignId: string) =>
  ctx.database.db
    .select()
    .from(campaignPrizes)
    .where(eq(campaignPrizes.campaign_id, campaignId))
    .orderBy(campaignPrizes.prize_position);

describe('playing a game on the micro-site', () => {
  it('10,000 plays stay within every prize’s stock and near the win rate', {
    timeout: 1_200_000,
  }, async () => {
    const mall = await ctx.newLocation();
    // One at a time here; the PostgreSQL suite plays 10,000 more 16 at a time (games.postgres.test.ts).
    const { campaign, players, wins, plays } = await manyPlays(mall, 10_000, 1);
    const customer = players[0]!;
    // Every play is recorded with its draw; a win is exactly a draw under the rate (stock and codes held).
    for (const play of plays) expect(play.game_play_outcome === 'win').toBe(play.game_play_draw < 2000);
    const given = await ctx.database.db
      .select()
      .from(couponCodes)
      .where(and(eq(couponCodes.campaign_id, campaign._id), eq(couponCodes.coupon_status, 'given')));
    expect(given).toHaveLength(wins);
    const left = (await ledgerOf(campaign._id, customer._id)).reduce(
      (sum, row) => sum + row.game_right_delta,
      0,
    );
    expect(left).toBe(0);

    // A second game whose one prize (stock 30) runs out long before its 99 % would.
    const { campaign: scarce } = await newGame(mall._id, {
      winRate: 99,
      codes: 100,
      prizes: [{ name: 'Tablet', stock: 30 }],
    });
    await addRights(mall._id, scarce._id, customer._id, 200);
    let scarceWins = 0;
    for (let play = 0; play < 200; play++) {
      const result = await playGame(ctx.database.db, mall, {
        campaignId: scarce._id,
        customerId: customer._id,
        key: randomUUID(),
      });
      if (result.game_play_outcome === 'win') scarceWins++;
    }
    expect(scarceWins).toBe(30);
    expect((await prizesOf(scarce._id))[0]).toMatchObject({ prize_stock: 30, prize_given: 30 });
  });

  it('answers a retried key with the same play and spends one right', async () => {
    const mall = await ctx.newLocation();
    const { campaign, prizes } = await newGame(mall._id, {
      winRate: 99,
      prizes: [{ name: 'Kahve', stock: 5 }],
    });
    const customer = await newCustomer(mall._id);
    await addRights(mall._id, campaign._id, customer._id, 2);
    const site = await microSite(mall, customer._id);

    const before = microSiteGame.parse((await site.game(campaign._id)).json());
    expect(before).toMatchObject({
      campaign_type: 'wheel_of_fortune',
      campaign_lottery_permit_no: 'MPİ-2026/77',
      game_rights_left: 2,
      game_plays_left_today: null,
    });
    expect(before.wheel_slices.map((slice) => slice.slice_kind)).toEqual([
      'prize',
      'lose',
      'prize',
      'lose',
      'prize',
      'lose',
    ]);

    const key = randomUUID();
    const first = await site.play(campaign._id, key);
    expect(first.statusCode, first.body).toBe(200);
    const result = gamePlayResult.parse(first.json());
    const again = await site.play(campaign._id, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(result);
    expect(result.game_rights_left).toBe(1);
    if (result.game_play_outcome === 'win') {
      expect(result.prize_id).toBe(prizes[0]!._id);
      expect(result.coupon?.coupon_status).toBe('given');
      expect(before.wheel_slices[result.wheel_slice!]!.prize_id).toBe(prizes[0]!._id);
    } else expect(before.wheel_slices[result.wheel_slice!]!.slice_kind).toBe('lose');

    const ledger = await ledgerOf(campaign._id, customer._id);
    expect(ledger.filter((row) => row.game_right_source === 'play')).toEqual([
      expect.objectContaining({ game_right_delta: -1, play_id: result._id }),
    ]);
    expect(await playsOf(campaign._id)).toHaveLength(1);
    const participations = await ctx.database.db
      .select()
      .from(campaignParticipations)
      .where(eq(campaignParticipations.campaign_id, campaign._id));
    expect(participations.map((row) => row.participation_key)).toEqual(
      result.game_play_outcome === 'win' ? [`play:${key}`] : [],
    );
  });

  it('refuses a play without rights (409) and spends nothing', async () => {
    const mall = await ctx.newLocation();
    const { campaign } = await newGame(mall._id);
    const customer = await newCustomer(mall._id);
    const site = await microSite(mall, customer._id);
    expect(microSiteGame.parse((await site.game(campaign._id)).json()).game_rights_left).toBe(0);
    const tr = await site.play(campaign._id, randomUUID());
    expect(tr.statusCode).toBe(409);
    expect(tr.json()).toMatchObject({
      code: 'CAMPAIGN_NO_GAME_RIGHTS',
      message: 'Bu oyun için oynama hakkınız kalmadı',
    });
    const english = await site.play(campaign._id, randomUUID(), 'en');
    expect(english.json().message).toBe('You have no rights left to play this game');
    expect(await playsOf(campaign._id)).toHaveLength(0);
    expect(await ledgerOf(campaign._id, customer._id)).toHaveLength(0);
  });

  it('counts losses toward the daily limit, and a won prize with no code left becomes a recorded loss', async () => {
    const mall = await ctx.newLocation();
    const { campaign, prizes } = await newGame(mall._id, {
      winRate: 99,
      dailyLimit: 2,
      codes: 0,
      prizes: [{ name: 'Kahve', stock: 5 }],
    });
    const customer = await newCustomer(mall._id);
    await addRights(mall._id, campaign._id, customer._id, 5);
    const site = await microSite(mall, customer._id);
    for (let n = 0; n < 2; n++) {
      const response = await site.play(campaign._id, randomUUID());
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ game_play_outcome: 'lose', coupon: null, prize_id: null });
    }
    // No code to give: the prize went back.
    expect((await prizesOf(campaign._id))[0]!.prize_given).toBe(0);
    expect(
      (await playsOf(campaign._id)).every(
        (play) => play.game_play_draw < 9900 || play.game_play_outcome === 'lose',
      ),
    ).toBe(true);
    const third = await site.play(campaign._id, randomUUID());
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({ code: 'CAMPAIGN_DAILY_LIMIT' });
    expect(microSiteGame.parse((await site.game(campaign._id)).json())).toMatchObject({
      game_rights_left: 3,
      game_plays_left_today: 0,
    });
    expect(prizes).toHaveLength(1);
  });

  it('shows a scratch card’s areas: a win one image everywhere, a loss never three alike', async () => {
    const mall = await ctx.newLocation();
    const { campaign } = await newGame(mall._id, {
      type: 'scratch_card',
      winRate: 50,
      codes: 40,
      prizes: [{ name: 'Kahve', stock: 40 }],
    });
    const customer = await newCustomer(mall._id);
    await addRights(mall._id, campaign._id, customer._id, 30);
    const seen = new Set<string>();
    for (let n = 0; n < 30; n++) {
      const result = await playGame(ctx.database.db, mall, {
        campaignId: campaign._id,
        customerId: customer._id,
        key: randomUUID(),
      });
      seen.add(result.game_play_outcome);
      expect(result.wheel_slice).toBeNull();
      expect(result.scratch_areas).toHaveLength(3);
      const distinct = new Set(result.scratch_areas);
      if (result.game_play_outcome === 'win') expect(distinct).toEqual(new Set(['/api/files/a.png']));
      else expect(distinct.size).toBeGreaterThan(1);
    }
    expect(seen).toEqual(new Set(['win', 'lose']));
  });

  it('answers 404 for another mall’s campaign and 409 for a campaign that is not a game', async () => {
    const mall = await ctx.newLocation();
    const other = await ctx.newLocation();
    const { campaign } = await newGame(other._id);
    const customer = await newCustomer(mall._id);
    const site = await microSite(mall, customer._id);
    const response = await site.play(campaign._id, randomUUID());
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('CAMPAIGN_NOT_FOUND');
    expect((await site.game(campaign._id)).statusCode).toBe(404);
    expect(await playsOf(campaign._id)).toHaveLength(0);
  });
});

describe('rights given by staff', () => {
  it('gives rights with a reason (audited) and lists the balance of each running game', async () => {
    const mall = await ctx.newLocation();
    const { campaign } = await newGame(mall._id, { winRate: 1 });
    const ended = await newGame(mall._id, {
      start: new Date(Date.now() - 5 * 86_400_000),
      end: new Date(Date.now() - 86_400_000),
    });
    const customer = await newCustomer(mall._id);
    await addRights(mall._id, campaign._id, customer._id, 2);
    const given = await ctx.inject({
      method: 'POST',
      url: `/api/customer/wof-rights/${customer._id}?locationId=${mall._id}`,
      payload: {
        campaign_id: campaign._id,
        game_right_count: 3,
        game_right_reason: 'Çekiliş masasında hediye',
      },
      headers: en,
    });
    expect(given.statusCode, given.body).toBe(200);
    expect(gameRightsBalance.parse(given.json())).toMatchObject({
      game_rights_earned: 2,
      game_rights_given: 3,
      game_rights_spent: 0,
      game_rights_left: 5,
    });
    const [row] = (await ledgerOf(campaign._id, customer._id)).filter(
      (entry) => entry.game_right_source === 'staff',
    );
    expect(row).toMatchObject({ game_right_delta: 3, game_right_reason: 'Çekiliş masasında hediye' });
    expect(row!.admin_id).not.toBeNull();
    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'game_rights.given'), eq(auditLog.entity_id, campaign._id)));
    expect(audits).toHaveLength(1);

    await playGame(ctx.database.db, mall, {
      campaignId: campaign._id,
      customerId: customer._id,
      key: randomUUID(),
    });
    const listed = await ctx.inject({
      method: 'GET',
      url: `/api/customer/wof-rights/${customer._id}?locationId=${mall._id}`,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toEqual([
      expect.objectContaining({
        campaign_id: campaign._id,
        game_rights_earned: 2,
        game_rights_given: 3,
        game_rights_spent: 1,
        game_rights_left: 4,
        game_plays: 1,
      }),
    ]);

    const refused = await ctx.inject({
      method: 'POST',
      url: `/api/customer/wof-rights/${customer._id}?locationId=${mall._id}`,
      payload: { campaign_id: ended.campaign._id, game_right_count: 1, game_right_reason: 'Geç kaldı' },
      headers: en,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('CAMPAIGN_ENDED');
    const noReason = await ctx.inject({
      method: 'POST',
      url: `/api/customer/wof-rights/${customer._id}?locationId=${mall._id}`,
      payload: { campaign_id: campaign._id, game_right_count: 1, game_right_reason: '' },
      headers: en,
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields).toHaveProperty('game_right_reason');
    const otherMall = await ctx.newLocation();
    const elsewhere = await ctx.inject({
      method: 'GET',
      url: `/api/customer/wof-rights/${customer._id}?locationId=${otherMall._id}`,
    });
    expect(elsewhere.statusCode).toBe(404);
  });
});

describe('the prize inventory', () => {
  const image = async () =>
    `/api/files/${(await ctx.app.files.save(ctx.database.db, Buffer.from('png'), { extension: 'png', visibility: 'public' })).name}`;
  let names = 0;
  const body = async (prizes: unknown[]) => {
    const img = await image();
    const n = ++names;
    return {
      campaign_name: `Çark ${n}`,
      campaign_name_en: `Wheel ${n}`,
      campaign_description: 'Çarkı çevirin',
      campaign_type: 'wheel_of_fortune',
      campaign_start_date: new Date(Date.now() - 86_400_000).toISOString(),
      campaign_end_date: new Date(Date.now() + 10 * 86_400_000).toISOString(),
      campaign_archive_date: new Date(Date.now() + 20 * 86_400_000).toISOString(),
      campaign_images: [img],
      campaign_win_rate: 30,
      campaign_lottery_permit_no: 'MPİ-2026/9',
      campaign_prizes: prizes,
    };
  };

  it('keeps the prizes, refuses a stock below what was given and removing a won prize', async () => {
    const mall = await ctx.newLocation();
    const call = (method: 'POST' | 'PUT' | 'GET', path: string, payload?: object) =>
      ctx.inject({
        method,
        url: `/api/${path}?locationId=${mall._id}`,
        headers: en,
        ...(payload ? { payload } : {}),
      });
    const values = await body([
      { prize_name: 'Kahve', prize_name_en: 'Coffee', prize_stock: 10 },
      { prize_name: 'Sinema', prize_name_en: 'Cinema', prize_stock: 3 },
    ]);
    const created = await call('POST', 'campaign', values);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json()._id as string;
    const read = (await call('GET', `campaign/${id}`)).json();
    expect(read.campaign_prizes).toEqual([
      {
        _id: expect.any(String),
        prize_name: 'Kahve',
        prize_name_en: 'Coffee',
        prize_stock: 10,
        prize_given: 0,
      },
      {
        _id: expect.any(String),
        prize_name: 'Sinema',
        prize_name_en: 'Cinema',
        prize_stock: 3,
        prize_given: 0,
      },
    ]);
    const [coffee, cinema] = read.campaign_prizes as { _id: string }[];
    await ctx.database.db
      .update(campaignPrizes)
      .set({ prize_given: 4 })
      .where(eq(campaignPrizes._id, coffee!._id));

    const below = await call('PUT', `campaign/${id}`, {
      ...values,
      campaign_prizes: [
        { _id: coffee!._id, prize_name: 'Kahve', prize_name_en: 'Coffee', prize_stock: 3 },
        { _id: cinema!._id, prize_name: 'Sinema', prize_name_en: 'Cinema', prize_stock: 3 },
      ],
    });
    expect(below.statusCode).toBe(400);
    expect(below.json().fields).toHaveProperty(['campaign_prizes.0.prize_stock']);

    const removed = await call('PUT', `campaign/${id}`, {
      ...values,
      campaign_prizes: [{ _id: cinema!._id, prize_name: 'Sinema', prize_name_en: 'Cinema', prize_stock: 3 }],
    });
    expect(removed.statusCode).toBe(409);
    expect(removed.json()).toMatchObject({ code: 'CAMPAIGN_PRIZE_WON' });
    expect(removed.json().message).toContain('Kahve');

    // Reordered, the won one's stock lowered to what was given, the other removed, a new one added.
    const edited = await call('PUT', `campaign/${id}`, {
      ...values,
      campaign_prizes: [
        { prize_name: 'Tablet', prize_name_en: 'Tablet', prize_stock: 1 },
        { _id: coffee!._id, prize_name: 'Kahve', prize_name_en: 'Coffee', prize_stock: 4 },
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().campaign_prizes).toEqual([
      expect.objectContaining({ prize_name: 'Tablet', prize_stock: 1, prize_given: 0 }),
      { _id: coffee!._id, prize_name: 'Kahve', prize_name_en: 'Coffee', prize_stock: 4, prize_given: 4 },
    ]);

    const other = await ctx.newLocation();
    const foreign = await ctx.inject({ method: 'GET', url: `/api/campaign/${id}?locationId=${other._id}` });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('the demo games', () => {
  it('give prizes, rights and plays that add up, with some rights left', async () => {
    const mall = await ctx.newLocation();
    const { campaign } = await newGame(mall._id, {
      winRate: 35,
      participation: 'once_a_day',
      start: new Date(Date.now() - 3 * 86_400_000),
      codes: 0,
    });
    const players = await Promise.all(Array.from({ length: 12 }, () => newCustomer(mall._id)));
    await seedDemoGames(ctx.database.db, mall._id, [campaign._id]);
    const prizes = await prizesOf(campaign._id);
    expect(prizes.map((prize) => prize.prize_name)).toContain('Kahve');
    const plays = await playsOf(campaign._id);
    const wins = plays.filter((play) => play.game_play_outcome === 'win');
    expect(prizes.reduce((sum, prize) => sum + prize.prize_given, 0)).toBe(wins.length);
    for (const play of plays) expect(play.game_play_outcome === 'win').toBe(play.coupon_code_id !== null);
    const ledger = await ctx.database.db
      .select()
      .from(campaignGameRights)
      .where(eq(campaignGameRights.campaign_id, campaign._id));
    expect(ledger.filter((row) => row.game_right_source === 'play')).toHaveLength(plays.length);
    const left = ledger.reduce((sum, row) => sum + row.game_right_delta, 0);
    expect(left).toBeGreaterThan(0);
    // A demo customer with a right left plays for real.
    const holder = players.find((player) =>
      ledger.some(
        (row) =>
          row.customer_id === player._id && row.game_right_source === 'staff' && row.game_right_delta > 1,
      ),
    )!;
    const site = await microSite(mall, holder._id);
    const game = microSiteGame.parse((await site.game(campaign._id)).json());
    expect(game.campaign_lottery_permit_no).toMatch(/^MPİ/);
  });
});
