import { smsCodeRules } from '@avlu/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testConfig, useTestApp } from '../../../test/helper';
import { auditLog } from '../audit/audit.tables';
import { customerConsentEvents, customers } from '../customers/customers.tables';
import { eraseDeletedCustomers } from '../customers/retention';
import { microSiteFixtures, type TestMall } from './micro-site.fixtures';

// The per-address cap has its own tests (sms-limits.test.ts); here every call comes from one address.
// Every call comes from one address and every number from one range: the address, network, range and
// wrong-code limits (sms-limits.test.ts) are out of the way here.
const ctx = useTestApp({
  config: {
    sms: {
      ...testConfig().sms,
      codesPerAddressPerHour: 100_000,
      codesPerNetworkPerHour: 100_000,
      codesPerPrefixPerHour: 100_000,
      failedCodesPerAddressPerHour: 100_000,
      failedCodesPerNetworkPerHour: 100_000,
    },
  },
});
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

const check = (phone: string, options: { lang?: string; path?: string; mall?: TestMall; ip?: string } = {}) =>
  call('POST', options.path ?? '/ext/customers/check', { customer_phone: phone }, { mall, ...options });
const login = (phone: string, code: string, options: { mall?: TestMall; lang?: string; ip?: string } = {}) =>
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
  expect(response.json().reactivated).toBe(false);
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
      location_meta: { timezone: 'Europe/Istanbul' },
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
  it('sends a 4-digit code naming the mall, in the request’s language', async () => {
    const phone = nextPhone();
    const sentAt = Date.now();
    const response = await check(phone);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
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
    const signIns = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity_id, session.customer._id), eq(auditLog.action, 'customer.signed_in')));
    expect(signIns).toHaveLength(1);
    expect(signIns[0]).toMatchObject({ location_id: mall._id, details: { source: 'micro-site' } });
  });
  it('lets the next sign-in ask for a code at once after a code was used', async () => {
    const phone = nextPhone();
    await check(phone);
    const response = await register(registration(phone, await lastCode(phone)));
    expect(response.statusCode).toBe(201);
    // No clock moved: the used code's resend wait is over, so a new code goes out now.
    const again = await check(phone);
    expect(again.statusCode).toBe(200);
    expect(await smsTo(phone)).toHaveLength(2);
    expect((await login(phone, await lastCode(phone))).statusCode).toBe(200);
  });
});

