import { smsCodeRules } from '@avlu/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testConfig, useTestApp } from '../../../test/helper';
import { auditLog } from '../audit/audit.tables';
import { customerConsentEvents, customers } from '../customers/customers.tables';
import { eraseDeletedCustomers } from '../customers/retention';
import { microSiteFixtures, type TestMall } from './micro-site.fixtures';

// The per-address cap has its own tests (sms-limits.test.ts); here every call comes from one address.
const ctx = useTestApp({ config: { sms: { ...testConfig().sms, codesPerAddressPerHour: 100_000 } } });
const { nextPhone, e164, newMall, call, smsTo, lastCode, wrongCode } = microSiteFixtures(ctx);

let mall: TestMall;
let otherMall: TestMall;

// The clock is Date only (the database and timers run as usual): codes expire, locks end and
// waits pass by moving it, never by sleeping.
const advance = (seconds: number) => vi.setSystemTime(Date.now() + seconds * 1000);
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date());
  mall = await newMall('Avlu Bench AVM');
  otherMall = await newMall();
});
afterAll(() => {
  vi.useRealTimers();
});

const check = (phone: string, options: { lang?: string; path?: string; mall?: TestMall } = {}) =>
  call('POST', options.path ?? '/ext/customers/check', { customer_phone: phone }, { mall, ...options });
const login = (phone: string, code: string, options: { mall?: TestMall; lang?: string } = {}) =>
  call('POST', '/ext/customers/login', { customer_phone: phone, sms_code: code }, { mall, ...options });
const registration = (phone: string, code: string, extra: object = {}) => ({
  customer_phone: phone,
  sms_code: code,
  customer_name: 'Elif',
  customer_surname: 'Şahin',
  customer_birthdate: '1994-08-21',
  customer_gender: 'female',
  customer_email: '',
  customer_province: '',
  customer_district: '',
  customer_locality: '',
  customer_accepts_kvkk: true,
  customer_allows_permissions: false,
  customer_allows_sms: false,
  customer_allows_email: false,
  customer_allows_call: false,
  ...extra,
});
const register = (body: object, options: { mall?: TestMall; lang?: string } = {}) =>
  call('POST', '/ext/customers/register', body, { mall, ...options });

/** A registered customer of the mall, signed in: the session the micro-site keeps. */
const signedUp = async (target: TestMall = mall, extra: object = {}) => {
  const phone = nextPhone();
  expect((await check(phone, { mall: target })).statusCode).toBe(200);
  const response = await register(registration(phone, await lastCode(phone), extra), { mall: target });
  expect(response.statusCode, response.body).toBe(201);
  advance(smsCodeRules.resendSeconds + 1);
  return { phone, session: response.json() };
};

describe('GET /api/ext/location', () => {
  it('answers the mall of the token, and 401 LOCATION_TOKEN_INVALID without a valid one', async () => {
    const response = await call('GET', '/ext/location', undefined, { mall });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      _id: mall._id,
      location_name: 'Avlu Bench AVM',
      location_logo: { thumbnail: null },
      hasMobileApp: false,
    });
    const staff = await ctx.systemAdmin();
    for (const bearer of [null, 'garbage', 'A'.repeat(43), staff.token]) {
      const refused = await call('GET', '/ext/location', undefined, { mall, bearer, lang: 'en' });
      expect(refused.statusCode, String(bearer)).toBe(401);
      expect(refused.json()).toMatchObject({
        code: 'LOCATION_TOKEN_INVALID',
        message: 'This micro-site address is not valid',
      });
    }
  });
});

