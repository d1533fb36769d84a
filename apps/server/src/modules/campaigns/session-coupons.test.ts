import { customerCoupon } from '@avlu/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { expireGivenCoupons } from './campaigns.archive';
import { codeValidationFixtures } from './code-validation.fixtures';
import { couponCodes } from './coupons.tables';
import { DAY, mechanicsFixtures } from './mechanics.fixtures';

const ctx = useTestApp();
const { newCampaign, newCustomer, customerHeaders } = mechanicsFixtures(ctx);
const { newClerk, lookUp } = codeValidationFixtures(ctx);

const join = (campaignId: string, headers: Record<string, string>) =>
  ctx.app.inject({ method: 'POST', url: `/api/ext/app/customers/campaigns/${campaignId}/coupon`, headers });
const myCoupons = (headers: Record<string, string>) =>
  ctx.app.inject({ method: 'GET', url: '/api/ext/app/customers/coupons', headers });

describe('session coupons', () => {
  it('expire their days after they are given: the till refuses them, and the job marks them not used', async () => {
    const mall = await ctx.newLocation();
    const campaign = await newCampaign(mall._id, {
      type: 'session_coupon',
      sessionDays: 3,
      end: new Date(Date.now() + 60 * DAY),
    });
    const customer = await newCustomer(mall._id);
    const headers = await customerHeaders(mall, customer._id);
    const before = Date.now();
    const joined = await join(campaign._id, headers);
    expect(joined.statusCode, joined.body).toBe(200);
    const coupon = customerCoupon.parse(joined.json());
    const expires = Date.parse(coupon.coupon_expires_at!);
    expect(expires).toBeGreaterThanOrEqual(before + 3 * DAY);
    expect(expires).toBeLessThanOrEqual(Date.now() + 3 * DAY);

    const clerk = await newClerk(mall._id);
    const valid = await lookUp(clerk, mall._id, campaign._id, coupon.coupon_code);
    expect(valid.statusCode, valid.body).toBe(200);
    await ctx.inject({
      method: 'DELETE',
      url: `/api/code-validation/hold?locationId=${mall._id}`,
      headers: clerk.headers,
      payload: { campaign_id: campaign._id, coupon_code: coupon.coupon_code },
    });

    // Four days later (the campaign still running): the code's days are over.
    await ctx.database.db
      .update(couponCodes)
      .set({ coupon_given_at: new Date(Date.now() - 4 * DAY), coupon_expires_at: new Date(Date.now() - DAY) })
      .where(eq(couponCodes._id, coupon._id));
    const refused = await lookUp(clerk, mall._id, campaign._id, coupon.coupon_code);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('COUPON_CODE_EXPIRED');

    expect(await expireGivenCoupons(ctx.database.db)).toBeGreaterThanOrEqual(1);
    const listed = (await myCoupons(headers)).json() as { _id: string; coupon_status: string }[];
    expect(listed.find((each) => each._id === coupon._id)?.coupon_status).toBe('not_used');
    const staffTab = await ctx.inject({
      method: 'GET',
      url: `/api/customer/coupons/${customer._id}?locationId=${mall._id}`,
    });
    expect(staffTab.json()[0]).toMatchObject({ _id: coupon._id, coupon_status: 'not_used' });
    const stillRefused = await lookUp(clerk, mall._id, campaign._id, coupon.coupon_code);
    expect(stillRefused.json().code).toBe('COUPON_CODE_EXPIRED');
  });
});
