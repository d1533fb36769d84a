import { randomBytes } from 'node:crypto';
import {
  CODE_VALIDATION_RULES,
  codeValidationCampaign,
  codeValidationOtpResult,
  codeValidationResult,
  generateCouponCode,
  type Location,
} from '@avlu/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { testConfig, useTestApp } from '../../../test/helper';
import { auditLog } from '../audit/audit.tables';
import { locations } from '../locations/locations.tables';
import { codeValidationFixtures, DAY_MS } from './code-validation.fixtures';
import { couponCodeHolds } from './code-validation.tables';
import { couponCodes } from './coupons.tables';

// Room for the number range's cap: every holder's phone here starts with +90533000.
const ctx = useTestApp({ config: { sms: { ...testConfig().sms, codesPerPrefixPerHour: 1000 } } });
const { newCampaign, newCode, newClerk, newCustomer, lookUp, sendOtp, redeem, release, smsTo, lastOtp } =
  codeValidationFixtures(ctx);

// The clock is moved to test holds running out and the sliding minute; only Date is faked.
const advance = (seconds: number) => vi.setSystemTime(Date.now() + seconds * 1000);
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date());
});
afterAll(() => {
  vi.useRealTimers();
});

let mall: Location;
beforeEach(async () => {
  mall = await ctx.newLocation();
});

const codeRow = async (id: string) =>
  (await ctx.database.db.select().from(couponCodes).where(eq(couponCodes._id, id)))[0]!;
const holdOf = async (id: string) =>
  (await ctx.database.db.select().from(couponCodeHolds).where(eq(couponCodeHolds.coupon_code_id, id)))[0];
/** The same code with another symbol in the middle: a generated code's check symbol catches it. */
const mistyped = (code: string) => `${code.slice(0, 4)}${code[4] === 'A' ? 'B' : 'A'}${code.slice(5)}`;

