import type { SegmentFilter } from '@avlu/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { customers } from '../customers/customers.tables';
import { giveBirthdayCoupons, hourIn } from './birthday-coupons';
import { campaigns } from './campaigns.tables';
import { mechanicsFixtures } from './mechanics.fixtures';

const ctx = useTestApp();
const { newCampaign, newCustomer, participationsOf, givenCodesOf } = mechanicsFixtures(ctx);

/** 15 June 2026, 00:05 in Istanbul (UTC+3): the mall's midnight run. */
const JUNE_MIDNIGHT = new Date('2026-06-14T21:05:00Z');
const running = { start: new Date('2026-01-01T00:00:00Z'), end: new Date('2026-12-31T00:00:00Z') };

/** A mall with `born` June customers, two of other months, and a running birthday campaign. */
const birthdayMall = async (born: number, options: Parameters<typeof newCampaign>[1] = {}) => {
  const mall = await ctx.newLocation();
  const june: string[] = [];
  for (let n = 0; n < born; n++)
    june.push(
      (
        await newCustomer(mall._id, {
          customer_birthdate: `19${80 + (n % 20)}-06-${String((n % 28) + 1).padStart(2, '0')}`,
        })
      )._id,
    );
  await newCustomer(mall._id, { customer_birthdate: '1990-05-31' });
  await newCustomer(mall._id, { customer_birthdate: '1990-07-01' });
  await newCustomer(mall._id);
  const campaign = await newCampaign(mall._id, { type: 'birthday', codes: born + 5, ...running, ...options });
  return { mall, june, campaign };
};

/** The outcome of one campaign's run among every mall's of the test database. */
const runOf = async (campaignId: string, options: Parameters<typeof giveBirthdayCoupons>[1]) =>
  (await giveBirthdayCoupons(ctx.database.db, options)).find((each) => each.campaignId === campaignId);

const holdersOf = async (campaignId: string) =>
  (await participationsOf(campaignId)).map((row) => row.customer_id).sort();

