import { moduleSubjects, outboxMessage } from '@avlu/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext, testConfig, useTestApp } from '../../../test/helper';
import { smsOutbox } from '../../platform/sms/sms-outbox.tables';
import { startTestSmsGateway, type TestSmsGateway } from '../../platform/sms/test-sms-gateway';

describe('GET /api/dev/outbox with the development SMS outbox', () => {
  const ctx = useTestApp();
  const send = (to: string, text: string) => ctx.app.sms.send({ to, text });

  it('lists the stored SMS to the system admin, newest first, 20 by default', async () => {
    expect(ctx.app.sms.kind).toBe('outbox');
    for (let index = 1; index <= 22; index += 1) await send('+905551000000', `Toplu ${index}`);
    await send('+905321234567', 'Giriş kodunuz: 4821');
    await send('+905321234567', 'Giriş kodunuz: 9034 (ğüşıöç)');
    const response = await ctx.inject({ url: '/api/dev/outbox' });
    expect(response.statusCode).toBe(200);
    const body = outboxMessage.strict().array().parse(response.json());
    expect(body).toHaveLength(20);
    expect(body.slice(0, 3).map((message) => [message.to, message.text])).toEqual([
      ['+905321234567', 'Giriş kodunuz: 9034 (ğüşıöç)'],
      ['+905321234567', 'Giriş kodunuz: 4821'],
      ['+905551000000', 'Toplu 22'],
    ]);
    expect(body[0]).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      to: '+905321234567',
      text: 'Giriş kodunuz: 9034 (ğüşıöç)',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    const times = body.map((message) => Date.parse(message.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('takes a limit up to 100', async () => {
    const three = await ctx.inject({ url: '/api/dev/outbox?limit=3' });
    expect(three.json()).toHaveLength(3);
    const all = await ctx.inject({ url: '/api/dev/outbox?limit=100' });
    expect(all.json()).toHaveLength(24);
  });

  it.each([['0532 123 45 67'], ['05321234567'], ['+90 (532) 123-4567'], ['905321234567']])(
    'filters by a phone written %s, compared in E.164',
    async (written) => {
      const response = await ctx.inject({
        url: `/api/dev/outbox?to=${encodeURIComponent(written)}&limit=1`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([
        expect.objectContaining({ to: '+905321234567', text: 'Giriş kodunuz: 9034 (ğüşıöç)' }),
      ]);
    },
  );

  it('answers an empty list for a phone nothing was sent to', async () => {
    const response = await ctx.inject({ url: '/api/dev/outbox?to=0542 000 00 00' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it.each([
    ['to=abc', 'to', 'Geçerli bir telefon numarası girin'],
    ['to=', 'to', undefined],
    ['limit=0', 'limit', undefined],
    ['limit=101', 'limit', undefined],
    ['limit=ten', 'limit', undefined],
    ['limit=1.5', 'limit', undefined],
    ['keyword=x', 'keyword', undefined],
  ])('answers 400 naming the field for %s', async (query, field, turkish) => {
    const response = await ctx.inject({ url: `/api/dev/outbox?${query}` });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
    expect(Object.keys(body.fields)).toEqual([field]);
    if (turkish) expect(body.fields[field]).toBe(turkish);
  });

  it('words the 400 in English when asked', async () => {
    const response = await ctx.inject({
      url: '/api/dev/outbox?limit=500',
      headers: { 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.limit).toMatch(/100/);
  });

  it('answers 403 to staff without the system admin role, even with every module', async () => {
    const everything = await ctx.newStaff({ subjects: moduleSubjects });
    const response = await ctx.app.inject({ url: '/api/dev/outbox', headers: everything.headers });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('answers 401 without a token', async () => {
    const response = await ctx.app.inject({ url: '/api/dev/outbox?to=abc' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('GET /api/dev/outbox with an SMS gateway configured', () => {
  let gateway: TestSmsGateway;
  let ctx: TestContext;
  beforeAll(async () => {
    gateway = await startTestSmsGateway();
    ctx = await buildTestApp({ config: { sms: { ...testConfig().sms, gateway: gateway.config } } });
  });
  afterAll(async () => {
    await ctx?.close();
    await gateway?.close();
  });

  it('does not exist: 404 to the system admin', async () => {
    expect(ctx.app.sms.kind).toBe('gateway');
    const response = await ctx.inject({ url: '/api/dev/outbox' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
    expect(ctx.app.routeList.some((route) => route.url.startsWith('/api/dev/'))).toBe(false);
  });

  it('sends through the gateway and stores nothing in the outbox', async () => {
    await ctx.app.sms.send({ to: '+905321234567', text: 'Giriş kodunuz: 5555' });
    expect(gateway.lastTextTo('+905321234567')).toBe('Giriş kodunuz: 5555');
    expect(await ctx.database.db.select().from(smsOutbox)).toEqual([]);
  });
});

describe('GET /api/dev/outbox in production', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ config: { production: true } });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('does not exist even with the outbox driver: no one reads sign-in codes on a live server', async () => {
    expect(ctx.app.sms.kind).toBe('outbox');
    const response = await ctx.inject({ url: '/api/dev/outbox' });
    expect(response.statusCode).toBe(404);
  });
});