describe('GET /api/code-validation/campaigns', () => {
  it('lists the mall’s published campaigns whose codes are redeemed at stores, and no other', async () => {
    const coupon = await newCampaign(mall._id, 'coupon');
    const imported = await newCampaign(mall._id, 'code');
    const ended = await newCampaign(mall._id, 'session_coupon', {
      start: new Date(Date.now() - 3 * DAY_MS),
      end: new Date(Date.now() - DAY_MS),
    });
    await newCampaign(mall._id, 'regular_code'); // one shared code: nobody to confirm by SMS
    await newCampaign(mall._id, 'third_party');
    await newCampaign(mall._id, 'basic');
    await newCampaign(mall._id, 'coupon', { status: 'to_be_published' });
    await newCampaign(mall._id, 'coupon', { status: 'archived' });
    await newCampaign((await ctx.newLocation())._id, 'coupon');
    const clerk = await newClerk(mall._id);
    const response = await ctx.app.inject({
      url: `/api/code-validation/campaigns?locationId=${mall._id}`,
      headers: clerk.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const listed = response.json() as Array<{ _id: string }>;
    for (const item of listed) codeValidationCampaign.parse(item);
    expect(listed.map((item) => item._id).sort()).toEqual([coupon._id, imported._id, ended._id].sort());
    expect(listed.find((item) => item._id === coupon._id)).toEqual({
      _id: coupon._id,
      campaign_name: coupon.campaign_name,
      campaign_name_en: coupon.campaign_name_en,
      campaign_type: 'coupon',
      campaign_start_date: coupon.campaign_start_date.toISOString(),
      campaign_end_date: coupon.campaign_end_date.toISOString(),
    });
  });

  it('is closed to staff without the code validation subject and to another mall’s staff', async () => {
    const outsider = await ctx.newStaff({ subjects: ['modules:campaigns:campaigns'], locations: [mall] });
    const otherClerk = await newClerk((await ctx.newLocation())._id);
    for (const staff of [outsider, otherClerk]) {
      const response = await ctx.app.inject({
        url: `/api/code-validation/campaigns?locationId=${mall._id}`,
        headers: staff.headers,
      });
      expect(response.statusCode).toBe(403);
    }
  });
});

describe('looking a code up', () => {
  it('answers the status, campaign, masked holder and dates, and holds the code for the clerk', async () => {
    const campaign = await newCampaign(mall._id);
    const customer = await newCustomer(mall._id, 'Ayşe Nur', 'Yılmaz');
    const code = await newCode(campaign, { customerId: customer._id });
    const clerk = await newClerk(mall._id);
    // Typed as people type it: lower case, spaces and dashes.
    const typed = `${code.coupon_code.slice(0, 5).toLowerCase()} - ${code.coupon_code.slice(5)}`;
    const response = await lookUp(clerk, mall._id, campaign._id, typed);
    expect(response.statusCode, response.body).toBe(200);
    const result = codeValidationResult.parse(response.json());
    const holdEnds = new Date(Date.now() + CODE_VALIDATION_RULES.holdSeconds * 1000).toISOString();
    const digits = customer.customer_phone.slice(3);
    expect(result).toEqual({
      coupon_code: code.coupon_code,
      coupon_status: 'given',
      campaign: {
        _id: campaign._id,
        campaign_name: campaign.campaign_name,
        campaign_name_en: campaign.campaign_name_en,
        campaign_type: 'coupon',
        campaign_start_date: campaign.campaign_start_date.toISOString(),
        campaign_end_date: campaign.campaign_end_date.toISOString(),
      },
      holder: {
        masked_name: 'Ay** N** Yı****',
        masked_phone: `0${digits.slice(0, 3)} *** ** ${digits.slice(-2)}`,
      },
      coupon_given_at: code.coupon_given_at!.toISOString(),
      coupon_used_at: null,
      coupon_expires_at: code.coupon_expires_at!.toISOString(),
      hold_expires_at: holdEnds,
    });
    expect(response.body).not.toContain(customer.customer_phone);
    expect(response.body).not.toContain('Ayşe');
    expect(await holdOf(code._id)).toMatchObject({ admin_id: clerk._id, expires_at: new Date(holdEnds) });
  });

  it('refuses a generated code with a wrong check symbol before looking it up, naming coupon_code', async () => {
    const campaign = await newCampaign(mall._id);
    const code = await newCode(campaign);
    const clerk = await newClerk(mall._id);
    for (const [lang, message] of [
      ['en', 'This is not a valid code; please check it and type it again'],
      ['tr', 'Bu kod geçerli bir kod değil; lütfen kontrol edip yeniden yazın'],
    ] as const) {
      const response = await lookUp(clerk, mall._id, campaign._id, mistyped(code.coupon_code), lang);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'COUPON_CODE_MALFORMED',
        message,
        fields: { coupon_code: expect.any(String) },
      });
    }
    // An imported code has no check symbol: any well-formed text is looked up.
    const imported = await newCampaign(mall._id, 'code');
    const missing = await lookUp(clerk, mall._id, imported._id, mistyped(code.coupon_code));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('COUPON_CODE_NOT_FOUND');
    // Bad characters are the schema's 400.
    const bad = await lookUp(clerk, mall._id, campaign._id, 'ab!');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('coupon_code');
  });

  it('says a code is used, not given yet or expired, and answers another mall’s code as a missing one', async () => {
    const campaign = await newCampaign(mall._id);
    const clerk = await newClerk(mall._id);
    const refusal = async (code: string, campaignId = campaign._id, mallId = mall._id) => {
      const response = await lookUp(clerk, mallId, campaignId, code);
      return { status: response.statusCode, body: response.json() };
    };
    const used = await newCode(campaign, { status: 'used' });
    expect(await refusal(used.coupon_code)).toMatchObject({
      status: 409,
      body: { code: 'COUPON_CODE_USED', message: 'This code has already been used' },
    });
    const ready = await newCode(campaign, { status: 'ready' });
    expect(await refusal(ready.coupon_code)).toMatchObject({
      status: 409,
      body: { code: 'COUPON_CODE_NOT_GIVEN' },
    });
    const notUsed = await newCode(campaign, { status: 'not_used' });
    expect(await refusal(notUsed.coupon_code)).toMatchObject({
      status: 409,
      body: { code: 'COUPON_CODE_EXPIRED' },
    });
    const pastExpiry = await newCode(campaign, { expiresAt: new Date(Date.now() - 1000) });
    expect(await refusal(pastExpiry.coupon_code)).toMatchObject({
      status: 409,
      body: { code: 'COUPON_CODE_EXPIRED' },
    });
    const ended = await newCampaign(mall._id, 'coupon', {
      start: new Date(Date.now() - 3 * DAY_MS),
      end: new Date(Date.now() - 1000),
    });
    const ofEnded = await newCode(ended, { expiresAt: null });
    expect(await refusal(ofEnded.coupon_code, ended._id)).toMatchObject({
      status: 409,
      body: { code: 'COUPON_CODE_EXPIRED' },
    });
    // None of them is held.
    for (const code of [used, ready, notUsed, pastExpiry, ofEnded])
      expect(await holdOf(code._id)).toBeUndefined();

    // Missing, of another campaign of the mall, of another mall: the same answer.
    const otherCampaign = await newCampaign(mall._id);
    const ofOtherCampaign = await newCode(otherCampaign);
    const otherMall = await ctx.newLocation();
    const foreign = await newCode(await newCampaign(otherMall._id));
    // A well-formed generated code that is nowhere.
    const generatedMissing = await refusal(generateCouponCode(randomBytes));
    const answers = [
      generatedMissing,
      await refusal(ofOtherCampaign.coupon_code),
      await refusal(foreign.coupon_code),
    ];
    for (const answer of answers)
      expect(answer).toEqual({
        status: 404,
        body: { statusCode: 404, code: 'COUPON_CODE_NOT_FOUND', message: 'This campaign has no such code' },
      });
    // Another mall's campaign is not one the clerk can pick.
    const foreignCampaign = await refusal(foreign.coupon_code, foreign.campaign_id);
    expect(foreignCampaign).toMatchObject({ status: 404, body: { code: 'CAMPAIGN_NOT_FOUND' } });
    // And the other mall's staff, through their own mall, get the same 404 for this mall's code.
    const theirClerk = await newClerk(otherMall._id);
    const theirs = await lookUp(theirClerk, otherMall._id, campaign._id, used.coupon_code);
    expect(theirs.statusCode).toBe(404);
  });
});