describe('the code rules', () => {
  it('refuses an expired code after 5 minutes', async () => {
    const phone = nextPhone();
    await check(phone);
    advance(smsCodeRules.validSeconds);
    const response = await register(registration(phone, await lastCode(phone)), { lang: 'en' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'SMS_CODE_EXPIRED',
      message: 'The verification code has expired; please ask for a new one',
      fields: { sms_code: 'The code has expired; ask for a new one' },
    });
  });

  it('counts wrong tries, says how many are left, and spends the code at the fifth', async () => {
    const phone = nextPhone();
    await check(phone);
    const wrong = await wrongCode(phone);
    for (const remaining of [4, 3, 2, 1]) {
      const response = await login(phone, wrong, { lang: 'en' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'SMS_CODE_INVALID',
        message: `The verification code is wrong; ${remaining} tries left`,
        fields: { sms_code: 'The code is wrong' },
      });
    }
    expect((await login(phone, wrong)).json()).toMatchObject({
      code: 'SMS_CODE_SPENT',
      message: 'Bu kod için çok fazla hatalı deneme yapıldı; lütfen yeni bir kod isteyin',
      fields: { sms_code: expect.any(String) },
    });
    // Even the right code is refused now.
    const right = await register(registration(phone, await lastCode(phone)));
    expect(right.json().code).toBe('SMS_CODE_SPENT');
    expect(
      await ctx.database.db
        .select()
        .from(customers)
        .where(eq(customers.customer_phone, e164(phone))),
    ).toEqual([]);
  });

  it('locks the phone for the guessing network for 24 hours after 10 wrong tries in a row across codes', async () => {
    const phone = nextPhone();
    await check(phone);
    for (let i = 0; i < smsCodeRules.triesPerCode; i++) await login(phone, await wrongCode(phone));
    advance(smsCodeRules.resendSeconds);
    expect((await check(phone)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++)
      expect((await login(phone, await wrongCode(phone))).json().code).toBe('SMS_CODE_INVALID');
    const tenth = await login(phone, await wrongCode(phone), { lang: 'en' });
    expect(tenth.statusCode).toBe(429);
    expect(tenth.json()).toMatchObject({
      code: 'PHONE_LOCKED',
      message: 'Too many wrong tries: this number is locked for 24 hours',
      fields: { sms_code: expect.any(String) },
    });
    // Neither a code nor a sign-in while locked; the check names the phone.
    const right = await login(phone, await lastCode(phone));
    expect(right.json().code).toBe('PHONE_LOCKED');
    advance(3600);
    const asked = await check(phone);
    expect(asked.statusCode).toBe(429);
    expect(asked.json()).toMatchObject({
      code: 'PHONE_LOCKED',
      message: 'Çok fazla hatalı deneme yapıldığı için bu numara 23 saat kilitlendi',
      fields: { customer_phone: expect.any(String) },
    });
    expect(Number(asked.headers['retry-after'])).toBe(23 * 3600);
    expect(await smsTo(phone)).toHaveLength(2);
    advance(23 * 3600);
    expect((await check(phone)).statusCode).toBe(200);
    expect((await register(registration(phone, await lastCode(phone)))).statusCode).toBe(201);
  });

  it('locks only the guessing network, so the customer still signs in; 20 in a row from all networks lock the phone', async () => {
    const own = await newMall();
    const { phone } = await signedUp(own);
    const home = { mall: own, ip: '203.0.113.50' };
    // A new code every 12 minutes keeps within the phone's 5 codes an hour.
    const newCode = async () => {
      advance(720);
      expect((await check(phone, home)).statusCode).toBe(200);
    };
    const guess = async (ip: string, count: number) => {
      const answers: string[] = [];
      for (let i = 0; i < count; i++) {
        if (i % smsCodeRules.triesPerCode === 0) await newCode();
        answers.push((await login(phone, await wrongCode(phone), { mall: own, ip })).json().code);
      }
      return answers;
    };
    // One network: the 10th wrong code in a row locks the phone for it, also for sending.
    const first = await guess('198.51.100.7', smsCodeRules.failuresBeforeLock);
    expect(first.slice(0, -1)).not.toContain('PHONE_LOCKED');
    expect(first.at(-1)).toBe('PHONE_LOCKED');
    advance(720);
    expect((await check(phone, { mall: own, ip: '198.51.100.99' })).json().code).toBe('PHONE_LOCKED');
    // The customer, on their own network, gets a code and signs in; that ends the phone-wide streak.
    expect((await check(phone, home)).statusCode).toBe(200);
    expect((await login(phone, await lastCode(phone), home)).statusCode).toBe(200);
    // 9 from each of two more networks, then the 20th wrong code in a row locks the phone for everyone.
    await guess('192.0.2.10', smsCodeRules.failuresBeforeLock - 1);
    await guess('100.64.0.10', smsCodeRules.failuresBeforeLock - 1);
    const last = await guess(
      '172.16.5.5',
      smsCodeRules.failuresBeforePhoneLock - 2 * (smsCodeRules.failuresBeforeLock - 1),
    );
    expect(last).toEqual(['SMS_CODE_INVALID', 'PHONE_LOCKED']);
    advance(720);
    const owner = await check(phone, home);
    expect(owner.statusCode).toBe(429);
    expect(owner.json().code).toBe('PHONE_LOCKED');
  });

  it('starts the streak over after a right code', async () => {
    const { phone } = await signedUp();
    await check(phone);
    for (let i = 0; i < smsCodeRules.triesPerCode; i++) await login(phone, await wrongCode(phone));
    advance(smsCodeRules.resendSeconds);
    await check(phone);
    for (let i = 0; i < 4; i++) await login(phone, await wrongCode(phone));
    expect((await login(phone, await lastCode(phone))).statusCode).toBe(200);
    advance(smsCodeRules.resendSeconds);
    await check(phone);
    for (let i = 0; i < smsCodeRules.triesPerCode; i++)
      expect((await login(phone, await wrongCode(phone))).statusCode).toBe(400);
    advance(smsCodeRules.resendSeconds);
    expect((await check(phone)).statusCode).toBe(200);
  });

  it('sends at most 5 codes to a phone an hour and 10 a day', async () => {
    const phone = nextPhone();
    const sendAll = async (count: number) => {
      for (let i = 0; i < count; i++) {
        expect((await check(phone)).statusCode).toBe(200);
        advance(smsCodeRules.resendSeconds);
      }
    };
    await sendAll(5); // 0 … 720 s
    const sixth = await check(phone, { lang: 'en' });
    expect(sixth.statusCode).toBe(429);
    // The first of the hour's codes went 900 s ago: 2700 s to wait.
    expect(sixth.json()).toMatchObject({
      code: 'SMS_HOURLY_LIMIT',
      message: 'At most 5 codes an hour can be sent to this number; try again in 45 minutes',
      fields: { customer_phone: expect.any(String) },
    });
    expect(sixth.headers['retry-after']).toBe('2700');
    expect(await smsTo(phone)).toHaveLength(5);
    advance(2700);
    await sendAll(5);
    advance(3600);
    const eleventh = await check(phone);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toMatchObject({
      code: 'SMS_DAILY_LIMIT',
      message: expect.stringMatching(
        /^Bu numaraya bir gün içinde en fazla 10 kod gönderilebilir; 22 saat sonra/,
      ),
    });
    expect(await smsTo(phone)).toHaveLength(10);
    // The day's first code went at 0 s, now is 8100 s.
    expect(eleventh.headers['retry-after']).toBe(String(86_400 - 8100));
    advance(86_400 - 8100 - 1);
    expect((await check(phone)).statusCode).toBe(429);
    advance(1);
    expect((await check(phone)).statusCode).toBe(200);
  });
});

describe('registration', () => {
  it.each([
    ['KVKK not accepted', { customer_accepts_kvkk: false }, 'customer_accepts_kvkk'],
    ['KVKK left out', { customer_accepts_kvkk: undefined }, 'customer_accepts_kvkk'],
    ['a bad plate', { customer_vehicle_plate: '99 ABC 1' }, 'customer_vehicle_plate'],
    ['a bad email', { customer_email: 'elif@' }, 'customer_email'],
    ['no name', { customer_name: '' }, 'customer_name'],
  ])('refuses %s with 400 naming the field, saves nothing and keeps the code', async (_, extra, field) => {
    const phone = nextPhone();
    await check(phone);
    const code = await lastCode(phone);
    const response = await register(registration(phone, code, extra));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(Object.keys(response.json().fields)).toEqual([field]);
    expect(
      await ctx.database.db
        .select()
        .from(customers)
        .where(eq(customers.customer_phone, e164(phone))),
    ).toEqual([]);
    expect(
      (await register(registration(phone, code, { customer_vehicle_plate: '34 ABC 123' }))).statusCode,
    ).toBe(201);
  });

  it('answers 409 CUSTOMER_EXISTS for a customer of the mall, and registers the same phone at another mall', async () => {
    const { phone } = await signedUp();
    await check(phone);
    const code = await lastCode(phone);
    const response = await register(registration(phone, code));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'CUSTOMER_EXISTS',
      fields: { customer_phone: expect.any(String) },
    });
    // The code stays: it signs in instead; a code is the phone's, whatever the mall (see sms-codes.service.ts).
    expect((await register(registration(phone, code), { mall: otherMall })).statusCode).toBe(201);
  });
});

