import { randomBytes } from 'node:crypto';
import { generateCouponCode } from '@avlu/contracts';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { nameKey } from '../../platform/db/unique-names';
import { AppError } from '../../platform/errors';
import { customers } from '../customers/customers.tables';
import { dateIn, type Mall } from '../customers/mall-date';
import { locations } from '../locations/locations.tables';
import { SURVEY_PARTICIPATION_KEY } from '../surveys/surveys.micro-site';
import { surveyAnswers } from '../surveys/surveys.tables';
import { giveBirthdayCoupons } from './birthday-coupons';
import { campaigns } from './campaigns.tables';
import { couponCodes } from './coupons.tables';
import { grantCoupon, lockCampaignCustomer } from './giving.service';
import { customerSteps } from './mechanics.tables';
import { stepsKey } from './steps.service';

const DAY_MS = 86_400_000;
const STEP_GOAL = 8000;
/** Codes of the step-goal campaign's pool. */
const STEP_POOL = 300;

/** A small deterministic generator, so each demo mall gets the same picture on every first start. */
const generator = (seed: number) => {
  let state = seed >>> 0 || 1;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
};

/** Gives a code as the mechanic would, a refusal (a rule, no codes left) giving nothing. */
const tryGrant = async (
  db: Database,
  mall: Mall,
  campaign: typeof campaigns.$inferSelect,
  customerId: string,
  key: string,
  now: Date,
) => {
  const today = dateIn(mall.location_meta.timezone, now);
  try {
    await db.transaction(async (tx) => {
      await lockCampaignCustomer(tx, mall, campaign, customerId, today);
      await grantCoupon(tx, mall, campaign, customerId, { channelId: null, key, today, now });
    });
    return true;
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
};

/**
 * The issue 15 #3 and #6 mechanics on a demo mall (first start with DEMO_DATA), after its campaigns,
 * coupon pools and surveys: the survey campaign runs with the food court survey and some of that
 * survey's answerers got its code; the birthday campaign gave this month's birthdays their codes
 * (the job's first batch); and a step-goal coupon campaign ("8,000 steps a day") with a pool, two weeks
 * of steps reported by a few dozen customers and the coupons of the days they reached the goal.
 */
export const seedDemoMechanics = async (
  db: Database,
  locationId: string,
  mallNo: number,
  now = new Date(),
) => {
  const random = generator(104_729 * mallNo);
  const [location] = await db
    .select({ timezone: locations.timezone })
    .from(locations)
    .where(eq(locations._id, locationId));
  const mall: Mall = { _id: locationId, location_meta: { timezone: location!.timezone } };
  const ofType = async (type: 'survey' | 'coupon') =>
    db
      .select()
      .from(campaigns)
      .where(and(eq(campaigns.location_id, locationId), eq(campaigns.campaign_type, type)))
      .orderBy(asc(campaigns._id));

  // The survey campaign: running since a week, its code given to some who answered its survey.
  const [survey] = await ofType('survey');
  if (survey?.campaign_survey_id) {
    const [running] = await db
      .update(campaigns)
      .set({ campaign_status: 'published', campaign_start_date: new Date(now.getTime() - 7 * DAY_MS) })
      .where(eq(campaigns._id, survey._id))
      .returning();
    const answerers = await db
      .select({ customer_id: surveyAnswers.customer_id })
      .from(surveyAnswers)
      .where(eq(surveyAnswers.survey_id, survey.campaign_survey_id))
      .orderBy(asc(surveyAnswers._id))
      .limit(25);
    for (const { customer_id } of answerers)
      await tryGrant(
        db,
        mall,
        running!,
        customer_id,
        SURVEY_PARTICIPATION_KEY,
        new Date(now.getTime() - random() * 6 * DAY_MS),
      );
  }

  // The birthday campaign: the job's run of today, as at the mall's midnight.
  // A first batch of them: the demo's first start stays short; the job gives the rest at midnight.
  await giveBirthdayCoupons(db, { now, locationId, batchSize: 50, maxBatches: 1 });

  // A step-goal coupon campaign beside the back-to-school coupon, with its images and stores.
  const [model] = (await ofType('coupon')).filter((row) => row.campaign_status === 'published');
  if (!model) return;
  const name = 'Günde 8.000 Adım, Kahve Bizden';
  const nameEn = 'Walk 8,000 Steps a Day, Coffee Is on Us';
  const [steps] = await db
    .insert(campaigns)
    .values({
      ...model,
      _id: undefined,
      campaign_name: name,
      campaign_name_en: nameEn,
      campaign_name_key: nameKey(name),
      campaign_name_en_key: nameKey(nameEn),
      campaign_description:
        'Telefonunuzun adım sayarı bir günde 8.000 adımı gösterdiğinde yemek katında geçerli kahve kuponunuz hesabınıza tanımlanır. Her gün yeniden!',
      campaign_description_en:
        'When your phone’s step counter shows 8,000 steps in a day, a coffee coupon for the food court is added to your account. Every day anew!',
      campaign_start_date: new Date(now.getTime() - 14 * DAY_MS),
      campaign_end_date: new Date(now.getTime() + 45 * DAY_MS),
      campaign_archive_date: new Date(now.getTime() + 52 * DAY_MS),
      campaign_participation: 'once_a_day',
      campaign_budget: null,
      campaign_segment: null,
      campaign_channel_ids: [],
      campaign_step_goal: STEP_GOAL,
      campaign_participation_count: 0,
      coupon_pool_size: STEP_POOL,
      coupon_print_count: 0,
      created_at: undefined,
      updated_at: undefined,
    } as typeof campaigns.$inferInsert)
    .returning();
  await db.insert(couponCodes).values(
    Array.from({ length: STEP_POOL }, () => ({
      location_id: locationId,
      campaign_id: steps!._id,
      coupon_code: generateCouponCode(randomBytes),
      coupon_source: 'generated' as const,
    })),
  );
  const walkers = await db
    .select({ _id: customers._id })
    .from(customers)
    .where(and(eq(customers.location_id, locationId), isNull(customers.customer_deletedAt)))
    .orderBy(asc(customers._id))
    .limit(30);
  const reports: (typeof customerSteps.$inferInsert)[] = [];
  for (const { _id } of walkers)
    for (let back = 13; back >= 0; back--) {
      if (random() < 0.3) continue;
      const at = new Date(now.getTime() - back * DAY_MS);
      reports.push({
        location_id: locationId,
        customer_id: _id,
        step_day: dateIn(mall.location_meta.timezone, at),
        step_count: Math.round(2000 + random() * 9000),
        updated_at: at,
      });
    }
  await db.insert(customerSteps).values(reports).onConflictDoNothing();
  // The coupons of the goals reached in the last five days (a few dozen gifts, as the reports gave them).
  const recent = dateIn(mall.location_meta.timezone, new Date(now.getTime() - 4 * DAY_MS));
  for (const report of reports)
    if (report.step_count >= STEP_GOAL && report.step_day >= recent)
      await tryGrant(db, mall, steps!, report.customer_id, stepsKey(report.step_day), report.updated_at!);
};