describe('the hold', () => {
  it('keeps a second clerk off a held code until the first releases it; the first may look again', async () => {
    const campaign = await newCampaign(mall._id);
    const code = await newCode(campaign);
    const first = await newClerk(mall._id);
    const second = await newClerk(mall._id);
    const c = code.coupon_code;
    expect((await lookUp(first, mall._id, campaign._id, c)).statusCode).toBe(200);
    const held = await lookUp(second, mall._id, campaign._id, c, 'tr');
    expect(held.statusCode).toBe(409);
    expect(held.json()).toMatchObject({
      code: 'COUPON_CODE_HELD',
      message: 'Bu kod şu anda başka bir kasada işlemde; lütfen biraz sonra tekrar deneyin',
    });
    // The second clerk can neither send the holder a code nor redeem it.
    expect((await sendOtp(second, mall._id, campaign._id, c)).json().code).toBe('COUPON_CODE_NOT_HELD');
    const notHeld = await redeem(second, mall._id, campaign._id, c, '1234');
    expect(notHeld.statusCode).toBe(409);
    expect(notHeld.json().code).toBe('COUPON_CODE_NOT_HELD');
    // The first looks again a minute later: the hold is renewed from then.
    advance(60);
    const again = await lookUp(first, mall._id, campaign._id, c);
    expect(again.statusCode).toBe(200);
    expect(again.json().hold_expires_at).toBe(
      new Date(Date.now() + CODE_VALIDATION_RULES.holdSeconds * 1000).toISOString(),
    );
    // Releasing another clerk's hold does nothing; the holder's own release frees the code.
    expect((await release(second, mall._id, campaign._id, c)).statusCode).toBe(204);
    expect((await lookUp(second, mall._id, campaign._id, c)).statusCode).toBe(409);
    expect((await release(first, mall._id, campaign._id, c)).statusCode).toBe(204);
    expect(await holdOf(code._id)).toBeUndefined();
    expect((await lookUp(second, mall._id, campaign._id, c)).statusCode).toBe(200);
    expect((await lookUp(first, mall._id, campaign._id, c)).json().code).toBe('COUPON_CODE_HELD');
    // Releasing a code that is not held, again, is fine; an unknown code is not.
    expect((await release(first, mall._id, campaign._id, c)).statusCode).toBe(204);
    const unknown = await release(first, mall._id, (await newCampaign(mall._id, 'code'))._id, 'NOSUCHCODE');
    expect(unknown.statusCode).toBe(404);
  });

  it('runs out after holdSeconds: another clerk may take the code, and the first can no longer use it', async () => {
    const campaign = await newCampaign(mall._id);
    const code = await newCode(campaign);
    const first = await newClerk(mall._id);
    const second = await newClerk(mall._id);
    const c = code.coupon_code;
    expect((await lookUp(first, mall._id, campaign._id, c)).statusCode).toBe(200);
    advance(CODE_VALIDATION_RULES.holdSeconds - 1);
    expect((await lookUp(second, mall._id, campaign._id, c)).statusCode).toBe(409);
    advance(1);
    expect((await sendOtp(first, mall._id, campaign._id, c)).json().code).toBe('COUPON_CODE_NOT_HELD');
    expect((await lookUp(second, mall._id, campaign._id, c)).statusCode).toBe(200);
    expect(await holdOf(code._id)).toMatchObject({ admin_id: second._id });
    // A hold set to have ended in the database counts as ended too.
    await ctx.database.db
      .update(couponCodeHolds)
      .set({ expires_at: new Date(Date.now() - 1) })
      .where(eq(couponCodeHolds.coupon_code_id, code._id));
    expect((await sendOtp(second, mall._id, campaign._id, c)).json().code).toBe('COUPON_CODE_NOT_HELD');
    expect((await lookUp(first, mall._id, campaign._id, c)).statusCode).toBe(200);
  });
});

