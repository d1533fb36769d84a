import { randomBytes } from 'node:crypto';
import { generateCouponCode, type Location } from '@avlu/contracts';
import { and, eq } from 'drizzle-orm';
import type { TestContext } from '../../../test/helper';
import { insertCustomer } from '../customers/customers.fixtures';
import type { customers } from '../customers/customers.tables';
import { signedInHeaders } from '../micro-site/micro-site.fixtures';
import { type CampaignOptions, insertCampaign } from './campaign.fixtures';
import { couponCodes } from './coupons.tables';
import { campaignParticipations } from './participations.tables';

export { DAY } from './campaign.fixtures';

export type MechanicsCampaignOptions = CampaignOptions & {
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
  const newCampaign = async (
    mallId: string,
    { surveyId, stepGoal, codes = 5, ...options }: MechanicsCampaignOptions = {},
  ) => {
    const row = await insertCampaign(ctx.database.db, mallId, {
      ...options,
      participation: options.participation ?? 'once',
      columns: {
        campaign_survey_id: surveyId ?? null,
        campaign_step_goal: stepGoal ?? null,
        ...options.columns,
      },
    });
    if (codes > 0)
      await ctx.database.db.insert(couponCodes).values(
        // Generated codes (with their check symbol), as every mechanic's type gets them.
        Array.from({ length: codes }, () => ({
          location_id: mallId,
          campaign_id: row._id,
          coupon_code: generateCouponCode(randomBytes),
          coupon_source: 'generated' as const,
        })),
      );
    return row;
  };

  const newCustomer = (mallId: string, values: Partial<typeof customers.$inferInsert> = {}) =>
    insertCustomer(ctx.database.db, mallId, values);

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
