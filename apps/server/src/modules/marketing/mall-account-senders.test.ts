import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { mailOutbox } from '../../platform/mail/mail-outbox.tables';
import { partsOf, startTestSmtpServer } from '../../platform/mail/test-smtp-server';
import { startTestSmsGateway, type TestSmsGateway } from '../../platform/sms/test-sms-gateway';
import { customers } from '../customers/customers.tables';
import { microSiteFixtures, type TestMall } from '../micro-site/micro-site.fixtures';
import { reservationFixtures } from '../reservations/reservations.fixtures';

/**
 * Spec §3 "Provider accounts split by accountType otp, bulk, transactional": a sign-in code goes
 * through the mall's otp SMS account, the opt-in mail through its transactional mail account, when
 * the mall has them; otherwise (and for another mall) through the server's own drivers (here the
 * outboxes).
 */
const ctx = useTestApp();
const { nextPhone, e164, newMall, call, smsTo } = microSiteFixtures(ctx);
const reservations = reservationFixtures(ctx);
let gateway: TestSmsGateway;
let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
beforeAll(async () => {
  gateway = await startTestSmsGateway();
  smtp = await startTestSmtpServer();
});
afterAll(async () => {
  await gateway?.close();
  await smtp?.close();
});

const addAccount = async (mall: TestMall, account: object) => {
  const response = await ctx.inject({
    method: 'POST',
    url: `/api/marketing/provider-accounts?locationId=${mall._id}`,
    payload: account,
  });
  expect(response.statusCode, response.body).toBe(201);
};
const smsAccount = (kind: string) => ({
  account_channel: 'sms',
  account_kind: kind,
  account_name: `NetGSM ${kind}`,
  account_sender: gateway.config.sender,
  account_endpoint: gateway.config.url,
  account_credentials: { user: gateway.config.user, password: gateway.config.password },
});
const mailAccount = (kind: string) => ({
  account_channel: 'email',
  account_kind: kind,
  account_name: `SMTP ${kind}`,
  account_sender: 'bilgi@denizavm.example.com',
  account_sender_name: 'Deniz AVM',
  account_endpoint: `smtp://127.0.0.1:${smtp.port}`,
});
const askCode = (mall: TestMall, phone: string) =>
  call('POST', '/ext/customers/check', { customer_phone: phone }, { mall });

const newCustomer = async (mall: TestMall, email: string) => {
  const [row] = await ctx.database.db
    .insert(customers)
    .values({
      location_id: mall._id,
      customer_phone: e164(nextPhone()),
      customer_email: email,
      customer_kvkk_permission: true,
    })
    .returning({ _id: customers._id, phone: customers.customer_phone });
  return row!;
};
const optIn = (mall: TestMall, customerId: string, channel: 'sms' | 'email') =>
  ctx.inject({
    method: 'POST',
    url: `/api/customer/profile/${customerId}/opt-in?locationId=${mall._id}`,
    payload: { channel },
  });
const outboxMailTo = (to: string) => ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

describe('messages sent for a mall through its own accounts', () => {
  it('a sign-in code goes through the mall’s otp SMS account, informational; without one (or with only a bulk one) through the server’s', async () => {
    const own = await newMall('Deniz AVM');
    const bulkOnly = await newMall();
    await addAccount(own, smsAccount('otp'));
    await addAccount(bulkOnly, smsAccount('bulk'));

    const phone = nextPhone();
    const asked = await askCode(own, phone);
    expect(asked.statusCode, asked.body).toBe(200);
    const received = gateway.received.filter((sms) => sms.to === e164(phone));
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ header: gateway.config.sender, iysfilter: '0' });
    expect(received[0]!.text).toMatch(/\d{4}/);
    expect(await smsTo(phone)).toHaveLength(0);

    const elsewhere = nextPhone();
    expect((await askCode(bulkOnly, elsewhere)).statusCode).toBe(200);
    expect(gateway.timesSentTo(e164(elsewhere))).toBe(0);
    expect(await smsTo(elsewhere)).toHaveLength(1);
  });

  it('a mall’s otp account that refuses: the code is not sent (503) and not handed to the server’s driver instead', async () => {
    const mall = await newMall();
    await addAccount(mall, { ...smsAccount('otp'), account_credentials: { user: 'x', password: 'yanlış' } });
    const phone = nextPhone();
    const asked = await askCode(mall, phone);
    expect(asked.statusCode).toBe(503);
    expect(asked.json()).toMatchObject({ code: 'SMS_NOT_SENT' });
    expect(await smsTo(phone)).toHaveLength(0);
  });

  it('the opt-in mail goes through the mall’s transactional mail account and the SMS through its otp account; another mall’s through the server’s', async () => {
    const own = await newMall('Deniz Park AVM');
    const other = await newMall();
    await addAccount(own, mailAccount('transactional'));
    await addAccount(own, smsAccount('otp'));
    await addAccount(other, mailAccount('bulk'));

    const customer = await newCustomer(own, 'elif@musteri.example.com');
    const mailed = await optIn(own, customer._id, 'email');
    expect(mailed.statusCode, mailed.body).toBe(200);
    const mail = smtp.received.filter((each) => each.to.includes('elif@musteri.example.com'));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.from).toBe('bilgi@denizavm.example.com');
    expect(partsOf(mail[0]!.raw).text).toContain('/ext/customers/notification/validation?notificationToken=');
    expect(await outboxMailTo('elif@musteri.example.com')).toHaveLength(0);
    expect((await optIn(own, customer._id, 'sms')).statusCode).toBe(200);
    expect(gateway.timesSentTo(customer.phone)).toBe(1);

    const theirs = await newCustomer(other, 'can@musteri.example.com');
    expect((await optIn(other, theirs._id, 'email')).statusCode).toBe(200);
    expect(smtp.received.some((each) => each.to.includes('can@musteri.example.com'))).toBe(false);
    expect(await outboxMailTo('can@musteri.example.com')).toHaveLength(1);
  });

  it('staff messages about a reservation, and its status SMS, go through the mall’s transactional accounts', async () => {
    const own = await newMall('Deniz Outlet AVM');
    await addAccount(own, smsAccount('transactional'));
    await addAccount(own, mailAccount('transactional'));
    const area = await reservations.newArea(own);
    const phone = nextPhone();
    const booked = await reservations.book(own, area, {
      reservation_customer_phone: phone,
      reservation_customer_email: 'rezervasyon@musteri.example.com',
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const path = `/reservations/${booked.json()._id}`;

    const sms = await reservations.call(own, 'PUT', `${path}/send-sms`, {
      sms_title: 'Rezervasyon',
      sms_text: 'Lütfen 15 dakika önce gelin.',
    });
    expect(sms.statusCode, sms.body).toBe(200);
    expect(gateway.lastTextTo(e164(phone))).toBe('Rezervasyon: Lütfen 15 dakika önce gelin.');
    const accepted = await reservations.call(own, 'PUT', `${path}/update-status`, {
      reservation_status: 'accepted',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(gateway.timesSentTo(e164(phone))).toBe(2);
    expect(await smsTo(phone)).toHaveLength(0);

    const mail = await reservations.call(own, 'PUT', `${path}/send-email`, {
      email_title: 'Rezervasyonunuz hakkında',
      email_text: 'Masanız hazır olacak.',
    });
    expect(mail.statusCode, mail.body).toBe(200);
    const received = smtp.received.filter((each) => each.to.includes('rezervasyon@musteri.example.com'));
    expect(received.map((each) => each.from)).toEqual(['bilgi@denizavm.example.com']);
    expect(await outboxMailTo('rezervasyon@musteri.example.com')).toHaveLength(0);
  });
});