describe('sending the holder a code and redeeming', () => {
  it('sends the code to the holder’s phone on file and redeems once with it, audited with the clerk', async () => {
    const campaign = await newCampaign(mall._id);
    const code = await newCode(campaign);
    const phone = code.customer!.customer_phone;
    const clerk = await newClerk(mall._id);
    const c = code.coupon_code;
    // No hold yet.
    expect((await sendOtp(clerk, mall._id, campaign._id, c)).json().code).toBe('COUPON_CODE_NOT_HELD');
    expect(await smsTo(phone)).toHaveLength(0);
    expect((await lookUp(clerk, mall._id, campaign._id, c)).statusCode).toBe(200);

    // A phone the clerk was told that is not the holder's.
    const mismatch = await sendOtp(clerk, mall._id, campaign._id, c, '0532 999 99 99');
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({
      code: 'COUPON_HOLDER_PHONE_MISMATCH',
      fields: { customer_phone: 'This is not the code holder’s number' },
    });
    expect(await smsTo(phone)).toHaveLength(0);

    const digits = phone.slice(3);
    const sent = await sendOtp(clerk, mall._id, campaign._id, c, `0${digits}`);
    expect(sent.statusCode, sent.body).toBe(200);
    const otp = codeValidationOtpResult.parse(sent.json());
    expect(otp.masked_phone).toBe(`0${digits.slice(0, 3)} *** ** ${digits.slice(-2)}`);
    expect(Date.parse(otp.expires_at)).toBe(Date.now() + 300_000);
    const messages = await smsTo(phone);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.text).toMatch(/kupon kullanım onay kodunuz: \d{4}\. Kod 5 dakika geçerlidir/);
    // Asked again within the resend wait: nothing sent, the same countdown.
    const again = await sendOtp(clerk, mall._id, campaign._id, c);
    expect(again.json()).toEqual(otp);
    expect(await smsTo(phone)).toHaveLength(1);

    const right = await lastOtp(phone);
    const wrong = String((Number(right) + 1) % 10_000).padStart(4, '0');
    const refused = await redeem(clerk, mall._id, campaign._id, c, wrong);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'SMS_CODE_INVALID',
      fields: { otp_code: expect.any(String) },
    });
    expect((await codeRow(code._id)).coupon_status).toBe('given');

    const redeemed = await redeem(clerk, mall._id, campaign._id, c, right);
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    const usedAt = new Date().toISOString();
    expect(redeemed.json()).toEqual({ coupon_code: c, coupon_status: 'used', coupon_used_at: usedAt });
    expect(await codeRow(code._id)).toMatchObject({
      coupon_status: 'used',
      coupon_used_at: new Date(usedAt),
      coupon_used_by: clerk._id,
    });
    expect(await holdOf(code._id)).toBeUndefined();
    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'coupon.redeemed'), eq(auditLog.entity_id, code._id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actor_admin_id: clerk._id,
      location_id: mall._id,
      entity_type: 'coupon_code',
      client_address: clerk.ip,
      details: { campaign_id: campaign._id, coupon_code: c, customer_id: code.customer_id },
    });

    // Once only: the same code again, by the same code or a new lookup.
    expect((await redeem(clerk, mall._id, campaign._id, c, right)).json().code).toBe('COUPON_CODE_USED');
    expect((await lookUp(clerk, mall._id, campaign._id, c)).json().code).toBe('COUPON_CODE_USED');
  });

  it('counts wrong codes like the sign-in does: five spend the code', async () => {
    const campaign = await newCampaign(mall._id);
    const code = await newCode(campaign);
    const phone = code.customer!.customer_phone;
    const clerk = await newClerk(mall._id);
    const c = code.coupon_code;
    await lookUp(clerk, mall._id, campaign._id, c);
    expect((await sendOtp(clerk, mall._id, campaign._id, c)).statusCode).toBe(200);
    const right = await lastOtp(phone);
    const wrong = String((Number(right) + 1) % 10_000).padStart(4, '0');
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await redeem(clerk, mall._id, campaign._id, c, wrong)).json());
    expect(answers.map((answer) => answer.code)).toEqual([
      'SMS_CODE_INVALID',
      'SMS_CODE_INVALID',
      'SMS_CODE_INVALID',
      'SMS_CODE_INVALID',
      'SMS_CODE_SPENT',
    ]);
    expect(answers[0].params ?? answers[0].message).toBeTruthy();
    const late = await redeem(clerk, mall._id, campaign._id, c, right);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ code: 'SMS_CODE_SPENT', fields: { otp_code: expect.any(String) } });
    expect((await codeRow(code._id)).coupon_status).toBe('given');
  });

  it('sends nothing to a holder whose phone on file is not a mobile number of the allowed countries', async () => {
    const campaign = await newCampaign(mall._id);
    const landline = await newCustomer(mall._id, 'Mehmet', 'Demir', '+902122223344');
    const code = await newCode(campaign, { customerId: landline._id });
    const clerk = await newClerk(mall._id);
    expect((await lookUp(clerk, mall._id, campaign._id, code.coupon_code)).statusCode).toBe(200);
    const refused = await sendOtp(clerk, mall._id, campaign._id, code.coupon_code);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('PHONE_NOT_ALLOWED');
    expect(await smsTo(landline.customer_phone)).toHaveLength(0);
  });

  it('keeps redemption codes and sign-in codes apart', async () => {
    const campaign = await newCampaign(mall._id);
    const code = await newCode(campaign);
    const phone = code.customer!.customer_phone;
    const clerk = await newClerk(mall._id);
    const c = code.coupon_code;
    await lookUp(clerk, mall._id, campaign._id, c);
    await sendOtp(clerk, mall._id, campaign._id, c);
    const redemptionCode = await lastOtp(phone);
    // The code read out at the till does not sign anyone in on the micro-site.
    const [row] = await ctx.database.db
      .select({ token: locations.location_token })
      .from(locations)
      .where(eq(locations._id, mall._id));
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/ext/customers/login',
      headers: { authorization: `Bearer ${row!.token}`, 'accept-language': 'en' },
      remoteAddress: '192.0.2.200',
      payload: { customer_phone: phone, sms_code: redemptionCode },
    });
    expect(login.statusCode).toBe(400);
    expect(login.json().code).toBe('SMS_CODE_EXPIRED');
    // And a sign-in code asked for meanwhile replaces it: the redemption needs a new one.
    const check = await ctx.app.inject({
      method: 'POST',
      url: '/api/ext/customers/check',
      headers: { authorization: `Bearer ${row!.token}`, 'accept-language': 'en' },
      remoteAddress: '192.0.2.200',
      payload: { customer_phone: phone },
    });
    expect(check.statusCode, check.body).toBe(200);
    const signInCode = await lastOtp(phone);
    const refused = await redeem(clerk, mall._id, campaign._id, c, signInCode);
    expect(refused.json()).toMatchObject({
      code: 'SMS_CODE_EXPIRED',
      fields: { otp_code: expect.any(String) },
    });
    expect((await sendOtp(clerk, mall._id, campaign._id, c)).statusCode).toBe(200);
    expect((await redeem(clerk, mall._id, campaign._id, c, await lastOtp(phone))).statusCode).toBe(200);
  });
});