describe('birthday coupons', () => {
  it('gives each customer born in the mall’s month one code, keyed by the year; a second run gives nobody another', async () => {
    const { june, campaign } = await birthdayMall(7);
    const first = await runOf(campaign._id, { now: JUNE_MIDNIGHT, batchSize: 3 });
    expect(first).toMatchObject({ campaignId: campaign._id, given: 7, complete: true });
    expect(await holdersOf(campaign._id)).toEqual([...june].sort());
    const participations = await participationsOf(campaign._id);
    expect(new Set(participations.map((row) => row.participation_key))).toEqual(new Set(['birthday:2026']));
    expect(new Set(participations.map((row) => row.participation_day))).toEqual(new Set(['2026-06-15']));
    expect(await givenCodesOf(campaign._id)).toHaveLength(7);

    // Run again, nothing deleted: nobody gets a second code.
    const second = await runOf(campaign._id, { now: JUNE_MIDNIGHT, batchSize: 3 });
    expect(second).toMatchObject({ given: 0, complete: true });
    expect(await participationsOf(campaign._id)).toHaveLength(7);
    expect(await givenCodesOf(campaign._id)).toHaveLength(7);
    const [row] = await ctx.database.db.select().from(campaigns).where(eq(campaigns._id, campaign._id));
    expect(row!.campaign_participation_count).toBe(7);
  });

  it('a run killed after its first batch and run again gives everyone exactly one', async () => {
    const { june, campaign } = await birthdayMall(9);
    const cut = await runOf(campaign._id, {
      now: JUNE_MIDNIGHT,
      batchSize: 4,
      maxBatches: 1,
    });
    expect(cut).toMatchObject({ given: 4, complete: false });
    expect(await participationsOf(campaign._id)).toHaveLength(4);

    const rest = await runOf(campaign._id, { now: JUNE_MIDNIGHT, batchSize: 4 });
    expect(rest).toMatchObject({ given: 5, complete: true });
    const holders = await holdersOf(campaign._id);
    expect(holders).toEqual([...june].sort());
    expect(new Set(holders).size).toBe(holders.length);
    expect(await givenCodesOf(campaign._id)).toHaveLength(9);
  });

  it('applies the segment, skips deleted customers, and stops a campaign whose codes run out, logging why', async () => {
    const mall = await ctx.newLocation();
    const women = [];
    for (let n = 0; n < 3; n++)
      women.push(
        await newCustomer(mall._id, { customer_birthdate: '1985-06-10', customer_gender: 'female' }),
      );
    await newCustomer(mall._id, { customer_birthdate: '1985-06-11', customer_gender: 'male' });
    const gone = await newCustomer(mall._id, { customer_birthdate: '1985-06-12', customer_gender: 'female' });
    await ctx.database.db
      .update(customers)
      .set({ customer_deletedAt: new Date() })
      .where(eq(customers._id, gone._id));
    const segment: SegmentFilter = [{ field: 'gender', in: ['female'] }];
    const targeted = await newCampaign(mall._id, { type: 'birthday', segment, ...running });
    const short = await newCampaign(mall._id, { type: 'birthday', codes: 2, ...running });
    const warnings: unknown[] = [];
    const logger = { info: () => undefined, warn: (entry: unknown) => warnings.push(entry) };
    const outcomes = await giveBirthdayCoupons(ctx.database.db, {
      now: JUNE_MIDNIGHT,
      logger: logger as never,
    });
    expect(outcomes.find((each) => each.campaignId === targeted._id)).toMatchObject({ given: 3 });
    expect(await holdersOf(targeted._id)).toEqual(women.map((row) => row._id).sort());
    expect(outcomes.find((each) => each.campaignId === short._id)).toMatchObject({
      given: 2,
      stopped: 'CAMPAIGN_NO_CODES_LEFT',
      complete: false,
    });
    expect(warnings).toEqual([
      expect.objectContaining({ campaignId: short._id, code: 'CAMPAIGN_NO_CODES_LEFT' }),
    ]);
    expect(await participationsOf(short._id)).toHaveLength(2);
  });

  it('gives nothing for campaigns not running, and stops at the budget', async () => {
    const { campaign: ended } = await birthdayMall(2, {
      start: new Date('2026-01-01T00:00:00Z'),
      end: new Date('2026-06-01T00:00:00Z'),
    });
    const { mall, campaign: waiting } = await birthdayMall(2, { status: 'to_be_published' });
    const budgeted = await newCampaign(mall._id, { type: 'birthday', budget: 1, ...running });
    const outcomes = await giveBirthdayCoupons(ctx.database.db, { now: JUNE_MIDNIGHT });
    expect(outcomes.map((each) => each.campaignId)).not.toContain(ended._id);
    expect(outcomes.map((each) => each.campaignId)).not.toContain(waiting._id);
    expect(outcomes.find((each) => each.campaignId === budgeted._id)).toMatchObject({
      given: 1,
      stopped: 'CAMPAIGN_BUDGET_SPENT',
    });
    expect(await participationsOf(ended._id)).toHaveLength(0);
  });

  it('runs a mall only at its own midnight when scheduled', async () => {
    expect(hourIn('Europe/Istanbul', JUNE_MIDNIGHT)).toBe(0);
    expect(hourIn('UTC', JUNE_MIDNIGHT)).toBe(21);
    const { campaign } = await birthdayMall(1);
    const atNoon = await giveBirthdayCoupons(ctx.database.db, {
      now: new Date('2026-06-15T09:00:00Z'),
      onlyAtMidnight: true,
    });
    expect(atNoon.map((each) => each.campaignId)).not.toContain(campaign._id);
    const atMidnight = await giveBirthdayCoupons(ctx.database.db, {
      now: JUNE_MIDNIGHT,
      onlyAtMidnight: true,
    });
    expect(atMidnight.find((each) => each.campaignId === campaign._id)).toMatchObject({ given: 1 });
  });
});
