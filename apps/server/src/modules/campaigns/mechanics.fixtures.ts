import { randomBytes } from 'node:crypto';
import {
  type CampaignParticipation,
  type CampaignType,
  generateCouponCode,
  type Location,
  type SegmentFilter,
} from '@avlu/contracts';
import { and, eq } from 'drizzle-orm';
import type { TestContext } from '../../../test/helper';
import { nameKey } from '../../platform/db/unique-names';
import { customers } from '../customers/customers.tables';
import { signedInHeaders } from '../micro-site/micro-site.fixtures';
import { campaigns } from './campaigns.tables';
import { couponCodes } from './coupons.tables';
import { campaignParticipations } from './participations.tables';

export const DAY = 86_400_000;

export type MechanicsCampaignOptions = {
  type?: CampaignType;
  participation?: CampaignParticipation;
  dailyLimit?: number;
  budget?: number;
  start?: Date;
  end?: Date;
  status?: 'to_be_published' | 'published' | 'archived';
  segment?: SegmentFilter;
  sessionDays?: number;
  surveyId?: string;
  stepGoal?: number;
  /** Ready codes put in its pool (5 by default). */
  codes?: number;
};

/**
 * Test helpers of the campaign mechanics (birthday, session, survey, steps): campaigns and codes
 * straight into the tables (the pool's routes are tested elsewhere), customers, and a signed-in
 * micro-site customer's headers.
 */
export const mechanicsFixtures = (ctx: TestContext) => {
  let serial = 0;
  let phones = 0;

  const newCampaign = async (mallId: string, options: MechanicsCampaignOptions = {}) => {
    const n = ++serial;
    const name = `Mekanik kampanya ${n}`;
    const [row] = await ctx.database.db
      .insert(campaigns)
      .values({
        location_id: mallId,
        campaign_name: name,
        campaign_name_en: `Mechanics campaign ${n}`,
        campaign_name_key: nameKey(name),
        campaign_name_en_key: nameKey(`Mechanics campaign ${n}`),
        campaign_description: 'Açıklama',
        campaign_type: options.type ?? 'coupon',
        campaign_status: options.status ?? 'published',
        campaign_start_date: options.start ?? new Date(Date.now() - DAY),
        campaign_end_date: options.end ?? new Date(Date.now() + 10 * DAY),
        campaign_archive_date: new Date((options.end?.getTime() ?? Date.now() + 10 * DAY) + 10 * DAY),
        campaign_participation: options.participation ?? 'once',
        campaign_daily_participation_limit: options.dailyLimit ?? null,
        campaign_budget: options.budget ?? null,
        campaign_segment: options.segment ?? null,
        campaign_session_day_count: options.sessionDays ?? null,
        campaign_survey_id: options.surveyId ?? null,
        campaign_step_goal: options.stepGoal ?? null,
      })
      .returning();
    const codes = options.codes ?? 5;
    if (codes > 0)
      await ctx.database.db.insert(couponCodes).values(
        // Generated codes (with their check symbol), as every mechanic's type gets them.
        Array.from({ length: codes }, () => ({
          location_id: mallId,
          campaign_id: row!._id,
          coupon_code: generateCouponCode(randomBytes),
          coupon_source: 'generated' as const,
        })),
      );
    return row!;
  };

  const newCustomer = async (mallId: string, values: Partial<typeof customers.$inferInsert> = {}) => {
    const [row] = await ctx.database.db
      .insert(customers)
      .values({
        location_id: mallId,
        customer_phone: `+90535${(1_000_000 + ++phones).toString().slice(-7)}`,
        customer_name: 'Ayşe',
        customer_surname: 'Yılmaz',
        customer_gender: 'female',
        ...values,
      })
      .returning();
    return row!;
  };

  /** The headers of a signed-in micro-site customer of the mall. */
  const customerHeaders = (mall: Location, customerId: string, lang = 'tr') =>
    signedInHeaders(ctx.database.db, mall, customerId, lang);

  const participationsOf = (campaignId: string, customerId?: string) =>
    ctx.database.db
      .select()
      .from(campaignParticipations)
      .where(
        and(
          eq(campaignParticipations.campaign_id, campaignId),
          customerId ? eq(campaignParticipations.customer_id, customerId) : undefined,
        ),
      );

  const givenCodesOf = (campaignId: string) =>
    ctx.database.db
      .select()
      .from(couponCodes)
      .where(and(eq(couponCodes.campaign_id, campaignId), eq(couponCodes.coupon_status, 'given')));

  return { newCampaign, newCustomer, customerHeaders, participationsOf, givenCodesOf };
};
