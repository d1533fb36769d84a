import { createServer } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmsGateway, type TestSmsGateway } from '../../../platform/sms/test-sms-gateway';
import { fakeClock } from './fake-clock';
import { type BulkSms, e164FromNetgsm, inBatches, netgsmBulkSms } from './netgsm-bulk-sms';
import { ProviderError } from './provider-error';
import { createThrottle, withRetry } from './throttle';

const phone = (index: number) =>
  `+90532${String(1_000_000 + index)
    .slice(1)
    .padStart(7, '0')}`;
const messages = (
  count: number,
  text = (index: number) => `Merhaba ${index}, hafta sonu %20 indirim! Çarşı’da`,
) => Array.from({ length: count }, (_, index): BulkSms => ({ to: phone(index), text: text(index) }));

const failureOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
};

/** A port on 127.0.0.1 where nothing listens. */
const closedPort = async () => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
};

describe('NetGSM bulk SMS driver', () => {
  let gateway: TestSmsGateway;
  beforeAll(async () => {
    gateway = await startTestSmsGateway();
  });
  afterEach(() => {
    gateway.behave({ kind: 'accept' });
    gateway.setDelivery(() => ({ status: 1 }));
  });
  afterAll(() => gateway.close());

  it('sends a batch in one call: each number its own text, Turkish encoding, the İYS filter of the purpose', async () => {
    const driver = netgsmBulkSms(gateway.config);
    const before = gateway.received.length;
    const batch = [
      { to: '+905321234567', text: 'Sayın Ayşe Hanım, İndirim başladı: ğüşıöç İĞÜŞÖÇ' },
      { to: '+905051112233', text: 'Sayın Mehmet Bey, kampanya 🎉' },
      { to: '+905441234567', text: 'Sayın Zeynep Hanım, {kod}: €5' },
    ];
    const receipt = await driver.sendBatch(batch, { kind: 'commercial', recipients: 'individual' });
    expect(receipt).toEqual({ jobId: expect.stringMatching(/^\d+$/), count: 3, refused: [] });
    expect(gateway.batches.at(-1)).toBe(3);
    expect(gateway.received.slice(before)).toEqual(
      batch.map((message) => ({
        no: message.to.slice(1),
        to: message.to,
        text: message.text,
        header: 'AVLU AVM',
        encoding: 'TR',
        iysfilter: '11',
        jobId: receipt.jobId,
      })),
    );

    await driver.sendBatch(batch.slice(0, 1), { kind: 'commercial', recipients: 'merchant' });
    expect(gateway.received.at(-1)?.iysfilter).toBe('12');
    await driver.sendBatch(batch.slice(0, 1), { kind: 'informational' });
    expect(gateway.received.at(-1)?.iysfilter).toBe('0');
  });

  it('leaves a bad number or an empty text out of the call and answers it refused, the rest sent', async () => {
    const driver = netgsmBulkSms(gateway.config);
    const before = gateway.received.length;
    const batch = [
      { to: '+905321234567', text: 'İyi' },
      { to: '05321234567', text: 'Yerel yazım' },
      { to: '+90 532 123 45 67', text: 'Boşluklu' },
      { to: '+905051112233', text: '  ' },
      { to: '+905441234567', text: 'İyi de' },
    ];
    const receipt = await driver.sendBatch(batch, { kind: 'informational' });
    expect(receipt).toEqual({
      jobId: expect.stringMatching(/^\d+$/),
      count: 2,
      refused: [
        { message: batch[1], code: 'INVALID_NUMBER' },
        { message: batch[2], code: 'INVALID_NUMBER' },
        { message: batch[3], code: 'EMPTY_TEXT' },
      ],
    });
    expect(gateway.received.slice(before).map((sms) => sms.to)).toEqual(['+905321234567', '+905441234567']);
    const requests = gateway.requests();
    expect(await driver.sendBatch([{ to: 'yok', text: 'x' }], { kind: 'informational' })).toEqual({
      jobId: undefined,
      count: 0,
      refused: [{ message: { to: 'yok', text: 'x' }, code: 'INVALID_NUMBER' }],
    });
    expect(gateway.requests()).toBe(requests);
  });

  it('takes at most its batch size a call: 2,500 messages go as 1,000 + 1,000 + 500', async () => {
    const driver = netgsmBulkSms(gateway.config, { batchSize: 1000 });
    const all = messages(2500);
    const calls = gateway.batches.length;
    const jobIds: string[] = [];
    for (const batch of inBatches(all, driver.batchSize))
      jobIds.push((await driver.sendBatch(batch, { kind: 'informational' })).jobId!);
    expect(gateway.batches.slice(calls)).toEqual([1000, 1000, 500]);
    expect(new Set(jobIds).size).toBe(3);
    await expect(driver.sendBatch(messages(1001), { kind: 'informational' })).rejects.toThrow(RangeError);
    await expect(driver.sendBatch([], { kind: 'informational' })).rejects.toThrow(RangeError);
    expect(gateway.batches.length).toBe(calls + 3);
  });

  it('waits on the account’s throttle, counting each batch’s messages, shared by every call', async () => {
    const clock = fakeClock();
    const throttle = createThrottle(1000, clock);
    const first = netgsmBulkSms(gateway.config, { throttle, batchSize: 500 });
    const second = netgsmBulkSms(gateway.config, { throttle, batchSize: 500 });
    await first.sendBatch(messages(500), { kind: 'informational' });
    await second.sendBatch(messages(500), { kind: 'informational' });
    await first.sendBatch(messages(250), { kind: 'informational' });
    // 500 messages at 1,000/s book half a second each.
    expect(clock.sleeps).toEqual([0, 500, 500]);
  });

  it('classifies NetGSM’s refusals: the account’s and the batch’s are permanent, limits and system errors not', async () => {
    const driver = netgsmBulkSms(gateway.config);
    const cases: [string, Partial<ProviderError>][] = [
      ['30', { retryable: false, scope: 'account' }],
      ['40', { retryable: false, scope: 'account' }],
      ['50', { retryable: false, scope: 'account' }],
      ['51', { retryable: false, scope: 'account' }],
      ['20', { retryable: false, scope: 'batch' }],
      ['70', { retryable: false, scope: 'batch' }],
      ['80', { retryable: true, scope: 'batch' }],
      ['85', { retryable: true, scope: 'batch', retryAfterMs: 60_000 }],
      ['100', { retryable: true }],
      ['101', { retryable: true }],
      ['999', { retryable: false, scope: 'batch' }],
    ];
    for (const [code, expected] of cases) {
      gateway.behave({ kind: 'refuse', code, status: code === '80' ? 200 : 406 });
      const failure = await failureOf(driver.sendBatch(messages(2), { kind: 'informational' }));
      expect(failure).toMatchObject({ code, inDoubt: false, ...expected });
    }
  });

  it('wrong credentials and an unknown sender are the account’s, and nothing is sent', async () => {
    const before = gateway.received.length;
    const wrongPassword = await failureOf(
      netgsmBulkSms({ ...gateway.config, password: 'yanlış' }).sendBatch(messages(1), {
        kind: 'informational',
      }),
    );
    expect(wrongPassword).toMatchObject({ code: '30', retryable: false, scope: 'account', status: 406 });
    expect(wrongPassword.message).not.toContain('yanlış');
    const unknownSender = await failureOf(
      netgsmBulkSms({ ...gateway.config, sender: 'BASKA' }).sendBatch(messages(1), { kind: 'informational' }),
    );
    expect(unknownSender).toMatchObject({ code: '40', scope: 'account' });
    expect(gateway.received.length).toBe(before);
  });

  it('classifies HTTP failures without a NetGSM code: 429 and 5xx retryable with Retry-After, 504 in doubt', async () => {
    const driver = netgsmBulkSms(gateway.config);
    const send = () => failureOf(driver.sendBatch(messages(1), { kind: 'informational' }));
    gateway.behave({ kind: 'status', status: 429, retryAfter: '7' });
    expect(await send()).toMatchObject({
      code: 'HTTP_429',
      retryable: true,
      retryAfterMs: 7000,
      inDoubt: false,
    });
    gateway.behave({ kind: 'status', status: 503 });
    expect(await send()).toMatchObject({ code: 'HTTP_503', retryable: true, inDoubt: false });
    gateway.behave({ kind: 'broken' });
    expect(await send()).toMatchObject({ code: 'HTTP_500', retryable: true, inDoubt: false });
    gateway.behave({ kind: 'status', status: 504 });
    expect(await send()).toMatchObject({ code: 'HTTP_504', retryable: true, inDoubt: true });
    gateway.behave({ kind: 'status', status: 401 });
    expect(await send()).toMatchObject({ code: 'HTTP_401', retryable: false, scope: 'account' });
    gateway.behave({ kind: 'status', status: 404 });
    expect(await send()).toMatchObject({ code: 'HTTP_404', retryable: false, scope: 'batch' });
  });

  it('a gateway that took the batch and never answered leaves it in doubt; one not reached does not', async () => {
    const driver = netgsmBulkSms(gateway.config, { timeoutMs: 300 });
    const before = gateway.received.length;
    gateway.behave({ kind: 'take-and-hang' });
    const taken = await failureOf(driver.sendBatch(messages(3), { kind: 'informational' }));
    expect(taken).toMatchObject({ code: 'TIMEOUT', retryable: true, inDoubt: true });
    // It was sent all the same: this is why a batch in doubt is recorded, not sent again.
    expect(gateway.received.length).toBe(before + 3);

    const nobody = netgsmBulkSms({ ...gateway.config, url: `http://127.0.0.1:${await closedPort()}` });
    expect(await failureOf(nobody.sendBatch(messages(1), { kind: 'informational' }))).toMatchObject({
      code: 'NETWORK',
      retryable: true,
      inDoubt: false,
      description: 'ECONNREFUSED',
    });
  });

  it('with withRetry, a 503 and a 429 are backed off (Retry-After honoured) and the batch is sent once', async () => {
    const clock = fakeClock();
    const driver = netgsmBulkSms(gateway.config, { clock });
    const calls = gateway.batches.length;
    gateway.behaveNext({ kind: 'status', status: 503 }, { kind: 'status', status: 429, retryAfter: '2' });
    const receipt = await withRetry(() => driver.sendBatch(messages(10), { kind: 'informational' }), {
      attempts: 5,
      baseDelayMs: 500,
      maxDelayMs: 30_000,
      clock,
      random: () => 0.5,
    });
    expect(receipt.count).toBe(10);
    expect(gateway.batches.slice(calls)).toEqual([10]);
    expect(clock.sleeps).toEqual([250, 2000]);
  });

  it('reads the delivery report of a job: delivered, failed with the reason, opted out at İYS, pending', async () => {
    const driver = netgsmBulkSms(gateway.config);
    const statuses: Record<string, { status: number; errorCode?: number }> = {
      '905320000001': { status: 1 },
      '905320000002': { status: 3, errorCode: 101 },
      '905320000003': { status: 16 },
      '905320000004': { status: 0 },
      '905320000005': { status: 14 },
    };
    gateway.setDelivery((no) => statuses[no] ?? { status: 1 });
    const sentAt = new Date();
    const { jobId } = await driver.sendBatch(
      Object.keys(statuses).map((no, index) => ({
        to: `+${no}`,
        text: index === 0 ? 'a'.repeat(161) : 'Kısa mesaj',
      })),
      { kind: 'commercial', recipients: 'individual' },
    );
    const report = await driver.report(jobId!, { sentAt });
    expect(report).toEqual([
      {
        jobId,
        to: '+905320000001',
        state: 'delivered',
        status: 1,
        parts: 2,
        deliveredAt: expect.stringMatching(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}$/),
      },
      {
        jobId,
        to: '+905320000002',
        state: 'failed',
        status: 3,
        errorCode: 101,
        reason: 'invalid-number',
        parts: 1,
      },
      { jobId, to: '+905320000003', state: 'opted-out', status: 16, reason: 'iys-refused', parts: 1 },
      { jobId, to: '+905320000004', state: 'pending', status: 0, parts: 1 },
      { jobId, to: '+905320000005', state: 'failed', status: 14, reason: 'no-credit', parts: 1 },
    ]);
    expect(gateway.reportRequests.at(-1)).toEqual({
      jobids: [jobId],
      startdate: expect.stringMatching(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}$/),
      stopdate: expect.stringMatching(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}$/),
      pagenumber: 0,
      pagesize: 100,
    });
  });

  it('reads a large job page by page, and an unknown job as no report yet', async () => {
    const clock = fakeClock();
    const reportThrottle = createThrottle(10 / 60, clock);
    const driver = netgsmBulkSms(gateway.config, { reportThrottle });
    const { jobId } = await driver.sendBatch(messages(250), { kind: 'informational' });
    const requests = gateway.reportRequests.length;
    const report = await driver.report(jobId!, { sentAt: new Date() });
    expect(report).toHaveLength(250);
    expect(new Set(report.map((row) => row.to)).size).toBe(250);
    expect(report.every((row) => row.state === 'delivered')).toBe(true);
    expect(
      gateway.reportRequests.slice(requests).map((body) => (body as { pagenumber: number }).pagenumber),
    ).toEqual([0, 1, 2]);
    // NetGSM answers 10 report queries a minute: the report's throttle spaces them 6 s apart.
    expect(clock.sleeps).toEqual([0, 6000, 6000]);
    expect(await driver.report('99999999', { sentAt: new Date() })).toEqual([]);
  });

  it('a report refused for credentials is permanent; one refused for its rate may be tried again', async () => {
    const wrong = netgsmBulkSms({ ...gateway.config, password: 'x' });
    expect(await failureOf(wrong.report('17000001', { sentAt: new Date() }))).toMatchObject({
      code: '30',
      retryable: false,
      scope: 'account',
    });
    gateway.behave({ kind: 'refuse', code: '80' });
    expect(
      await failureOf(netgsmBulkSms(gateway.config).report('17000001', { sentAt: new Date() })),
    ).toMatchObject({
      code: '80',
      retryable: true,
    });
  });

  it('reads the account’s credit; wrong credentials are the account’s failure', async () => {
    gateway.setCredit('87,25');
    expect(await netgsmBulkSms(gateway.config).credit()).toBe(87.25);
    gateway.setCredit('1250.50');
    expect(await netgsmBulkSms(gateway.config).credit()).toBe(1250.5);
    expect(await failureOf(netgsmBulkSms({ ...gateway.config, password: 'x' }).credit())).toMatchObject({
      code: '30',
      retryable: false,
      scope: 'account',
    });
  });

  it('a gateway that keeps counts only still counts each number and answers reports', async () => {
    const counting = await startTestSmsGateway({ keep: 'counts' });
    try {
      const driver = netgsmBulkSms(counting.config);
      const { jobId } = await driver.sendBatch(messages(300), { kind: 'informational' });
      await driver.sendBatch(messages(2), { kind: 'informational' });
      expect(counting.received).toEqual([]);
      expect(counting.sentCount()).toBe(302);
      expect(counting.timesSentTo(phone(0))).toBe(2);
      expect(counting.timesSentTo(phone(2))).toBe(1);
      expect(counting.sentMoreThanOnce()).toEqual([
        { to: phone(0), count: 2 },
        { to: phone(1), count: 2 },
      ]);
      expect(await driver.report(jobId!, { sentAt: new Date() })).toHaveLength(300);
    } finally {
      await counting.close();
    }
  });

  it('reads numbers back in E.164 however NetGSM writes them', () => {
    expect(e164FromNetgsm('5321234567')).toBe('+905321234567');
    expect(e164FromNetgsm('05321234567')).toBe('+905321234567');
    expect(e164FromNetgsm('905321234567')).toBe('+905321234567');
    expect(e164FromNetgsm('4915112345678')).toBe('+4915112345678');
  });
});
