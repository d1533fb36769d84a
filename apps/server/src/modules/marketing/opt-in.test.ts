import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { mailOutbox } from '../../platform/mail/mail-outbox.tables';
import { smsOutbox } from '../../platform/sms/sms-outbox.tables';
import { customerConsentEvents, customers } from '../customers/customers.tables';
import { notificationOptIns } from './marketing-accounts.tables';

const ctx = useTestApp();

let phones = 0;
const newCustomer = async (locationId: string, values: Partial<typeof customers.$inferInsert> = {}) => {
  const phone = `+90538${String(4_000_000 + ++phones)}`;
  const [row] = await ctx.database.db
    .insert(customers)
    .values({
      location_id: locationId,
      customer_phone: phone,
      customer_email: `musteri${phones}@example.com`,
      customer_kvkk_permission: true,
      ...values,
    })
    .returning({ _id: customers._id });
  return { id: row!._id, phone, email: `musteri${phones}@example.com` };
};

const start = (locationId: string, customerId: string, channel: 'sms' | 'email') =>
  ctx.inject({
    method: 'POST',
    url: `/api/customer/profile/${customerId}/opt-in?locationId=${locationId}`,
    headers: { 'accept-language': 'en' },
    payload: { channel },
  });

const confirm = (notificationToken: string, notificationCode: string, lang = 'en') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/ext/customers/notification/confirm',
    headers: { 'accept-language': lang },
    payload: { notificationToken, notificationCode },
  });

/** The link's token and the code of the newest message. */
const sentTo = async (channel: 'sms' | 'email', to: string) => {
  const [message] =
    channel === 'sms'
      ? await ctx.database.db
          .select()
          .from(smsOutbox)
          .where(eq(smsOutbox.to, to))
          .orderBy(desc(smsOutbox.created_at))
      : await ctx.database.db
          .select()
          .from(mailOutbox)
          .where(eq(mailOutbox.to, to))
          .orderBy(desc(mailOutbox.created_at));
  const text = message!.text;
  expect(text).toContain('/ext/customers/notification/validation?notificationToken=');
  return {
    token: /notificationToken=([A-Za-z0-9_-]{43})/.exec(text)![1]!,
    code: / (\d{4}) kodunu/.exec(text)![1]!,
  };
};
const otherCode = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

const history = (customerId: string) =>
  ctx.database.db
    .select()
    .from(customerConsentEvents)
    .where(eq(customerConsentEvents.customer_id, customerId));

describe('double opt-in', () => {
  it('grants the SMS consent with the right code, through the consent history, once; a wrong code counts', async () => {
    const mall = await ctx.newLocation({ location_name: 'Deniz AVM' });
    const customer = await newCustomer(mall._id);
    const started = await start(mall._id, customer.id, 'sms');
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ sent: true });
    const { token, code } = await sentTo('sms', customer.phone);
    const [row] = await ctx.database.db
      .select()
      .from(notificationOptIns)
      .where(eq(notificationOptIns.customer_id, customer.id));
    expect(row!.opt_in_token_hash).not.toContain(token);
    expect(row!.opt_in_code_hash).not.toBe(code);

    const wrong = await confirm(token, otherCode(code));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'SMS_CODE_INVALID',
      fields: { notificationCode: expect.any(String) },
    });
    expect(wrong.json().message).toContain('4');
    const right = await confirm(token, code);
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toEqual({ confirmed: true, channel: 'sms', location_name: 'Deniz AVM' });
    expect((await confirm(token, code)).statusCode).toBe(200);
    const [state] = await ctx.database.db
      .select({ sms: customers.customer_sms_permission })
      .from(customers)
      .where(eq(customers._id, customer.id));
    expect(state!.sms).toBe(true);
    expect(await history(customer.id)).toMatchObject([
      { channel: 'sms', granted: true, source: 'double opt-in', client_address: '127.0.0.1' },
    ]);
    const [confirmed] = await ctx.database.db
      .select()
      .from(notificationOptIns)
      .where(eq(notificationOptIns.customer_id, customer.id));
    expect(confirmed!.opt_in_confirmed_at).not.toBeNull();
  });

  it('spends an email code after five wrong tries, and refuses an expired one', async () => {
    const mall = await ctx.newLocation();
    const customer = await newCustomer(mall._id);
    expect((await start(mall._id, customer.id, 'email')).statusCode).toBe(200);
    const { token, code } = await sentTo('email', customer.email);
    const answers = [];
    for (let attempt = 0; attempt < 5; attempt++)
      answers.push((await confirm(token, otherCode(code))).json().code);
    expect(answers).toEqual([
      'SMS_CODE_INVALID',
      'SMS_CODE_INVALID',
      'SMS_CODE_INVALID',
      'SMS_CODE_INVALID',
      'SMS_CODE_SPENT',
    ]);
    const late = await confirm(token, code, 'tr');
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ code: 'SMS_CODE_SPENT' });
    expect(await history(customer.id)).toEqual([]);

    const other = await newCustomer(mall._id);
    expect((await start(mall._id, other.id, 'email')).statusCode).toBe(200);
    const sent = await sentTo('email', other.email);
    await ctx.database.db
      .update(notificationOptIns)
      .set({ opt_in_expires_at: new Date(Date.now() - 1000) })
      .where(eq(notificationOptIns.customer_id, other.id));
    const expired = await confirm(sent.token, sent.code);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({
      code: 'SMS_CODE_EXPIRED',
      fields: { notificationCode: expect.any(String) },
    });
    expect(await history(other.id)).toEqual([]);
  });

  it('refuses an unknown token, a resend too soon, a customer without KVKK consent or address, and a bad code format', async () => {
    const mall = await ctx.newLocation();
    const unknown = await confirm('A'.repeat(43), '1234');
    expect(unknown.statusCode).toBe(404);
    expect(Object.keys(unknown.json().fields)).toEqual(['notificationToken']);
    const format = await confirm('A'.repeat(43), '12a4');
    expect(format.statusCode).toBe(400);
    expect(Object.keys(format.json().fields)).toEqual(['notificationCode']);

    const customer = await newCustomer(mall._id);
    expect((await start(mall._id, customer.id, 'sms')).statusCode).toBe(200);
    const soon = await start(mall._id, customer.id, 'sms');
    expect(soon.statusCode).toBe(429);
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(0);

    const noKvkk = await newCustomer(mall._id, { customer_kvkk_permission: false });
    const refused = await start(mall._id, noKvkk.id, 'sms');
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().fields)).toEqual(['channel']);
    const noEmail = await newCustomer(mall._id, { customer_email: null });
    const noAddress = await start(mall._id, noEmail.id, 'email');
    expect(noAddress.statusCode).toBe(400);
    expect(Object.keys(noAddress.json().fields)).toEqual(['channel']);
    // Another mall's customer is not found.
    const other = await ctx.newLocation();
    expect((await start(other._id, customer.id, 'email')).statusCode).toBe(404);
  });
});
