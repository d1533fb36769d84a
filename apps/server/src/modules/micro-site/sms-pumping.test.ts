import { Writable } from 'node:stream';
import { type PowChallenge, powPayload, solvePowChallenge } from '@avlu/contracts';
import { eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testConfig, useTestApp } from '../../../test/helper';
import { locations } from '../locations/locations.tables';
import { microSiteFixtures, type TestMall } from './micro-site.fixtures';
import { smsPhoneStates } from './micro-site.tables';

/*
 * Issue 10, points 4 (SMS pumping) and 5 (guessing codes across phones). A mall may send 10 SMS an
 * hour, the last 2 only to its registered customers; a challenge is asked for from 5 on; an address
 * may ask for 3 codes an hour, a /24 (or IPv6 /64) 6, a number range 5; an address may enter 9 wrong
 * codes an hour (a challenge from the third), a network 15.
 */
const lines: string[] = [];
const logger = pino(
  new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  }),
);
const ctx = useTestApp({
  logger,
  config: {
    sms: {
      ...testConfig().sms,
      hourlyBudget: 100_000,
      mallHourlyBudget: 10,
      registeredReservePercent: 20,
      codesPerAddressPerHour: 3,
      codesPerNetworkPerHour: 6,
      codesPerPrefixPerHour: 5,
      failedCodesPerAddressPerHour: 9,
      failedCodesPerNetworkPerHour: 15,
      challengePercent: 50,
      challengeComplexity: 20,
    },
  },
});
const { e164, newMall, call, smsTo, lastCode, wrongCode } = microSiteFixtures(ctx);

const advance = (seconds: number) => vi.setSystemTime(Date.now() + seconds * 1000);
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date());
});
afterAll(() => {
  vi.useRealTimers();
});

/** A mobile number of range `0532 <range> …` (its first 8 E.164 digits: 90532<range>). */
let numbers = 0;
const phoneIn = (range: number) =>
  `0532 ${String(range).padStart(3, '0')} ${String(++numbers).padStart(4, '0')}`;
let ranges = 100;
/** A number of a range nobody used yet. */
const newPhone = () => phoneIn(++ranges);
let networks = 0;
/** An address of a /24 nobody used yet. */
const newIp = () => `10.${Math.floor(++networks / 250)}.${networks % 250}.1`;

/** A mall that may send 1000 SMS an hour, to test the other limits alone. */
const roomyMall = async () => {
  const mall = await newMall();
  await ctx.database.db.update(locations).set({ sms_hourly_budget: 1000 }).where(eq(locations._id, mall._id));
  return { ...mall };
};

type Options = { mall: TestMall; ip: string; lang?: string; altcha?: string };
const check = (phone: string, options: Options) =>
  call(
    'POST',
    '/ext/customers/check',
    { customer_phone: phone, ...(options.altcha && { altcha: options.altcha }) },
    options,
  );
const login = (phone: string, code: string, options: Options) =>
  call(
    'POST',
    '/ext/customers/login',
    { customer_phone: phone, sms_code: code, ...(options.altcha && { altcha: options.altcha }) },
    options,
  );

/** The `altcha` field solving a challenge, as the micro-site's worker makes it. */
const solve = async (challenge: PowChallenge) => {
  const solution = await solvePowChallenge(challenge);
  if (!solution) throw new Error('no solution');
  return powPayload(challenge, solution);
};

/** Calls, solving a challenge when one is asked for, as a pumping script would. */
const solving = async (send: (altcha?: string) => ReturnType<typeof check>) => {
  const first = await send();
  if (first.statusCode !== 428) return first;
  return send(await solve(first.json().challenge));
};

const registerCustomer = async (mall: TestMall, phone: string) => {
  const ip = newIp();
  expect((await solving((altcha) => check(phone, { mall, ip, altcha }))).statusCode).toBe(200);
  const registered = await call(
    'POST',
    '/ext/customers/register',
    {
      customer_phone: phone,
      sms_code: await lastCode(phone),
      customer_name: 'Elif',
      customer_surname: 'Şahin',
      customer_birthdate: '1994-08-21',
      customer_gender: 'female',
      customer_accepts_kvkk: true,
    },
    { mall, ip },
  );
  expect(registered.statusCode).toBe(201);
};