describe('POST /api/ext/customers/check', () => {
  it('sends a 4-digit code naming the mall, in the request’s language, and says the phone is new', async () => {
    const phone = nextPhone();
    const sentAt = Date.now();
    const response = await check(phone);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      registered: false,
      customer_phone: e164(phone),
      resend_at: new Date(sentAt + 180_000).toISOString(),
      expires_at: new Date(sentAt + 300_000).toISOString(),
    });
    const [sms] = await smsTo(phone);
    expect(sms?.text).toMatch(/^Avlu Bench AVM giriş kodunuz: \d{4}\. Kod 5 dakika geçerlidir\.$/);

    const english = nextPhone();
    await check(english, { lang: 'en' });
    expect((await smsTo(english))[0]?.text).toMatch(
      /^Your Avlu Bench AVM sign-in code: \d{4}\. The code is valid for 5 minutes\.$/,
    );
  });

  it('sends nothing within the resend wait and answers the same countdown; after it, a new code replaces the old', async () => {
    const phone = nextPhone();
    const first = (await check(phone)).json();
    const code = await lastCode(phone);
    advance(100);
    for (const path of ['/ext/customers/check', '/ext/customers/sms-resend']) {
      const again = await check(phone, { path });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first);
    }
    expect(await smsTo(phone)).toHaveLength(1);
    advance(81);
    const resent = await check(phone, { path: '/ext/customers/sms-resend' });
    expect(resent.statusCode).toBe(200);
    expect(resent.json().resend_at).not.toBe(first.resend_at);
    expect(await smsTo(phone)).toHaveLength(2);
    const newCode = await lastCode(phone);
    if (newCode !== code) {
      // The replaced code is refused (as a wrong try).
      expect((await login(phone, code)).json().code).toBe('SMS_CODE_INVALID');
    }
    expect((await register(registration(phone, newCode))).statusCode).toBe(201);
  });

  it('refuses numbers that are not mobiles of the allowed countries, sending nothing', async () => {
    for (const [phone, lang, message] of [
      ['+49 1512 3456789', 'en', 'Only mobile numbers from Türkiye can sign in'],
      ['0212 345 67 89', 'tr', 'Yalnızca Türkiye cep telefonu numaralarıyla giriş yapılabilir'],
    ] as const) {
      const response = await check(phone, { lang });
      expect(response.statusCode, phone).toBe(400);
      expect(response.json()).toMatchObject({ code: 'PHONE_NOT_ALLOWED', message });
      expect(Object.keys(response.json().fields)).toEqual(['customer_phone']);
      expect(await smsTo(phone)).toHaveLength(0);
    }
    const malformed = await check('12');
    expect(malformed.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { customer_phone: expect.any(String) },
    });
  });
});

describe('POST /api/ext/customers/login and /register', () => {
  it('answers 404 CUSTOMER_NOT_REGISTERED for a new phone and leaves the code for the registration', async () => {
    const phone = nextPhone();
    await check(phone);
    const code = await lastCode(phone);
    const response = await login(phone, code, { lang: 'en' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      code: 'CUSTOMER_NOT_REGISTERED',
      message: 'Customer not registered, please register first',
    });
    const registered = await register(registration(phone, code, { customer_allows_permissions: true }));
    expect(registered.statusCode).toBe(201);
    const session = registered.json();
    expect(session.mobileToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session.customer).toMatchObject({
      customer_phone: e164(phone),
      customer_name: 'Elif',
      customer_email: null,
      customer_province: null,
      customer_sms_permission: true,
      customer_email_permission: true,
      customer_call_permission: true,
      customer_kvkk_permission: true,
      customer_deletedAt: null,
    });
    // No channel: the micro-site is not a desk channel.
    const [row] = await ctx.database.db
      .select()
      .from(customers)
      .where(eq(customers._id, session.customer._id));
    expect(row?.channel_id).toBeNull();
    // Consents in the history with source micro-site, the address and the KVKK text's version.
    const events = await ctx.database.db
      .select()
      .from(customerConsentEvents)
      .where(eq(customerConsentEvents.customer_id, session.customer._id));
    expect(events.map((event) => event.channel).sort()).toEqual(['call', 'email', 'kvkk', 'sms']);
    for (const event of events)
      expect(event).toMatchObject({
        granted: true,
        source: 'micro-site',
        client_address: '127.0.0.1',
        agreement_version: '2026-11',
        staff_admin_id: null,
      });
    // The code was spent by the registration.
    const reused = await login(phone, code);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({
      code: 'SMS_CODE_EXPIRED',
      fields: { sms_code: expect.any(String) },
    });
  });

  it('signs a registered customer in with a new code', async () => {
    const { phone, session } = await signedUp();
    await check(phone);
    const response = await login(phone, await lastCode(phone));
    expect(response.statusCode).toBe(200);
    expect(response.json().customer._id).toBe(session.customer._id);
    expect(response.json().mobileToken).not.toBe(session.mobileToken);
    const checked = await check(phone);
    expect(checked.json().registered).toBe(true);
  });
});
