import { randomUUID } from 'node:crypto';
import type { Location } from '@avlu/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { gameFixtures } from './games.fixtures';
import { playGame } from './games.service';
import { campaignGamePlays, campaignGameRights, campaignPrizes } from './mechanics.tables';

/**
 * Plays racing each other (issue 15 #2: "a prize never exceeds its stock", "a retried play spends
 * one right"), on PostgreSQL, which runs them really at once.
 */
describe.runIf(process.env.TEST_ENGINE === 'postgres')('concurrent plays', () => {
  const ctx = useTestApp();
  const { newGame, newCustomer, addRights, microSite, manyPlays } = gameFixtures(ctx);
  let mall: Location;
  beforeAll(async () => {
    mall = await ctx.newLocation();
  });
  const playsOf = (campaignId: string) =>
    ctx.database.db.select().from(campaignGamePlays).where(eq(campaignGamePlays.campaign_id, campaignId));

  it('40 customers playing a one-stock prize at once: exactly one wins', async () => {
    const { campaign, prizes } = await newGame(mall._id, {
      winRate: 99,
      codes: 50,
      prizes: [{ name: 'Tablet', stock: 1 }],
    });
    const players = await Promise.all(Array.from({ length: 40 }, () => newCustomer(mall._id)));
    for (const player of players) await addRights(mall._id, campaign._id, player._id, 1);
    const results = await Promise.all(
      players.map((player) =>
        playGame(ctx.database.db, mall, {
          campaignId: campaign._id,
          customerId: player._id,
          key: randomUUID(),
        }),
      ),
    );
    expect(results.filter((result) => result.game_play_outcome === 'win')).toHaveLength(1);
    const [prize] = await ctx.database.db
      .select()
      .from(campaignPrizes)
      .where(eq(campaignPrizes._id, prizes[0]!._id));
    expect(prize).toMatchObject({ prize_stock: 1, prize_given: 1 });
    expect(await playsOf(campaign._id)).toHaveLength(40);
  });

  it('one customer with one right playing 10 times at once spends it once; one key retried 10 times at once is one play', async () => {
    const { campaign } = await newGame(mall._id, { winRate: 50 });
    const customer = await newCustomer(mall._id);
    await addRights(mall._id, campaign._id, customer._id, 1);
    const site = await microSite(mall, customer._id);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => site.play(campaign._id, randomUUID())),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    for (const response of responses.filter((each) => each.statusCode !== 200))
      expect(response.json()).toMatchObject({ code: 'CAMPAIGN_NO_GAME_RIGHTS' });

    const other = await newCustomer(mall._id);
    await addRights(mall._id, campaign._id, other._id, 3);
    const otherSite = await microSite(mall, other._id);
    const key = randomUUID();
    const retried = await Promise.all(Array.from({ length: 10 }, () => otherSite.play(campaign._id, key)));
    expect(retried.every((response) => response.statusCode === 200)).toBe(true);
    const bodies = new Set(retried.map((response) => response.body));
    expect(bodies.size).toBe(1);
    const ledger = await ctx.database.db
      .select()
      .from(campaignGameRights)
      .where(eq(campaignGameRights.customer_id, other._id));
    expect(ledger.reduce((sum, row) => sum + row.game_right_delta, 0)).toBe(2);
    expect((await playsOf(campaign._id)).filter((play) => play.customer_id === other._id)).toHaveLength(1);
  });

  it('10,000 plays, 16 at a time, stay within the stock and near the win rate', {
    timeout: 1_800_000,
  }, async () => {
    await manyPlays(mall, 10_000, 16);
  });
});
