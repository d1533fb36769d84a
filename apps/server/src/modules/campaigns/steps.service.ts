import { type CustomerCoupon, STEP_LIMITS, type StepCounter, type StepReportResult } from '@avlu/contracts';
import { and, desc, eq, gte, isNotNull, lte } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { AppError, notFound } from '../../platform/errors';
import { customers } from '../customers/customers.tables';
import { type Mall, mallToday } from '../customers/mall-date';
import { runningAt } from './campaigns.service';
import { campaigns } from './campaigns.tables';
import { grantCoupon, hasParticipation, lockCampaignCustomer } from './giving.service';
import { customerSteps } from './mechanics.tables';
import { campaignParticipations } from './participations.tables';

/**
 * The step counter (issue 15 #6): a customer's phone reports the day's steps (`PUT
 * /ext/app/customers/steps`), kept per customer and calendar day of the mall (`customer_steps`,
 * upserted: the latest report of a day wins, lower or higher, since a phone may count again after a
 * reinstall); a report that reaches the `campaign_step_goal` of a running coupon campaign gives its
 * coupon once that day (participation key `steps:<day>`) within the campaign's participation rule,
 * segment and budget. A coupon once given stays given. Staff read the last 30 days and today's goals
 * (`GET /step-counter?customer_id`).
 */

export const stepsKey = (day: string) => `steps:${day}`;

/** The mall's running coupon campaigns with a step goal (at most `reachedBy` steps, when given). */
const stepGoalCampaigns = (db: Database, mallId: string, now: Date, reachedBy?: number) =>
  db
    .select()
    .from(campaigns)
    .where(
      and(
        eq(campaigns.location_id, mallId),
        eq(campaigns.campaign_type, 'coupon'),
        isNotNull(campaigns.campaign_step_goal),
        reachedBy === undefined ? undefined : lte(campaigns.campaign_step_goal, reachedBy),
        runningAt(now),
      ),
    )
    .orderBy(campaigns.campaign_step_goal, campaigns._id);

const toStepDay = (row: { step_day: string; step_count: number; updated_at: Date }) => ({
  step_day: row.step_day,
  step_count: row.step_count,
  updated_at: row.updated_at.toISOString(),
});

/**
 * Records today's steps of a signed-in customer and gives the coupon of each goal reached. A goal's
 * refusal (the rule, the segment, the budget, no codes left) gives nothing for it and keeps the
 * report: each gift is tried in a savepoint of its own.
 */
export const reportSteps = (
  db: Database,
  mall: Mall,
  customerId: string,
  stepCount: number,
  now = new Date(),
): Promise<StepReportResult> =>
  db.transaction(async (tx) => {
    const today = mallToday(mall, now);
    const [day] = await tx
      .insert(customerSteps)
      .values({
        location_id: mall._id,
        customer_id: customerId,
        step_day: today,
        step_count: stepCount,
        updated_at: now,
      })
      .onConflictDoUpdate({
        target: [customerSteps.customer_id, customerSteps.step_day],
        set: { step_count: stepCount, updated_at: now },
      })
      .returning();
    const coupons: CustomerCoupon[] = [];
    const key = stepsKey(today);
    for (const campaign of await stepGoalCampaigns(tx, mall._id, now, stepCount)) {
      if (await hasParticipation(tx, campaign._id, customerId, key)) continue;
      try {
        coupons.push(
          await tx.transaction(async (savepoint) => {
            await lockCampaignCustomer(savepoint, mall, campaign, customerId, today);
            return grantCoupon(savepoint, mall, campaign, customerId, { channelId: null, key, today, now });
          }),
        );
      } catch (error) {
        if (!(error instanceof AppError) || error.statusCode !== 409) throw error;
      }
    }
    return { ...toStepDay(day!), coupons };
  });

/** `yyyy-mm-dd` `days` before `day`. */
const daysBefore = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/**
 * `GET /step-counter?customer_id`: the customer's reports of the last 30 days of the mall, newest
 * first, and each running step-goal campaign with whether today's steps reached it and its coupon
 * was given today. 404 for another mall's customer.
 */
export const stepCounter = async (
  db: Database,
  mall: Mall,
  customerId: string,
  now = new Date(),
): Promise<StepCounter> => {
  const [customer] = await db
    .select({ _id: customers._id })
    .from(customers)
    .where(and(eq(customers._id, customerId), eq(customers.location_id, mall._id)));
  if (!customer) throw notFound();
  const today = mallToday(mall, now);
  const [days, goals, given] = await Promise.all([
    db
      .select()
      .from(customerSteps)
      .where(
        and(
          eq(customerSteps.customer_id, customerId),
          gte(customerSteps.step_day, daysBefore(today, STEP_LIMITS.days - 1)),
          lte(customerSteps.step_day, today),
        ),
      )
      .orderBy(desc(customerSteps.step_day)),
    stepGoalCampaigns(db, mall._id, now),
    db
      .select({ campaign_id: campaignParticipations.campaign_id })
      .from(campaignParticipations)
      .where(
        and(
          eq(campaignParticipations.customer_id, customerId),
          eq(campaignParticipations.participation_key, stepsKey(today)),
        ),
      ),
  ]);
  const todayCount = days.find((day) => day.step_day === today)?.step_count ?? 0;
  const givenIn = new Set(given.map((row) => row.campaign_id));
  return {
    customer_id: customerId,
    today,
    today_step_count: todayCount,
    days: days.map(toStepDay),
    goals: goals.map((campaign) => ({
      campaign_id: campaign._id,
      campaign_name: campaign.campaign_name,
      campaign_name_en: campaign.campaign_name_en,
      campaign_step_goal: campaign.campaign_step_goal ?? 0,
      reached: todayCount >= (campaign.campaign_step_goal ?? 0),
      coupon_given: givenIn.has(campaign._id),
    })),
  };
};