describe('per-mall budgets and the reserve of registered customers (point 4)', () => {
  it('a flood from many networks spends one mall’s budget, leaving its registered customers and other malls their codes', async () => {
    const mall = await newMall();
    const otherMall = await newMall();
    const customer = newPhone();
    await registerCustomer(mall, customer);
    lines.length = 0;

    const flood = [];
    for (let i = 0; i < 30; i++) {
      const phone = newPhone();
      const response = await solving((altcha) => check(phone, { mall, ip: newIp(), altcha }));
      flood.push({ phone, status: response.statusCode, code: response.json().code });
    }
    // 1 SMS went to the customer's sign-up; 7 more fill the mall's 8 for unregistered numbers.
    expect(flood.filter((sent) => sent.status === 200)).toHaveLength(7);
    const refused = flood.filter((sent) => sent.status !== 200);
    expect(new Set(refused.map((sent) => `${sent.status} ${sent.code}`))).toEqual(
      new Set(['429 SMS_BUDGET_EXCEEDED']),
    );
    for (const sent of refused) expect(await smsTo(sent.phone)).toHaveLength(0);

    // The reserve: the mall's registered customer still gets a code, and signs in with it.
    const ip = newIp();
    const own = await solving((altcha) => check(customer, { mall, ip, altcha }));
    expect(own.statusCode).toBe(200);
    expect((await login(customer, await lastCode(customer), { mall, ip })).statusCode).toBe(200);
    // Another mall's budget is its own.
    const elsewhere = newPhone();
    expect((await check(elsewhere, { mall: otherMall, ip: newIp() })).statusCode).toBe(200);
    expect(await smsTo(elsewhere)).toHaveLength(1);

    // Warned once at half and at four fifths of the budget, and when only the reserve was left.
    const warnings = lines
      .map((line) => JSON.parse(line))
      .filter((line) => line.level === 40 && line.locationId === mall._id);
    expect(warnings.map((line) => line.percent ?? 'reserve')).toEqual([50, 80, 'reserve']);
    expect(warnings[0]).toMatchObject({ scope: 'mall', used: 5, budget: 10 });
    expect(warnings[0].msg).toBe('SMS budget 50% used this hour');

    // The next hour the mall sends again.
    advance(3600);
    expect((await check(newPhone(), { mall, ip: newIp() })).statusCode).toBe(200);
  });

  it('takes a mall’s own budget from its location_sms_hourly_budget: 0 stops its SMS alone', async () => {
    const mall = await roomyMall();
    await ctx.database.db.update(locations).set({ sms_hourly_budget: 0 }).where(eq(locations._id, mall._id));
    const phone = newPhone();
    const refused = await check(phone, { mall, ip: newIp(), lang: 'en' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'SMS_BUDGET_EXCEEDED',
      message: 'Sending SMS is paused for now; please try again in 60 minutes',
      fields: { customer_phone: 'No code can be sent right now; try again a little later' },
    });
    expect(await smsTo(phone)).toHaveLength(0);
    expect((await check(newPhone(), { mall: await roomyMall(), ip: newIp() })).statusCode).toBe(200);
  });
});

