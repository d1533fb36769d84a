import { z } from 'zod';
import { objectId } from '../common/ids';
import { customerCoupon } from './coupons';
import { CAMPAIGN_LIMITS } from './types';

/**
 * The step counter (issue 15 #6; spec §7 `GET /step-counter?customer_id`). A customer's phone app
 * reports the day's steps with the customer's session (`PUT /ext/app/customers/steps`); the report is
 * kept per customer and calendar day of the mall, and the latest report of a day wins (a phone may
 * count again from a lower number after a reinstall: the coupon a goal gave stays given). A report
 * that reaches the step goal of a running coupon campaign (`campaign_step_goal`) gives its coupon,
 * once a day at most and within the campaign's participation rule.
 */
export const STEP_LIMITS = {
  /** The most steps one report may say: the largest step goal a campaign may set. */
  count: { min: 0, max: CAMPAIGN_LIMITS.stepGoal.max },
  /** Days of reports the staff's step counter shows, today included. */
  days: 30,
} as const;

/** The body of `PUT /ext/app/customers/steps`: today's steps so far. */
export const stepReportInput = z.strictObject({
  step_count: z.number().int().min(STEP_LIMITS.count.min).max(STEP_LIMITS.count.max),
});
export type StepReportInput = z.input<typeof stepReportInput>;

/** A day's steps as last reported (the day is the mall's calendar day, yyyy-mm-dd). */
export const stepDay = z.object({
  step_day: z.string(),
  step_count: z.number().int(),
  updated_at: z.string(),
});
export type StepDay = z.infer<typeof stepDay>;

/** The answer to a report: the day as kept, and the coupons this report gave (a goal reached now). */
export const stepReportResult = stepDay.extend({ coupons: z.array(customerCoupon) });
export type StepReportResult = z.infer<typeof stepReportResult>;

/** `GET /step-counter?customer_id`. */
export const stepCounterQuery = z.strictObject({ customer_id: objectId });

/** A running step-goal campaign and where the customer stands on it today. */
export const stepGoalProgress = z.object({
  campaign_id: objectId,
  campaign_name: z.string(),
  campaign_name_en: z.string(),
  campaign_step_goal: z.number().int(),
  /** Today's steps reached the goal. */
  reached: z.boolean(),
  /** Today's coupon of this campaign was given. */
  coupon_given: z.boolean(),
});
export type StepGoalProgress = z.infer<typeof stepGoalProgress>;

/** The staff's step counter: the last 30 days' reports, newest first, and today's goals. */
export const stepCounter = z.object({
  customer_id: objectId,
  today: z.string(),
  today_step_count: z.number().int(),
  days: z.array(stepDay),
  goals: z.array(stepGoalProgress),
});
export type StepCounter = z.infer<typeof stepCounter>;