describe('the signed-in customer', () => {
  it('reads and updates the profile; consents go to the history with source micro-site', async () => {
    const { session } = await signedUp();
    const profile = await call('GET', '/ext/app/customers/profile', undefined, { mall, session });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toEqual(session.customer);
    const update = {
      customer_name: 'Elif Su',
      customer_surname: 'Şahin',
      customer_birthdate: '1994-08-21',
      customer_gender: 'female',
      customer_email: 'elif@example.com',
      customer_province: 'İstanbul',
      customer_vehicle_plate: '34 ABC 123',
      customer_allows_permissions: true,
    };
    const updated = await call('POST', '/ext/app/customers/profile', update, { mall, session });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      customer_name: 'Elif Su',
      customer_email: 'elif@example.com',
      customer_vehicle_plate: '34ABC123',
      customer_sms_permission: true,
      customer_email_permission: true,
      customer_call_permission: true,
    });
    const revoked = await call(
      'POST',
      '/ext/app/customers/profile',
      { ...update, customer_allows_permissions: undefined, customer_allows_email: false },
      { mall, session },
    );
    expect(revoked.json()).toMatchObject({ customer_sms_permission: true, customer_email_permission: false });
    const events = await ctx.database.db
      .select()
      .from(customerConsentEvents)
      .where(eq(customerConsentEvents.customer_id, session.customer._id));
    expect(
      events
        .filter((event) => event.channel !== 'kvkk')
        .map((event) => [event.channel, event.granted])
        .sort(),
    ).toEqual([
      ['call', true],
      ['email', false],
      ['email', true],
      ['sms', true],
    ]);
    expect(new Set(events.map((event) => event.source))).toEqual(new Set(['micro-site']));
    const bad = await call(
      'POST',
      '/ext/app/customers/profile',
      { ...update, customer_email: 'x@' },
      { mall, session },
    );
    expect(bad.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { customer_email: expect.any(String) },
    });
  });

  it('logs out: the token stops working', async () => {
    const { session } = await signedUp();
    const out = await call('POST', '/ext/app/customers/logout', undefined, { mall, session });
    expect(out.statusCode).toBe(204);
    const after = await call('GET', '/ext/app/customers/profile', undefined, { mall, session, lang: 'en' });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({
      code: 'CUSTOMER_SESSION_INVALID',
      message: 'Your session has ended; please sign in again',
    });
  });

  it('deletes the account, ending its sessions; signing in within the retention period brings it back', async () => {
    const { phone, session } = await signedUp();
    const deleted = await call('DELETE', '/ext/app/customers/profile', undefined, { mall, session });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().customer_deletedAt).toBe(new Date().toISOString());
    expect((await call('GET', '/ext/app/customers/profile', undefined, { mall, session })).statusCode).toBe(
      401,
    );
    advance((ctx.config.customerRetentionDays - 1) * 86_400);
    await check(phone);
    const back = await login(phone, await lastCode(phone));
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({
      customer: { _id: session.customer._id, customer_deletedAt: null },
      reactivated: true,
    });
    // Only that sign-in brought the account back.
    await check(phone);
    advance(smsCodeRules.resendSeconds + 1);
    const again = await login(phone, await lastCode(phone));
    expect(again.json().reactivated).toBe(false);
    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity_id, session.customer._id), eq(auditLog.action, 'customer.reactivated')));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.location_id).toBe(mall._id);
    // The old session stays ended.
    expect((await call('GET', '/ext/app/customers/profile', undefined, { mall, session })).statusCode).toBe(
      401,
    );
  });

  it('ends the sessions of a customer staff delete, for good: reactivating the customer does not revive them', async () => {
    const { session } = await signedUp();
    const id = session.customer._id;
    // A session of its own: earlier tests moved this file's clock past the shared one's lifetime.
    const headers = await ctx.newSession((await ctx.systemAdmin())._id);
    const staff = (method: 'DELETE' | 'POST', path: string) =>
      ctx.app.inject({ method, url: `/api/customer/profile/${id}${path}?locationId=${mall._id}`, headers });
    expect((await staff('DELETE', '')).statusCode).toBeLessThan(300);
    expect((await staff('POST', '/reactivate')).statusCode).toBe(200);
    const after = await call('GET', '/ext/app/customers/profile', undefined, { mall, session });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('CUSTOMER_SESSION_INVALID');
  });

  it('cannot come back once the retention period is over or the data erased', async () => {
    const { phone, session } = await signedUp();
    await call('DELETE', '/ext/app/customers/profile', undefined, { mall, session });
    advance(ctx.config.customerRetentionDays * 86_400 + 60);
    await check(phone);
    expect((await login(phone, await lastCode(phone))).json().code).toBe('CUSTOMER_NOT_REGISTERED');
    expect(
      await eraseDeletedCustomers(ctx.database.db, ctx.config.customerRetentionDays, new Date()),
    ).toBeGreaterThan(0);
    advance(smsCodeRules.resendSeconds);
    await check(phone);
    expect((await login(phone, await lastCode(phone))).json().code).toBe('CUSTOMER_NOT_REGISTERED');
  });

  it('is refused by another mall’s micro-site, and a customer token opens no staff route', async () => {
    const { session } = await signedUp();
    const elsewhere = await call('GET', '/ext/app/customers/profile', undefined, {
      mall: otherMall,
      session,
    });
    expect(elsewhere.statusCode).toBe(401);
    expect(elsewhere.json().code).toBe('CUSTOMER_SESSION_INVALID');
    // The right mall, a customer id that is not the session's.
    const other = await signedUp();
    const mixed = await call('GET', '/ext/app/customers/profile', undefined, {
      mall,
      session: { mobileToken: session.mobileToken, customer: other.session.customer },
    });
    expect(mixed.statusCode).toBe(401);
    for (const bearer of [mall.token, session.mobileToken]) {
      const staffRoute = await ctx.app.inject({
        url: `/api/customer/profile/${session.customer._id}?locationId=${mall._id}`,
        headers: {
          authorization: `Bearer ${bearer}`,
          'customer-token': session.mobileToken,
          'customer-id': session.customer._id,
        },
      });
      expect(staffRoute.statusCode).toBe(401);
      expect(staffRoute.json().code).toBe('UNAUTHORIZED');
    }
  });

  it('every customer route answers 401 CUSTOMER_SESSION_INVALID without a session, before validating anything', async () => {
    const routes = ctx.app.routeList.filter((route) => route.config?.auth === 'customer');
    expect(routes.length).toBeGreaterThanOrEqual(4);
    const bad: Record<string, string>[] = [
      {},
      { 'customer-token': 'x', 'customer-id': 'y' },
      { 'customer-token': 'A'.repeat(43), 'customer-id': '65a1b2c3d4e5f60718293a4b' },
    ];
    for (const route of routes)
      for (const method of ([] as string[]).concat(route.method).filter((m) => m !== 'HEAD'))
        for (const headers of bad) {
          const response = await call(method as 'GET', route.url.replace(/^\/api/, ''), undefined, {
            mall,
            headers: { ...headers, 'timezone-offset': 'abc' },
          });
          expect(response.statusCode, `${method} ${route.url}`).toBe(401);
          expect(response.json().code).toBe('CUSTOMER_SESSION_INVALID');
        }
  });
});