describe('the lookup limit', () => {
  it('allows lookupsPerMinutePerUser lookups in a sliding minute, then 429 with the seconds to wait', async () => {
    // At 10 s into a clock minute.
    vi.setSystemTime(Math.ceil(Date.now() / 60_000) * 60_000 + 10_000);
    const campaign = await newCampaign(mall._id, 'code');
    const clerk = await newClerk(mall._id);
    const limit = CODE_VALIDATION_RULES.lookupsPerMinutePerUser;
    for (let i = 0; i < limit; i++) {
      const response = await lookUp(clerk, mall._id, campaign._id, `MISSING${i}`);
      expect(response.json().code).toBe('COUPON_CODE_NOT_FOUND');
    }
    const refused = await lookUp(clerk, mall._id, campaign._id, 'MISSINGX');
    expect(refused.statusCode).toBe(429);
    // Now 31 in this minute: the count falls to 30 one sixty-first into the next (50 s + 2 s).
    expect(refused.json()).toMatchObject({
      code: 'COUPON_LOOKUP_LIMIT',
      message: 'Too many codes were looked up; please try again in 52 seconds',
    });
    expect(refused.headers['retry-after']).toBe('52');
    // The same user from another address is refused too; another user from another address is not.
    const elsewhere = await lookUp({ ...clerk, ip: '192.0.2.77' }, mall._id, campaign._id, 'MISSINGY');
    expect(elsewhere.statusCode).toBe(429);
    const colleague = await newClerk(mall._id);
    expect((await lookUp(colleague, mall._id, campaign._id, 'MISSINGZ')).statusCode).toBe(404);
    // In the next minute the last one still weighs: 30 seconds in, half of the 32 counted.
    advance(80);
    expect((await lookUp(clerk, mall._id, campaign._id, 'MISSINGW')).statusCode).toBe(404);
    // Two minutes on the window is empty.
    advance(120);
    for (let i = 0; i < limit; i++)
      expect((await lookUp(clerk, mall._id, campaign._id, `LATER${i}`)).statusCode).toBe(404);
  });

  it('counts lookups per client address across users', async () => {
    const campaign = await newCampaign(mall._id, 'code');
    const ip = '192.0.2.99';
    const limit = CODE_VALIDATION_RULES.lookupsPerMinutePerAddress;
    const clerks = [await newClerk(mall._id), await newClerk(mall._id)].map((clerk) => ({ ...clerk, ip }));
    for (let i = 0; i < limit; i++)
      expect((await lookUp(clerks[i % 2]!, mall._id, campaign._id, `ADDR${i}`)).statusCode).toBe(404);
    const refused = await lookUp(clerks[0]!, mall._id, campaign._id, 'ADDRX');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('COUPON_LOOKUP_LIMIT');
    advance(180);
  });
});
