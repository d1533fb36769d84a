import { randomBytes } from 'node:crypto';
import {
  type CampaignStatus,
  type CampaignType,
  type CouponStatus,
  generateCouponCode,
} from '@avlu/contracts';
import { asc, eq } from 'drizzle-orm';
import type { TestContext, TestStaff } from '../../../test/helper';
import { smsOutbox } from '../../platform/sms/sms-outbox.tables';
import { insertCustomer } from '../customers/customers.fixtures';
import { customers } from '../customers/customers.tables';
import { insertCampaign } from './campaign.fixtures';
import { couponCodes } from './coupons.tables';

/**
 * Test helpers of code validation (code-validation.test.ts and its PostgreSQL race tests): campaigns
 * and codes straight into the tables (giving codes is another call's work), customers with phones,
 * calls as a clerk from a client address, and the SMS codes the holders got.
 */
export const DAY_MS = 86_400_000;
export const VALIDATION_SUBJECT = 'modules:campaign-code-validation';

export const codeValidationFixtures = (ctx: TestContext) => {
  let count = 0;
  const next = () => ++count;

  const newCampaign = (
    mallId: string,
    type: CampaignType = 'coupon',
    values: { status?: CampaignStatus; start?: Date; end?: Date } = {},
  ) => insertCampaign(ctx.database.db, mallId, { type, ...values });

  /** A customer of the mall (a new Turkish mobile number unless `phone`). */
  const newCustomer = (mallId: string, name = 'Ayşe Nur', surname = 'Yılmaz', phone?: string) =>
    insertCustomer(ctx.database.db, mallId, {
      customer_name: name,
      customer_surname: surname,
      customer_gender: 'unknown',
      ...(phone ? { customer_phone: phone } : {}),
    });

  type CodeOptions = {
    status?: CouponStatus;
    customerId?: string;
    expiresAt?: Date | null;
    code?: string;
  };
  /** A code of the campaign's pool, as the giving call would leave it (given to a new customer by default). */
  const newCode = async (campaign: { _id: string; location_id: string }, options: CodeOptions = {}) => {
    const status = options.status ?? 'given';
    const holder =
      status === 'ready'
        ? undefined
        : options.customerId
          ? { _id: options.customerId }
          : await newCustomer(campaign.location_id);
    const [row] = await ctx.database.db
      .insert(couponCodes)
      .values({
        location_id: campaign.location_id,
        campaign_id: campaign._id,
        coupon_code: options.code ?? generateCouponCode(randomBytes),
        coupon_status: status,
        customer_id: holder?._id ?? null,
        coupon_given_at: holder ? new Date(Date.now() - DAY_MS) : null,
        coupon_expires_at:
          options.expiresAt === undefined ? new Date(Date.now() + 5 * DAY_MS) : options.expiresAt,
        coupon_source: options.code ? 'imported' : 'generated',
      })
      .returning();
    const [customer] = holder
      ? await ctx.database.db.select().from(customers).where(eq(customers._id, holder._id))
      : [];
    return { ...row!, customer };
  };

  /** A clerk of the mall whose role holds only code validation, calling from an address of their own. */
  const newClerk = async (mallId: string): Promise<TestStaff & { ip: string }> => {
    const staff = await ctx.newStaff({ subjects: [VALIDATION_SUBJECT], locations: [mallId] });
    const n = next();
    return { ...staff, ip: `198.51.${Math.floor(n / 250) % 250}.${(n % 250) + 1}` };
  };

  type Clerk = { headers: { authorization: string }; ip: string };
  const send = (
    clerk: Clerk,
    mallId: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    payload?: object,
    lang = 'en',
  ) =>
    ctx.app.inject({
      method,
      url: `/api/code-validation${path}${path.includes('?') ? '&' : '?'}locationId=${mallId}`,
      headers: { ...clerk.headers, 'accept-language': lang },
      remoteAddress: clerk.ip,
      ...(payload ? { payload } : {}),
    });

  const lookUp = (clerk: Clerk, mallId: string, campaignId: string, code: string, lang = 'en') =>
    send(
      clerk,
      mallId,
      'GET',
      `?campaign_id=${campaignId}&coupon_code=${encodeURIComponent(code)}`,
      undefined,
      lang,
    );
  const sendOtp = (clerk: Clerk, mallId: string, campaignId: string, code: string, phone?: string) =>
    send(clerk, mallId, 'POST', '/sendOtp', {
      campaign_id: campaignId,
      coupon_code: code,
      ...(phone ? { customer_phone: phone } : {}),
    });
  const redeem = (clerk: Clerk, mallId: string, campaignId: string, code: string, otp: string) =>
    send(clerk, mallId, 'PUT', '/', { campaign_id: campaignId, coupon_code: code, otp_code: otp });
  const release = (clerk: Clerk, mallId: string, campaignId: string, code: string) =>
    send(clerk, mallId, 'DELETE', '/hold', { campaign_id: campaignId, coupon_code: code });

  /** Every SMS to a phone (E.164), oldest first. */
  const smsTo = (phone: string) =>
    ctx.database.db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.to, phone))
      .orderBy(asc(smsOutbox.created_at), asc(smsOutbox._id));
  /** The code of the newest SMS to a phone. */
  const lastOtp = async (phone: string) => {
    const text = (await smsTo(phone)).at(-1)?.text ?? '';
    const code = /(\d{4})\./.exec(text)?.[1];
    if (!code) throw new Error(`no code sent to ${phone}`);
    return code;
  };

  return {
    newCampaign,
    newCustomer,
    newCode,
    newClerk,
    lookUp,
    sendOtp,
    redeem,
    release,
    smsTo,
    lastOtp,
  };
};