describe('POST /api/ext/app/agreements', () => {
  it('answers the mall’s KVKK notice, seeded with the mall, to the registration form', async () => {
    const response = await call(
      'POST',
      '/ext/app/agreements',
      { filter: { agreement_type: 'kvkk', agreement_target: 'mobileapp' } },
      { mall },
    );
    expect(response.statusCode).toBe(200);
    const [kvkk, ...rest] = response.json();
    expect(rest).toEqual([]);
    expect(kvkk).toMatchObject({
      agreement_type: 'kvkk',
      agreement_target: 'mobileapp',
      agreement_in_use: true,
      agreement_version: '2026-11',
      agreement_title: 'KVKK Aydınlatma Metni',
    });
    expect(kvkk.agreement_text).toContain('Avlu Bench AVM');
    expect(kvkk.agreement_text).toContain('6698 sayılı');
    const all = await call('POST', '/ext/app/agreements', {}, { mall: otherMall });
    expect(all.json()).toHaveLength(1);
    expect(all.json()[0]._id).not.toBe(kvkk._id);
    const none = await call(
      'POST',
      '/ext/app/agreements',
      { filter: { agreement_type: 'etk_permissions' } },
      { mall },
    );
    expect(none.json()).toEqual([]);
  });
});

describe('the mall’s micro-site token', () => {
  it('a mall made in the back-office starts with its KVKK notice; a renewed token ends the sessions made under the old one', async () => {
    // A fresh staff session: the clock of this file has moved days ahead of the first one.
    const staff = await ctx.newSession((await ctx.systemAdmin())._id);
    const created = await ctx.app.inject({
      headers: staff,
      method: 'POST',
      url: '/api/core/locations',
      payload: { location_name: 'Yeni AVM' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const fresh: TestMall = { ...created.json(), token: created.json().location_token };
    const agreements = await call('POST', '/ext/app/agreements', {}, { mall: fresh });
    expect(agreements.json()).toEqual([
      expect.objectContaining({ agreement_type: 'kvkk', agreement_version: '2026-11' }),
    ]);
    expect(agreements.json()[0].agreement_text).toContain('Yeni AVM');

    const { session } = await signedUp(fresh);
    expect(
      (await call('GET', '/ext/app/customers/profile', undefined, { mall: fresh, session })).statusCode,
    ).toBe(200);
    const renewed = await ctx.app.inject({
      headers: staff,
      method: 'POST',
      url: `/api/core/locations/${fresh._id}/token`,
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const old = await call('GET', '/ext/location', undefined, { mall: fresh });
    expect(old.json().code).toBe('LOCATION_TOKEN_INVALID');
    const withNewToken = await call('GET', '/ext/app/customers/profile', undefined, {
      mall: { ...fresh, token: renewed.json().location_token },
      session,
    });
    expect(withNewToken.statusCode).toBe(401);
    expect(withNewToken.json().code).toBe('CUSTOMER_SESSION_INVALID');
  });
});
