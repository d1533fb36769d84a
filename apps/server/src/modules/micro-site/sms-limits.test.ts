import { smsCodeRules } from '@avlu/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testConfig, useTestApp } from '../../../test/helper';
import { AppError } from '../../platform/errors';
import { microSiteFixtures, type TestMall } from './micro-site.fixtures';
import { smsPhoneStates } from './micro-site.tables';

/**
 * Small limits, to reach them: 3 codes an hour per client address, 6 SMS an hour for the server; no
 * challenge before a budget is spent, no mall budget below the server's, and room for wrong codes
 * (sms-pumping.test.ts tests those).
 */
const ctx = useTestApp({
  config: {
    sms: {
      ...testConfig().sms,
      codesPerAddressPerHour: 3,
      hourlyBudget: 6,
      mallHourlyBudget: 1000,
      challengePercent: 100,
      failedCodesPerAddressPerHour: 1000,
      failedCodesPerNetworkPerHour: 1000,
    },
  },
});
const { nextPhone, e164, newMall, call, smsTo, lastCode, wrongCode } = microSiteFixtures(ctx);

let mall: TestMall;
let otherMall: TestMall;
const advance = (seconds: number) => vi.setSystemTime(Date.now() + seconds * 1000);
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date());
  mall = await newMall();
  otherMall = await newMall();
});
afterAll(() => {
  vi.useRealTimers();
});

const check = (phone: string, ip: string, options: { mall?: TestMall; lang?: string } = {}) =>
  call('POST', '/ext/customers/check', { customer_phone: phone }, { mall, ip, ...options });
const login = (phone: string, code: string, ip = '10.0.0.1') =>
  call('POST', '/ext/customers/login', { customer_phone: phone, sms_code: code }, { mall, ip });

describe('the per-address and server-wide caps', () => {
  it('sends at most codesPerAddressPerHour codes to one client address, whatever the phones and malls', async () => {
    const ip = '203.0.113.7';
    for (const target of [mall, otherMall, mall])
      expect((await check(nextPhone(), ip, { mall: target })).statusCode).toBe(200);
    const phone = nextPhone();
    const refused = await check(phone, ip, { lang: 'en' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'SMS_ADDRESS_LIMIT',
      message: 'Too many codes were asked for from this connection; please try again in 60 minutes',
      fields: { customer_phone: expect.any(String) },
    });
    expect(await smsTo(phone)).toHaveLength(0);
    // The refusal counted nothing against the phone: another address gets its code.
    expect((await check(phone, '203.0.113.8')).statusCode).toBe(200);
    advance(3600);
    expect((await check(nextPhone(), ip)).statusCode).toBe(200);
  });

  it('stops sending when the server’s hourly SMS budget is spent, and starts again the next hour', async () => {
    advance(3600);
    for (let i = 0; i < 6; i++) expect((await check(nextPhone(), `198.51.100.${i}`)).statusCode).toBe(200);
    const phone = nextPhone();
    const refused = await check(phone, '198.51.100.99');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'SMS_BUDGET_EXCEEDED',
      message: 'SMS gönderimi geçici olarak durduruldu; lütfen 60 dakika sonra tekrar deneyin',
    });
    expect(await smsTo(phone)).toHaveLength(0);
    advance(3600);
    expect((await check(phone, '198.51.100.99')).statusCode).toBe(200);
  });

  it('withdraws the code when the SMS cannot be sent, so asking again is not held by the wait', async () => {
    advance(3600);
    const phone = nextPhone();
    const send = vi
      .spyOn(ctx.app.sms, 'send')
      .mockRejectedValueOnce(new AppError('SMS_NOT_SENT', 502))
      .mockRejectedValueOnce(new Error('socket hang up'));
    const failed = await check(phone, '192.0.2.1', { lang: 'en' });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ code: 'SMS_NOT_SENT' });
    const crashed = await check(phone, '192.0.2.1');
    expect(crashed.statusCode).toBe(503);
    expect(crashed.json()).toMatchObject({ code: 'SMS_NOT_SENT' });
    send.mockRestore();
    expect((await check(phone, '192.0.2.1')).statusCode).toBe(200);
    expect(await smsTo(phone)).toHaveLength(1);
  });
});

describe('one phone asked for at the same time (PostgreSQL)', () => {
  it.runIf(process.env.TEST_ENGINE === 'postgres')('sends one SMS for 8 parallel checks', async () => {
    advance(3600);
    const phone = nextPhone();
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, index) => check(phone, `100.64.0.${index}`)),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(responses.map((response) => response.json().resend_at)).size).toBe(1);
    expect(await smsTo(phone)).toHaveLength(1);
  });

  it.runIf(process.env.TEST_ENGINE === 'postgres')(
    'never counts more than 5 wrong tries of a code, however many come at once',
    async () => {
      advance(3600);
      const phone = nextPhone();
      expect((await check(phone, '100.64.1.1')).statusCode).toBe(200);
      const wrong = await wrongCode(phone);
      const responses = await Promise.all(Array.from({ length: 12 }, () => login(phone, wrong)));
      const codes = responses.map((response) => response.json().code);
      expect(codes.filter((code) => code === 'SMS_CODE_INVALID')).toHaveLength(smsCodeRules.triesPerCode - 1);
      expect(codes.filter((code) => code === 'SMS_CODE_SPENT')).toHaveLength(
        12 - (smsCodeRules.triesPerCode - 1),
      );
      const [state] = await ctx.database.db
        .select()
        .from(smsPhoneStates)
        .where(eq(smsPhoneStates.phone, e164(phone)));
      expect(state).toMatchObject({ code_tries: 5, failures_in_row: 5 });
      expect((await login(phone, await lastCode(phone))).json().code).toBe('SMS_CODE_SPENT');
    },
  );
});
