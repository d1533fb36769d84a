import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../config';
import { AppError } from '../errors';
import { createSms } from '.';
import { gatewaySms } from './gateway-sms';
import { startTestSmsGateway, type TestSmsGateway } from './test-sms-gateway';

/**
 * A pino logger writing into `lines`, to check what a failure logs. Without
 * time, pid or host name: their digits could hold the code by chance.
 */
const capturingLogger = () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: pino({ base: undefined, timestamp: false }, sink), log: () => lines.join('') };
};

const CODE_TEXT = 'Avlu giriş kodunuz: 4821. Şifrenizi kimseyle paylaşmayın; ğüşıöç İĞÜŞÖÇ';

/** Neither the message text nor its code is in the log (a job id may hold the digits inside a longer number). */
const expectNoCode = (log: string) => {
  expect(log).not.toContain('kodunuz');
  expect(log).not.toMatch(/\b4821\b/);
};

const expectNotSent = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({ code: 'SMS_NOT_SENT', statusCode: 503 });
};

describe('NetGSM gateway driver', () => {
  let gateway: TestSmsGateway;
  beforeAll(async () => {
    gateway = await startTestSmsGateway();
  });
  afterEach(() => gateway.behave({ kind: 'accept' }));
  afterAll(() => gateway.close());

  it('is chosen when SMS_GATEWAY_URL is set and hands the message over as NetGSM expects it', async () => {
    const { logger, log } = capturingLogger();
    const sms = createSms(
      {
        sms: { ...parseConfig({}).sms, gateway: gateway.config },
      },
      // The gateway driver never touches the database.
      undefined as never,
      logger,
    );
    expect(sms.kind).toBe('gateway');
    await sms.send({ to: '+905321234567', text: CODE_TEXT });
    expect(gateway.received.at(-1)).toEqual({
      no: '905321234567',
      to: '+905321234567',
      text: CODE_TEXT,
      header: 'AVLU AVM',
      encoding: 'TR',
      iysfilter: '0',
      jobId: expect.stringMatching(/^\d+$/),
    });
    expect(gateway.lastTextTo('+905321234567')).toBe(CODE_TEXT);
    expect(log()).toContain(gateway.received.at(-1)!.jobId);
    expectNoCode(log());
    expect(log()).toContain('"to":"+90532*****67"');
    expect(log()).not.toContain('5321234567');
  });

  it('works with a base address that ends in a slash or has a path of its own', async () => {
    const sms = gatewaySms({ ...gateway.config, url: `${gateway.url}/` }, undefined);
    await sms.send({ to: '+905051112233', text: 'Kod: 1111' });
    expect(gateway.lastTextTo('+905051112233')).toBe('Kod: 1111');
    // A proxy path in front of the gateway is kept: this one does not exist on the fake, so 404.
    await expectNotSent(
      gatewaySms({ ...gateway.config, url: `${gateway.url}/proxy` }, undefined).send({
        to: '+905051112233',
        text: 'Kod: 2222',
      }),
    );
  });

  it('throws SMS_NOT_SENT on wrong credentials and logs code 30, never the password or the text', async () => {
    const { logger, log } = capturingLogger();
    const sms = gatewaySms({ ...gateway.config, password: 'yanlış-parola' }, logger);
    const before = gateway.received.length;
    await expectNotSent(sms.send({ to: '+905321234567', text: CODE_TEXT }));
    expect(gateway.received.length).toBe(before);
    const line = JSON.parse(log().trim().split('\n').at(-1)!);
    expect(line).toMatchObject({ level: 50, code: '30', status: 406, to: '+90532*****67' });
    expect(line.description).toMatch(/kullanıcı adı/);
    expect(log()).not.toContain('yanlış-parola');
    expect(log()).not.toContain(gateway.config.password);
    expectNoCode(log());
  });

  it('throws SMS_NOT_SENT when the gateway answers 200 with another code (80: sending limit)', async () => {
    gateway.behave({ kind: 'refuse', code: '80', status: 200 });
    const { logger, log } = capturingLogger();
    await expectNotSent(gatewaySms(gateway.config, logger).send({ to: '+905321234567', text: CODE_TEXT }));
    expect(JSON.parse(log().trim())).toMatchObject({
      code: '80',
      status: 200,
      msg: 'SMS gateway refused the message',
    });
    expectNoCode(log());
  });

  it('throws SMS_NOT_SENT on an unapproved sender name (40)', async () => {
    const { logger, log } = capturingLogger();
    await expectNotSent(
      gatewaySms({ ...gateway.config, sender: 'BASKA' }, logger).send({ to: '+905321234567', text: 'x' }),
    );
    expect(JSON.parse(log().trim())).toMatchObject({ code: '40' });
  });

  it('gives up on a gateway that does not answer in time', async () => {
    gateway.behave({ kind: 'hang' });
    const { logger, log } = capturingLogger();
    const requestsBefore = gateway.requests();
    const started = Date.now();
    await expectNotSent(
      gatewaySms(gateway.config, logger, { timeoutMs: 200 }).send({ to: '+905321234567', text: CODE_TEXT }),
    );
    expect(Date.now() - started).toBeLessThan(3000);
    expect(gateway.requests()).toBe(requestsBefore + 1);
    expect(JSON.parse(log().trim())).toMatchObject({
      level: 50,
      msg: 'SMS gateway unreachable',
      error: 'no answer in 200 ms',
    });
    expectNoCode(log());
  });

  it('throws SMS_NOT_SENT on a 500 that is not JSON', async () => {
    gateway.behave({ kind: 'broken' });
    const { logger, log } = capturingLogger();
    await expectNotSent(gatewaySms(gateway.config, logger).send({ to: '+905321234567', text: CODE_TEXT }));
    expect(JSON.parse(log().trim())).toMatchObject({
      status: 500,
      msg: 'SMS gateway answered without a code',
    });
  });

  it('throws SMS_NOT_SENT when nothing listens at the address', async () => {
    const closed = await startTestSmsGateway();
    await closed.close();
    const { logger, log } = capturingLogger();
    await expectNotSent(gatewaySms(closed.config, logger).send({ to: '+905321234567', text: CODE_TEXT }));
    expect(JSON.parse(log().trim())).toMatchObject({ msg: 'SMS gateway unreachable', cause: 'ECONNREFUSED' });
  });
});
