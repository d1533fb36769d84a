import { stepCounter, stepReportResult } from '@avlu/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { mallToday } from '../customers/mall-date';
import { DAY, mechanicsFixtures } from './mechanics.fixtures';
import { customerSteps } from './mechanics.tables';
import { campaignParticipations } from './participations.tables';

const ctx = useTestApp();
const { newCampaign, newCustomer, customerHeaders, participationsOf } = mechanicsFixtures(ctx);

const report = (headers: Record<string, string>, payload: object) =>
  ctx.app.inject({ method: 'PUT', url: '/api/ext/app/customers/steps', headers, payload });
const counter = (mallId: string, customerId: string, headers: Record<string, string> = {}) =>
  ctx.inject({
    method: 'GET',
    url: `/api/step-counter?customer_id=${customerId}&locationId=${mallId}`,
    headers,
  });

describe('the step counter', () => {
  it('keeps the latest report of the day and gives a step-goal coupon once when a report reaches it', async () => {
    const mall = await ctx.newLocation();
    const goal = await newCampaign(mall._id, { stepGoal: 5000, participation: 'once_a_day' });
    const far = await newCampaign(mall._id, { stepGoal: 20_000, participation: 'once_a_day' });
    const plain = await newCampaign(mall._id);
    const customer = await newCustomer(mall._id);
    const headers = await customerHeaders(mall, customer._id);
    const today = mallToday(mall);

    const first = await report(headers, { step_count: 1200 });
    expect(first.statusCode, first.body).toBe(200);
    expect(stepReportResult.parse(first.json())).toMatchObject({
      step_day: today,
      step_count: 1200,
      coupons: [],
    });

    const reached = await report(headers, { step_count: 5400 });
    expect(reached.statusCode, reached.body).toBe(200);
    const body = stepReportResult.parse(reached.json());
    expect(body.coupons).toHaveLength(1);
    expect(body.coupons[0]).toMatchObject({
      campaign_id: goal._id,
      customer_id: customer._id,
      coupon_status: 'given',
    });
    expect(await participationsOf(goal._id)).toEqual([
      expect.objectContaining({
        customer_id: customer._id,
        participation_key: `steps:${today}`,
        participation_day: today,
      }),
    ]);

    // More steps the same day give nothing again; a lower report (a reinstalled app) wins as the latest.
    const again = await report(headers, { step_count: 9000 });
    expect(again.json().coupons).toEqual([]);
    const lower = await report(headers, { step_count: 300 });
    expect(lower.json()).toMatchObject({ step_count: 300, coupons: [] });
    expect(await participationsOf(goal._id)).toHaveLength(1);
    expect(await participationsOf(far._id)).toHaveLength(0);
    expect(await participationsOf(plain._id)).toHaveLength(0);
    const rows = await ctx.database.db
      .select()
      .from(customerSteps)
      .where(eq(customerSteps.customer_id, customer._id));
    expect(rows).toEqual([expect.objectContaining({ step_day: today, step_count: 300 })]);

    // A step-goal campaign is not joined with the button: its code comes with the steps.
    const joined = await ctx.inject({
      method: 'POST',
      url: `/api/ext/app/customers/campaigns/${far._id}/coupon`,
      headers,
    });
    expect(joined.statusCode).toBe(409);
    expect(joined.json().code).toBe('CAMPAIGN_NOT_JOINABLE');
    const listed = await ctx.inject({ method: 'GET', url: '/api/ext/app/customers/campaigns', headers });
    expect(
      listed
        .json()
        .map((each: { _id: string; campaign_joinable: boolean }) => [each._id, each.campaign_joinable]),
    ).toEqual(
      expect.arrayContaining([
        [far._id, false],
        [plain._id, true],
      ]),
    );
  });

  it('keeps the campaign’s participation rule and refusals: the report is kept, the coupon not given', async () => {
    const mall = await ctx.newLocation();
    const once = await newCampaign(mall._id, { stepGoal: 1000, participation: 'once' });
    const empty = await newCampaign(mall._id, { stepGoal: 1000, codes: 0 });
    const ended = await newCampaign(mall._id, {
      stepGoal: 1000,
      start: new Date(Date.now() - 10 * DAY),
      end: new Date(Date.now() - DAY),
    });
    const customer = await newCustomer(mall._id);
    const headers = await customerHeaders(mall, customer._id);
    // Already took part in the `once` campaign on an earlier day.
    await ctx.database.db.insert(campaignParticipations).values({
      location_id: mall._id,
      campaign_id: once._id,
      customer_id: customer._id,
      participation_day: '2026-01-01',
      participation_key: 'steps:2026-01-01',
    });
    const response = await report(headers, { step_count: 4000 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ step_count: 4000, coupons: [] });
    expect(await participationsOf(once._id)).toHaveLength(1);
    expect(await participationsOf(empty._id)).toHaveLength(0);
    expect(await participationsOf(ended._id)).toHaveLength(0);
  });

  it('refuses a report without a session, or a count out of range', async () => {
    const mall = await ctx.newLocation();
    const customer = await newCustomer(mall._id);
    const headers = await customerHeaders(mall, customer._id, 'en');
    const { authorization } = headers;
    expect((await report({ authorization }, { step_count: 10 })).statusCode).toBe(401);
    for (const step_count of [-1, 1.5, 200_001, '12']) {
      const response = await report(headers, { step_count });
      expect(response.statusCode, String(step_count)).toBe(400);
      expect(response.json().fields).toHaveProperty('step_count');
    }
    expect((await report(headers, { step_count: 10, extra: 1 })).statusCode).toBe(400);
  });

  it('shows staff the last 30 days, newest first, and today’s goals; another mall’s customer is 404', async () => {
    const mall = await ctx.newLocation();
    const goal = await newCampaign(mall._id, { stepGoal: 3000, participation: 'once_a_day' });
    const high = await newCampaign(mall._id, { stepGoal: 50_000 });
    const customer = await newCustomer(mall._id);
    const today = mallToday(mall);
    const day = (back: number) =>
      new Date(Date.parse(`${today}T00:00:00Z`) - back * DAY).toISOString().slice(0, 10);
    await ctx.database.db.insert(customerSteps).values(
      [1, 2, 29, 30, 45].map((back) => ({
        location_id: mall._id,
        customer_id: customer._id,
        step_day: day(back),
        step_count: 1000 + back,
      })),
    );
    await report(await customerHeaders(mall, customer._id), { step_count: 3100 });

    const response = await counter(mall._id, customer._id);
    expect(response.statusCode, response.body).toBe(200);
    const body = stepCounter.strict().parse(response.json());
    expect(body.today).toBe(today);
    expect(body.today_step_count).toBe(3100);
    expect(body.days.map((each) => each.step_day)).toEqual([today, day(1), day(2), day(29)]);
    expect(body.goals).toEqual([
      expect.objectContaining({
        campaign_id: goal._id,
        campaign_step_goal: 3000,
        reached: true,
        coupon_given: true,
      }),
      expect.objectContaining({
        campaign_id: high._id,
        campaign_step_goal: 50_000,
        reached: false,
        coupon_given: false,
      }),
    ]);

    const other = await ctx.newLocation();
    expect((await counter(other._id, customer._id)).statusCode).toBe(404);
    const clerk = await ctx.newStaff({
      subjects: ['modules:campaign-code-validation'],
      locations: [mall._id],
    });
    expect((await counter(mall._id, customer._id, clerk.headers)).statusCode).toBe(403);
  });
});
