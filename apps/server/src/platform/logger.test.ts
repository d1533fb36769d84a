import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { testConfig, useTestApp } from '../../test/helper';
import { microSiteFixtures } from '../modules/micro-site/micro-site.fixtures';
import { maskContactsInText, maskEmail, maskPhone } from './log-masking';
import { createLogger, scrubUrl, serializeError } from './logger';

const lines: string[] = [];
const logged = () => lines.join('');
const sink = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});

const PHONE = '+905321234567';
const NAME = 'Zeynep Karaosmanoğlu';
const BIRTH = '1987-03-14';

const ctx = useTestApp({
  config: {
    publicUrl: 'https://avm.example.com/',
    sms: { ...testConfig().sms, codesPerAddressPerHour: 1000 },
  },
  // The logger main.ts makes, on a stream the test reads.
  logger: createLogger({ logLevel: 'info', production: true }, sink),
  routes: (app) => {
    // A query that fails with a customer's phone, name and birth date among its parameters, as a
    // bug in a service would: the error reaches the error handler (500) and its log line.
    app.get('/test/unique-violation', { config: { auth: 'public' } }, async (request) => {
      await ctx.database.db.transaction(async (tx) => {
        await tx.execute(
          sql`create temp table log_probe (phone text primary key, name text, birth date) on commit drop`,
        );
        const row = sql`(${PHONE}, ${NAME}, ${BIRTH}::date)`;
        await tx.execute(sql`insert into log_probe values ${row}`);
        try {
          await tx.execute(sql`insert into log_probe values ${row}`);
        } catch (error) {
          // The engine's own error, as a caller unwrapping drizzle's would log it (its detail names the key).
          request.log.error({ err: (error as Error).cause }, 'probe cause');
          throw error;
        }
      });
    });
    app.get('/test/bad-cast', { config: { auth: 'public' } }, async () => {
      await ctx.database.db.execute(sql`select ${PHONE}::text, ${NAME}::text, ${`${NAME} 31.02`}::date`);
    });
  },
});
const { nextPhone, e164, newMall, call } = microSiteFixtures(ctx);

const expectNoPersonalData = (text: string, ...values: string[]) => {
  for (const value of values) expect(text).not.toContain(value);
};

describe('masking helpers', () => {
  it('keep the country code, operator prefix and last two digits of a phone, the domain of an email', () => {
    expect(maskPhone('+905321234567')).toBe('+90532*****67');
    expect(maskPhone('05321234567')).toBe('0532*****67');
    expect(maskPhone(maskPhone('+905321234567'))).toBe('+90532*****67');
    expect(maskEmail('ayse.yilmaz@example.com')).toBe('a***@example.com');
    expect(maskContactsInText('to ayse@example.com and 905321234567, id 65f0a1b2c3d4e5f601234567')).toBe(
      'to a***@example.com and 9053******67, id 65f0a1b2c3d4e5f601234567',
    );
    expect(scrubUrl(`/api/core/customer?keyword=${encodeURIComponent(NAME)}&limit=10`)).toBe(
      '/api/core/customer?keyword=…&limit=…',
    );
    expect(scrubUrl('/auth/reset-password/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG')).toBe(
      '/auth/reset-password/[token]',
    );
  });
});

describe('the application log', () => {
  it('names a customer who gets a sign-in SMS only by the masked phone', async () => {
    const mall = await newMall();
    const phone = nextPhone();
    lines.length = 0;
    const response = await call('POST', '/ext/customers/check', { customer_phone: phone }, { mall });
    expect(response.statusCode, response.body).toBe(200);
    expect(logged()).toContain(`"to":"${maskPhone(e164(phone))}"`);
    expectNoPersonalData(logged(), e164(phone), e164(phone).slice(1), phone);
  });

  it('names the recipient of a mail only by the masked address', async () => {
    const staff = await ctx.newStaff({ email: 'gizli.kisi@example.com' });
    lines.length = 0;
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/core/auth/forget-password',
      payload: { admin_email: staff.email },
    });
    expect(response.statusCode, response.body).toBe(200);
    await vi.waitFor(() => expect(logged()).toContain('"to":"g***@example.com"'));
    expectNoPersonalData(logged(), 'gizli.kisi@example.com', 'gizli.kisi');
  });

  it('logs a failed query without its parameters: no phone, name or birth date, on either engine', async () => {
    lines.length = 0;
    const response = await ctx.app.inject({ method: 'GET', url: `/test/unique-violation?keyword=${PHONE}` });
    expect(response.statusCode).toBe(500);
    expect(response.json().code).toBe('INTERNAL_ERROR');
    const records = logged()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    const failure = records.find((record) => record.msg === 'request failed');
    // Still useful: the statement and what the database said.
    expect(failure.err.message).toContain('insert into log_probe');
    expect(failure.err.message).toContain('duplicate key');
    expect(failure.err.params).toBe('[redacted]');
    const cause = records.find((record) => record.msg === 'probe cause');
    expect(cause.err.detail).toContain('Key (phone)=([redacted]) already exists');
    expect(records.find((record) => record.msg === 'request completed').req.url).toBe(
      '/test/unique-violation?keyword=…',
    );
    expectNoPersonalData(logged(), PHONE, PHONE.slice(1), NAME, BIRTH);
  });

  it("leaves out the connection node-postgres hangs on a lost connection's error, keeping what it says", () => {
    const lost = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
      client: { processID: 4242, secretKey: 123456789, parsedStatements: { avlu_1: 'select 1' } },
    });
    const logged = JSON.stringify(serializeError(lost));
    expect(logged).toContain('terminating connection');
    expect(logged).toContain('57P01');
    expect(logged).not.toContain('secretKey');
    expect(logged).not.toContain('avlu_1');
  });

  it('logs a failed cast without the value it could not read', async () => {
    lines.length = 0;
    const response = await ctx.app.inject({ method: 'GET', url: '/test/bad-cast' });
    expect(response.statusCode).toBe(500);
    expect(logged()).toContain('request failed');
    expect(logged()).toContain('invalid input syntax for type date');
    expectNoPersonalData(logged(), PHONE, PHONE.slice(1), NAME, 'Karaosmano');
  });
});