describe('velocity per number range and per client network (point 4)', () => {
  it('sends at most codesPerPrefixPerHour codes to one number range, whatever the addresses', async () => {
    const mall = await roomyMall();
    const range = ++ranges;
    for (let i = 0; i < 5; i++)
      expect((await check(phoneIn(range), { mall, ip: newIp() })).statusCode).toBe(200);
    const phone = phoneIn(range);
    const refused = await check(phone, { mall, ip: newIp(), lang: 'en' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'SMS_PREFIX_LIMIT',
      message: 'Too many codes were asked for numbers like this one; please try again in 60 minutes',
      fields: { customer_phone: expect.any(String) },
    });
    expect(await smsTo(phone)).toHaveLength(0);
    expect((await check(newPhone(), { mall, ip: newIp() })).statusCode).toBe(200);
  });

  it('counts an IPv4 /24 together, and an IPv6 /64 as one address', async () => {
    const mall = await roomyMall();
    for (const ip of ['192.0.2.1', '192.0.2.1', '192.0.2.1', '192.0.2.2', '192.0.2.2', '192.0.2.3'])
      expect((await check(newPhone(), { mall, ip })).statusCode).toBe(200);
    const refused = await check(newPhone(), { mall, ip: '192.0.2.77' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('SMS_NETWORK_LIMIT');
    expect((await check(newPhone(), { mall, ip: '192.0.3.77' })).statusCode).toBe(200);

    for (const ip of ['2001:db8:5:6::1', '2001:db8:5:6::2', '2001:db8:5:6:ffff::3'])
      expect((await check(newPhone(), { mall, ip })).statusCode).toBe(200);
    const sameSubscriber = await check(newPhone(), { mall, ip: '2001:db8:5:6:abcd::9' });
    expect(sameSubscriber.statusCode).toBe(429);
    expect(sameSubscriber.json().code).toBe('SMS_ADDRESS_LIMIT');
    expect((await check(newPhone(), { mall, ip: '2001:db8:5:7::1' })).statusCode).toBe(200);
  });
});

describe('the proof-of-work challenge (point 4)', () => {
  it('is required once a mall’s hour is abnormal; a solution is accepted once, a wrong or replayed one refused', async () => {
    const mall = await newMall();
    for (let i = 0; i < 5; i++) expect((await check(newPhone(), { mall, ip: newIp() })).statusCode).toBe(200);

    const phone = newPhone();
    const ip = newIp();
    const required = await check(phone, { mall, ip, lang: 'en' });
    expect(required.statusCode).toBe(428);
    expect(required.json()).toMatchObject({
      code: 'CHALLENGE_REQUIRED',
      message: 'A security check must be completed before going on',
      fields: { altcha: 'A security check is required' },
      challenge: {
        parameters: { algorithm: 'PBKDF2/SHA-256', data: { max: 20 } },
        signature: expect.any(String),
      },
    });
    expect(await smsTo(phone)).toHaveLength(0);
    const turkish = await check(phone, { mall, ip });
    expect(turkish.json().message).toBe('Devam etmeden önce güvenlik doğrulamasının tamamlanması gerekiyor');

    const challenge: PowChallenge = required.json().challenge;
    const solution = await solvePowChallenge(challenge);
    const flipped = `${solution!.derivedKey.slice(0, -1)}${solution!.derivedKey.endsWith('0') ? '1' : '0'}`;
    const wrong = powPayload(challenge, { ...solution!, derivedKey: flipped });
    const forged = powPayload({ ...challenge, parameters: { ...challenge.parameters, cost: 1 } }, solution!);
    for (const altcha of [wrong, forged, 'bm90IGpzb24=', '%%%']) {
      const refused = await check(phone, { mall, ip, altcha, lang: 'en' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'CHALLENGE_INVALID',
        fields: { altcha: 'The security check failed; try again' },
        challenge: { signature: expect.any(String) },
      });
    }
    const altcha = powPayload(challenge, solution!);
    expect((await check(phone, { mall, ip, altcha })).statusCode).toBe(200);
    expect(await smsTo(phone)).toHaveLength(1);
    const replayed = await check(newPhone(), { mall, ip: newIp(), altcha });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().code).toBe('CHALLENGE_INVALID');

    // Expired: ten minutes after it was made.
    const late = (await check(newPhone(), { mall, ip: newIp() })).json().challenge;
    const lateAltcha = await solve(late);
    advance(601);
    expect((await check(newPhone(), { mall, ip: newIp(), altcha: lateAltcha })).json().code).toBe(
      'CHALLENGE_INVALID',
    );
  });
});

describe('wrong codes across phones (point 5)', () => {
  it('refuses 120 wrong codes across 30 phones from one address long before the end', async () => {
    advance(3600);
    const mall = await roomyMall();
    const phones = Array.from({ length: 30 }, () => newPhone());
    for (const phone of phones) expect((await check(phone, { mall, ip: newIp() })).statusCode).toBe(200);

    const attacker = '198.51.100.10';
    const answers: string[] = [];
    for (const phone of phones)
      for (let i = 0; i < 4; i++)
        answers.push((await login(phone, await wrongCode(phone), { mall, ip: attacker })).json().code);
    // Three wrong codes are looked at, then a challenge is asked for.
    expect(answers.slice(0, 3)).toEqual(Array(3).fill('SMS_CODE_INVALID'));
    expect(new Set(answers.slice(3))).toEqual(new Set(['CHALLENGE_REQUIRED']));

    // Solving challenges buys 9 wrong codes in all, then the address is refused.
    const solved: string[] = [];
    for (const phone of phones.slice(10))
      solved.push(
        (
          await solving(async (altcha) =>
            login(phone, await wrongCode(phone), { mall, ip: attacker, altcha }),
          )
        ).json().code,
      );
    expect(solved.filter((code) => code !== 'SMS_CODE_ATTEMPTS')).toHaveLength(6);
    const refused = await login(phones[29]!, await wrongCode(phones[29]!), {
      mall,
      ip: attacker,
      lang: 'en',
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'SMS_CODE_ATTEMPTS',
      message: 'Too many wrong codes were entered from this connection; please try again in 60 minutes',
      fields: { sms_code: 'Too many wrong codes were entered; try again a little later' },
    });
    const states = await ctx.database.db
      .select({ tries: smsPhoneStates.code_tries })
      .from(smsPhoneStates)
      .where(inArray(smsPhoneStates.phone, phones.map(e164)));
    expect(states.reduce((sum, state) => sum + state.tries, 0)).toBeLessThanOrEqual(9);

    // Another address of the network adds to the network's count (15): 6 more, then refused.
    const neighbour = '198.51.100.11';
    const more: string[] = [];
    for (const phone of phones.slice(20))
      more.push(
        (
          await solving(async (altcha) =>
            login(phone, await wrongCode(phone), { mall, ip: neighbour, altcha }),
          )
        ).json().code,
      );
    expect(more.filter((code) => code !== 'SMS_CODE_ATTEMPTS')).toHaveLength(6);
    // A customer elsewhere signs in as usual.
    const customer = newPhone();
    await registerCustomer(mall, customer);
  });

  it('takes a right code back from the count', async () => {
    advance(3600);
    const mall = await roomyMall();
    const ip = newIp();
    for (let i = 0; i < 12; i++) {
      const phone = newPhone();
      await check(phone, { mall, ip: newIp() });
      const answer = await login(phone, await lastCode(phone), { mall, ip });
      expect(answer.json().code).toBe('CUSTOMER_NOT_REGISTERED');
    }
  });
});

describe('check answers alike for customers and strangers (point 5)', () => {
  it('gives a registered and an unknown phone the same status and the same fields', async () => {
    const mall = await roomyMall();
    const customer = newPhone();
    await registerCustomer(mall, customer);
    const stranger = newPhone();
    const ip = newIp();
    const [known, unknown] = [await check(customer, { mall, ip }), await check(stranger, { mall, ip })];
    expect(known.statusCode).toBe(unknown.statusCode);
    const shape = (body: Record<string, string>) => ({ ...body, customer_phone: 'phone' });
    expect(shape(known.json())).toEqual(shape(unknown.json()));
    expect(Object.keys(known.json()).sort()).toEqual(['customer_phone', 'expires_at', 'resend_at']);
    // Who is a customer shows only once the code is right.
    expect((await login(stranger, await lastCode(stranger), { mall, ip })).json().code).toBe(
      'CUSTOMER_NOT_REGISTERED',
    );
  });
});

describe('at the same time (PostgreSQL)', () => {
  it.runIf(process.env.TEST_ENGINE === 'postgres')(
    'sends no more than the mall’s share for unregistered numbers, however many checks come at once',
    async () => {
      advance(3600);
      const mall = await newMall();
      const phones = Array.from({ length: 24 }, () => newPhone());
      const answers = await Promise.all(
        phones.map((phone) => {
          const ip = newIp();
          return solving((altcha) => check(phone, { mall, ip, altcha }));
        }),
      );
      expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(8);
      let sent = 0;
      for (const phone of phones) sent += (await smsTo(phone)).length;
      expect(sent).toBe(8);
    },
  );

  it.runIf(process.env.TEST_ENGINE === 'postgres')(
    'looks at no more than the address’s limit of wrong codes sent at once',
    async () => {
      advance(3600);
      const mall = await roomyMall();
      const phones = Array.from({ length: 20 }, () => newPhone());
      for (const phone of phones) await check(phone, { mall, ip: newIp() });
      const ip = '100.64.9.9';
      const wrong = await Promise.all(phones.map(wrongCode));
      const answers = await Promise.all(
        phones.map((phone, index) => solving((altcha) => login(phone, wrong[index]!, { mall, ip, altcha }))),
      );
      const codes = answers.map((answer) => answer.json().code);
      expect(codes.filter((code) => code === 'SMS_CODE_INVALID')).toHaveLength(9);
      expect(codes.filter((code) => code === 'SMS_CODE_ATTEMPTS')).toHaveLength(11);
    },
  );
});
