import type { Location } from '@avlu/contracts';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { startJobs } from '../../platform/jobs';
import { partsOf } from '../../platform/mail/test-smtp-server';
import { auditLog } from '../audit/audit.tables';
import { changeConsent } from '../customers/consents.service';
import { emailHtmlOf, unsubscribeSigner } from './dispatch.content';
import {
  addCustomers,
  addPushAccount,
  addPushToken,
  markInProgress,
  messagesOf,
  notificationRow,
  settled,
  useDispatchApp,
} from './dispatch.fixtures';
import { scheduleMarketingDispatch } from './dispatch.job';
import { createSenders } from './dispatch.senders';
import { writeMessages } from './dispatch.service';
import { createDispatcher, DISPATCH_DEFAULTS } from './dispatch.worker';
import type { NotificationRow } from './marketing.tables';
import { customerPushTokens, providerAccounts } from './marketing-accounts.tables';
import {
  emailOptOuts,
  externalMailAddresses,
  externalMailLists,
  mallPosts,
} from './marketing-directory.tables';
import { fetchDeliveryReports } from './reports.service';
import { TEST_SENDS_PER_MALL_PER_HOUR } from './test-sends.service';

const context = useDispatchApp();
const SMS_TEXT = 'Hafta sonu tüm mağazalarda %20 indirim sizi bekliyor!';

type Method = 'GET' | 'POST' | 'PUT';
const call = (
  mall: Pick<Location, '_id'>,
  method: Method,
  path: string,
  payload?: object,
  headers: Record<string, string> = {},
) =>
  context.ctx.inject({
    method,
    url: `/api${path}${path.includes('?') ? '&' : '?'}locationId=${mall._id}`,
    headers: { 'accept-language': 'en', ...headers },
    ...(payload ? { payload } : {}),
  });

const newSms = async (
  mall: Pick<Location, '_id'>,
  overrides: object = {},
  headers: Record<string, string> = {},
) => {
  const response = await call(
    mall,
    'POST',
    '/marketing/sms-notifications',
    {
      sms_notification_title: 'Hafta sonu',
      sms_notification_text: SMS_TEXT,
      sms_notification_filters: '',
      ...overrides,
    },
    headers,
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json()._id as string;
};

const send = async (
  mall: Pick<Location, '_id'>,
  kind: string,
  id: string,
  headers: Record<string, string> = {},
) => {
  const response = await call(mall, 'PUT', `/marketing/${kind}-notifications/${id}/send`, undefined, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

const report = async (mall: Pick<Location, '_id'>, kind: string, id: string, query = '') => {
  const response = await call(mall, 'GET', `/marketing/${kind}-notifications/${id}/report${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

const receivedBy = (phones: string[]) => phones.map((phone) => context.gateway.timesSentTo(phone));

afterEach(() => {
  context.gateway.behave({ kind: 'accept' });
  context.gateway.setDelivery(() => ({ status: 1 }));
});

describe('dispatch', () => {
  it('sends a commercial SMS now only to the consenting customers, once each; the report counts them', async () => {
    const { ctx } = context;
    const mall = await ctx.newLocation();
    const consenting = await addCustomers(ctx, mall, 3);
    const refusing = await addCustomers(ctx, mall, 2, { customer_sms_permission: false });
    const id = await newSms(mall);

    const answer = await send(mall, 'sms', id);
    expect(answer).toMatchObject({
      _id: id,
      state: 'send_in_progress',
      potential: 3,
      approval_threshold: null,
    });
    const row = await settled(ctx, id);
    expect(row).toMatchObject({
      notification_state: 'sent',
      notification_recipient_count: 3,
      notification_sent_count: 3,
      notification_parts_count: 3,
      // Sent through the server's gateway: no account of the mall's.
      notification_account_id: null,
    });
    expect(receivedBy(consenting.map((each) => each.phone))).toEqual([1, 1, 1]);
    expect(receivedBy(refusing.map((each) => each.phone))).toEqual([0, 0]);
    const texts = context.gateway.received.filter((sms) => consenting.some((each) => each.phone === sms.to));
    expect(texts.every((sms) => sms.text === SMS_TEXT && sms.iysfilter === '11')).toBe(true);

    // Sending it again is refused; writing and running again adds and sends nothing.
    const again = await call(mall, 'PUT', `/marketing/sms-notifications/${id}/send`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'NOTIFICATION_NOT_SENDABLE' });
    await markInProgress(ctx, id);
    const dispatcher = createDispatcher({
      db: ctx.database.db,
      config: ctx.config,
      senders: createSenders(ctx.config),
    });
    await dispatcher.run(id);
    expect(await messagesOf(ctx, id)).toHaveLength(3);
    expect(receivedBy(consenting.map((each) => each.phone))).toEqual([1, 1, 1]);

    const counted = await report(mall, 'sms', id, '?limit=2');
    expect(counted).toMatchObject({
      state: 'sent',
      recipients: 3,
      sent: 3,
      delivered: 0,
      failed: 0,
      skipped_no_consent: 0,
      sms_parts: 3,
      messages: { pagination: { total: 3, limit: 2, totalPages: 2 } },
    });
    expect(counted.messages.data).toHaveLength(2);
    expect(consenting.map((each) => each.phone)).toContain(counted.messages.data[0].recipient);

    // The delivery report job: one number refused by İYS, the others delivered.
    const optedOut = consenting[0]!.phone;
    context.gateway.setDelivery((no) => (`+${no}` === optedOut ? { status: 16 } : { status: 1 }));
    await fetchDeliveryReports(ctx.database.db, createSenders(ctx.config));
    expect(await report(mall, 'sms', id)).toMatchObject({ sent: 3, delivered: 2, opted_out: 1 });
    const delivered = await report(mall, 'sms', id, '?state=delivered');
    expect(delivered.messages.data.map((each: { recipient: string }) => each.recipient).sort()).toEqual(
      consenting
        .slice(1)
        .map((each) => each.phone)
        .sort(),
    );

    const file = await call(mall, 'GET', `/marketing/sms-notifications/${id}/report/export`);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
  });

  it('an informational SMS goes to every customer with a phone, consent or not', async () => {
    const { ctx } = context;
    const mall = await ctx.newLocation();
    const all = [
      ...(await addCustomers(ctx, mall, 2)),
      ...(await addCustomers(ctx, mall, 2, { customer_sms_permission: false })),
    ];
    const id = await newSms(mall, { sms_notification_is_commercial: false });
    await send(mall, 'sms', id);
    expect(await settled(ctx, id)).toMatchObject({ notification_state: 'sent', notification_sent_count: 4 });
    expect(receivedBy(all.map((each) => each.phone))).toEqual([1, 1, 1, 1]);
    expect(context.gateway.received.find((sms) => sms.to === all[3]!.phone)?.iysfilter).toBe('0');
  });

  it('consent revoked after the messages were written: that customer is skipped for no consent', async () => {
    const { ctx } = context;
    const mall = await ctx.newLocation();
    const [first, second] = await addCustomers(ctx, mall, 2);
    const id = await newSms(mall);
    await markInProgress(ctx, id);
    await writeMessages(ctx.database.db, id);
    await changeConsent(ctx.database.db, {
      customerId: first!._id,
      locationId: mall._id,
      type: 'sms',
      value: false,
      source: 'staff',
    });
    const dispatcher = createDispatcher({
      db: ctx.database.db,
      config: ctx.config,
      senders: createSenders(ctx.config),
    });
    expect(await dispatcher.run(id)).toBe('sent');
    expect(receivedBy([first!.phone, second!.phone])).toEqual([0, 1]);
    expect(await report(mall, 'sms', id)).toMatchObject({ recipients: 2, sent: 1, skipped_no_consent: 1 });
    const skipped = (await messagesOf(ctx, id)).find((message) => message.customer_id === first!._id);
    expect(skipped).toMatchObject({ message_state: 'skipped', message_error_code: 'NO_CONSENT' });
  });

  it('a scheduled SMS is sent by the jobs at its moment; a customer who revoked consent meanwhile gets nothing', async () => {
    const { ctx } = context;
    const mall = await ctx.newLocation();
    const [keeps, revokes] = await addCustomers(ctx, mall, 2);
    const at = new Date(Date.now() + 5000).toISOString();
    const id = await newSms(mall, { sms_notification_scheduled_for_datetime: at });
    expect((await notificationRow(ctx, id)).notification_state).toBe('scheduled');
    await changeConsent(ctx.database.db, {
      customerId: revokes!._id,
      locationId: mall._id,
      type: 'sms',
      value: false,
      source: 'micro-site',
    });
    const jobs = await startJobs({
      queue: ctx.database.queue,
      logger: pino({ level: 'silent' }),
      pollingIntervalSeconds: 0.5,
    });
    try {
      await scheduleMarketingDispatch(jobs, ctx.database.db, ctx.config, pino({ level: 'silent' }));
      while (Date.now() < new Date(at).getTime() + 50)
        await new Promise((resolve) => setTimeout(resolve, 100));
      await jobs.send('marketing.due', {});
      expect(await settled(ctx, id)).toMatchObject({
        notification_state: 'sent',
        notification_sent_count: 1,
      });
    } finally {
      await jobs.stop();
    }
    expect(receivedBy([keeps!.phone, revokes!.phone])).toEqual([1, 0]);
  });

  it('over the threshold a send waits for approval by another user with the permission', async () => {
    const { ctx } = context;
    const mall = await ctx.newLocation();
    const badThreshold = await call(mall, 'PUT', '/marketing/settings', { marketing_approval_threshold: 0 });
    expect(badThreshold.statusCode).toBe(400);
    expect(badThreshold.json().fields).toHaveProperty('marketing_approval_threshold');
    const setting = await call(mall, 'PUT', '/marketing/settings', { marketing_approval_threshold: 1 });
    expect(setting.statusCode, setting.body).toBe(200);
    expect((await call(mall, 'GET', '/marketing/settings')).json()).toEqual({
      marketing_approval_threshold: 1,
      marketing_iys_brand_code: null,
    });
    const recipients = await addCustomers(ctx, mall, 2);
    const subjects = ['modules:marketing:sms-notifications', 'modules:marketing:marketing'];
    const creator = await ctx.newStaff({ subjects, locations: [mall] });
    const noPermission = await ctx.newStaff({
      subjects: ['modules:marketing:sms-notifications'],
      locations: [mall],
    });
    const approver = await ctx.newStaff({ subjects, locations: [mall] });
    const notAdmin = await call(
      mall,
      'PUT',
      '/marketing/settings',
      { marketing_approval_threshold: 5 },
      approver.headers,
    );
    expect(notAdmin.statusCode).toBe(403);
    const id = await newSms(mall, {}, creator.headers);

    expect(await send(mall, 'sms', id, creator.headers)).toMatchObject({
      state: 'waiting_for_approval',
      potential: 2,
      approval_threshold: 1,
    });
    const edit = await call(
      mall,
      'PUT',
      `/marketing/sms-notifications/${id}/send`,
      undefined,
      creator.headers,
    );
    expect(edit.statusCode).toBe(409);
    const own = await call(
      mall,
      'PUT',
      `/marketing/sms-notifications/${id}/approve`,
      undefined,
      creator.headers,
    );
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ code: 'NOTIFICATION_OWN_APPROVAL' });
    const denied = await call(
      mall,
      'PUT',
      `/marketing/sms-notifications/${id}/approve`,
      undefined,
      noPermission.headers,
    );
    expect(denied.statusCode).toBe(403);
    expect(receivedBy(recipients.map((each) => each.phone))).toEqual([0, 0]);

    const approved = await call(
      mall,
      'PUT',
      `/marketing/sms-notifications/${id}/approve`,
      undefined,
      approver.headers,
    );
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ state: 'send_in_progress' });
    expect(await settled(ctx, id)).toMatchObject({
      notification_state: 'sent',
      notification_approved_by: approver._id,
    });
    expect(receivedBy(recipients.map((each) => each.phone))).toEqual([1, 1]);
    const twice = await call(
      mall,
      'PUT',
      `/marketing/sms-notifications/${id}/approve`,
      undefined,
      approver.headers,
    );
    expect(twice.json()).toMatchObject({ code: 'NOTIFICATION_NOT_WAITING_FOR_APPROVAL' });
  });

  it('a send waiting for approval is withdrawn to created by its author or an approver, audited, and edited again', async () => {
    const { ctx } = context;
    const mall = await ctx.newLocation();
    const other = await ctx.newLocation();
    await call(mall, 'PUT', '/marketing/settings', { marketing_approval_threshold: 1 });
    const recipients = await addCustomers(ctx, mall, 2);
    const subjects = ['modules:marketing:sms-notifications', 'modules:marketing:marketing'];
    const creator = await ctx.newStaff({ subjects: [subjects[0]!], locations: [mall] });
    const colleague = await ctx.newStaff({ subjects: [subjects[0]!], locations: [mall] });
    const approver = await ctx.newStaff({ subjects, locations: [mall] });
    const id = await newSms(mall, {}, creator.headers);
    const withdraw = (headers: Record<string, string>, of: Pick<Location, '_id'> = mall) =>
      call(of, 'PUT', `/marketing/sms-notifications/${id}/withdraw`, undefined, headers);

    // Only a send that waits can be withdrawn.
    const early = await withdraw(creator.headers);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'NOTIFICATION_NOT_WAITING_FOR_APPROVAL' });
    expect(await send(mall, 'sms', id, creator.headers)).toMatchObject({ state: 'waiting_for_approval' });

    // Another mall's user does not see it; a colleague without the approval permission may not.
    expect((await withdraw(creator.headers, other)).statusCode).toBe(403);
    expect((await withdraw({}, other)).statusCode).toBe(404);
    const denied = await withdraw({ ...colleague.headers, 'accept-language': 'tr' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ code: 'NOTIFICATION_WITHDRAW_DENIED' });
    expect(denied.json().message).toContain('geri çekebilir');

    // Its author takes it back: created, editable, nothing sent, audited.
    const back = await withdraw(creator.headers);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ _id: id, state: 'created', potential: 2, approval_threshold: 1 });
    expect(await notificationRow(ctx, id)).toMatchObject({
      notification_state: 'created',
      notification_sent_by: null,
      notification_send_requested_at: null,
      notification_updated_by: creator._id,
    });
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'notification.withdrawn'), eq(auditLog.entity_id, id)));
    expect(entry).toMatchObject({
      actor_admin_id: creator._id,
      location_id: mall._id,
      details: { kind: 'sms', state: 'created', from: 'waiting_for_approval', requested_by: creator._id },
    });
    const edited = await call(
      mall,
      'PUT',
      `/marketing/sms-notifications/${id}`,
      {
        sms_notification_title: 'Hafta sonu (düzeltildi)',
        sms_notification_text: SMS_TEXT,
        sms_notification_filters: '',
      },
      creator.headers,
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await withdraw(creator.headers)).statusCode).toBe(409);

    // A user with the approval permission may withdraw someone else's send (a refusal), not approve it later.
    expect(await send(mall, 'sms', id, colleague.headers)).toMatchObject({ state: 'waiting_for_approval' });
    const refused = await withdraw(approver.headers);
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json()).toMatchObject({ state: 'created' });
    const approveAfter = await call(
      mall,
      'PUT',
      `/marketing/sms-notifications/${id}/approve`,
      undefined,
      approver.headers,
    );
    expect(approveAfter.statusCode).toBe(409);
    expect(await messagesOf(ctx, id)).toHaveLength(0);
    expect(receivedBy(recipients.map((each) => each.phone))).toEqual([0, 0]);
  });

  it('test sends go at once to the given phones or addresses only and are not the campaign’s messages', async () => {
    const { ctx } = context;
    const mall = await ctx.newLocation();
    await addCustomers(ctx, mall, 2);
    const id = await newSms(mall);
    const tested = await call(mall, 'PUT', `/marketing/sms-notifications/${id}/test`, {
      phones: ' 0532 111 22 33 ; 0532 111 22 44,0532 111 22 33',
    });
    expect(tested.statusCode, tested.body).toBe(200);
    expect(tested.json()).toMatchObject({
      sent: 2,
      results: [
        { to: '+905321112233', state: 'sent' },
        { to: '+905321112244', state: 'sent' },
      ],
    });
    expect(receivedBy(['+905321112233', '+905321112244'])).toEqual([1, 1]);
    expect(await messagesOf(ctx, id)).toHaveLength(0);
    expect((await notificationRow(ctx, id)).notification_state).toBe('created');

    const bad = await call(mall, 'PUT', `/marketing/sms-notifications/${id}/test`, {
      phones: '0532 111 22 33; 12',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)[0]).toMatch(/^phones/);
    const many = await call(mall, 'PUT', `/marketing/sms-notifications/${id}/test`, {
      phones: Array.from({ length: 11 }, (_, index) => `0532 111 23 ${String(index).padStart(2, '0')}`),
    });
    expect(many.statusCode).toBe(400);
    expect(many.json().fields).toHaveProperty('phones');

    const mailId = (
      await call(mall, 'POST', '/marketing/email-notifications', {
        email_notification_subject: 'Yaz indirimleri',
        email_notification_preview_text: 'Yaz indirimleri başladı',
        email_notification_content_type: 'HTML',
        html_content: '<p>Merhaba, <b>indirim</b> başladı</p><script>alert(1)</script>',
      })
    ).json()._id;
    const before = context.smtp.received.length;
    const mailed = await call(mall, 'PUT', `/marketing/email-notifications/${mailId}/test`, {
      emails: ' deneme@avm.example.com ;ikinci@avm.example.com ',
    });
    expect(mailed.statusCode, mailed.body).toBe(200);
    expect(mailed.json().sent).toBe(2);
    const mails = context.smtp.received.slice(before);
    expect(mails.map((mail) => mail.to[0]).sort()).toEqual([
      'deneme@avm.example.com',
      'ikinci@avm.example.com',
    ]);
    expect(mails[0]!.raw).toContain('List-Unsubscribe');
    expect(mails[0]!.raw).not.toContain('<script>');
    expect(await messagesOf(ctx, mailId)).toHaveLength(0);
    const badMail = await call(mall, 'PUT', `/marketing/email-notifications/${mailId}/test`, {
      emails: 'bu-bir-adres-değil',
    });
    expect(badMail.statusCode).toBe(400);
    // A mall's tests an hour are counted: past the limit, 429 with Retry-After.
    let last = 0;
    for (let index = 0; index < TEST_SENDS_PER_MALL_PER_HOUR; index++) {
      last = (
        await call(mall, 'PUT', `/marketing/sms-notifications/${id}/test`, { phones: '0532 111 22 33' })
      ).statusCode;
      if (last === 429) break;
    }
    const limited = await call(mall, 'PUT', `/marketing/sms-notifications/${id}/test`, {
      phones: '0532 111 22 33',
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('a permanent refusal is recorded per message; a 5xx is retried after a back-off', async () => {
    const { ctx } = context;
    const mall = await ctx.newLocation();
    const refusedIds = await addCustomers(ctx, mall, 2);
    const refused = await newSms(mall);
    context.gateway.behaveNext({ kind: 'refuse', code: '20' });
    await send(mall, 'sms', refused);
    expect(await settled(ctx, refused)).toMatchObject({
      notification_state: 'error',
      notification_failed_count: 2,
    });
    expect(
      (await messagesOf(ctx, refused)).map((message) => [message.message_state, message.message_error_code]),
    ).toEqual([
      ['failed', '20'],
      ['failed', '20'],
    ]);
    expect(receivedBy(refusedIds.map((each) => each.phone))).toEqual([0, 0]);

    const mall2 = await ctx.newLocation();
    const retried = await addCustomers(ctx, mall2, 2);
    const id = await newSms(mall2);
    const base = DISPATCH_DEFAULTS.retryBaseMs;
    DISPATCH_DEFAULTS.retryBaseMs = 200;
    try {
      context.gateway.behaveNext({ kind: 'status', status: 503 });
      await send(mall2, 'sms', id);
      expect(await settled(ctx, id)).toMatchObject({
        notification_state: 'sent',
        notification_sent_count: 2,
      });
    } finally {
      DISPATCH_DEFAULTS.retryBaseMs = base;
    }
    expect((await messagesOf(ctx, id)).map((message) => message.message_attempts)).toEqual([2, 2]);
    expect(receivedBy(retried.map((each) => each.phone))).toEqual([1, 1]);

    // Email: one address refused for good (550), the other sent.
    const mall3 = await ctx.newLocation();
    await addCustomers(ctx, mall3, 1, { customer_email: 'reddet@avm.example.com' });
    await addCustomers(ctx, mall3, 1, { customer_email: 'kabul@avm.example.com' });
    const mail = (
      await call(mall3, 'POST', '/marketing/email-notifications', {
        email_notification_subject: 'Yaz indirimleri',
        email_notification_preview_text: 'Yaz indirimleri başladı',
        email_notification_content_type: 'HTML',
        html_content: '<p>Merhaba</p>',
      })
    ).json()._id;
    await send(mall3, 'email', mail);
    expect(await settled(ctx, mail)).toMatchObject({
      notification_state: 'sent',
      notification_sent_count: 1,
      notification_failed_count: 1,
    });
    expect(await report(mall3, 'email', mail)).toMatchObject({ recipients: 2, sent: 1, failed: 1 });
  });

  it('a commercial SMS through the mall’s NetGSM account carries its app name, and its audit the mall’s İYS brand code', async () => {
    const { ctx, gateway } = context;
    const mall = await ctx.newLocation();
    const created = await call(mall, 'POST', '/marketing/provider-accounts', {
      account_channel: 'sms',
      account_kind: 'bulk',
      account_name: 'NetGSM kampanya',
      account_sender: gateway.config.sender,
      account_appname: 'avlu-kampanya',
      account_endpoint: gateway.config.url,
      account_credentials: { user: gateway.config.user, password: gateway.config.password },
    });
    expect(created.statusCode, created.body).toBe(201);
    const settings = await call(mall, 'PUT', '/marketing/settings', { marketing_iys_brand_code: '654321' });
    expect(settings.json()).toEqual({
      marketing_approval_threshold: null,
      marketing_iys_brand_code: '654321',
    });
    const recipients = await addCustomers(ctx, mall, 2);
    const id = await newSms(mall);
    await send(mall, 'sms', id);
    expect(await settled(ctx, id)).toMatchObject({
      notification_state: 'sent',
      notification_sent_count: 2,
      notification_account_id: created.json()._id,
    });
    const texts = context.gateway.received.filter((sms) => recipients.some((each) => each.phone === sms.to));
    expect(texts.map((sms) => [sms.appname, sms.iysfilter])).toEqual([
      ['avlu-kampanya', '11'],
      ['avlu-kampanya', '11'],
    ]);
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'notification.send_requested'), eq(auditLog.entity_id, id)));
    expect(entry?.details).toMatchObject({ iys_brand_code: '654321', potential: 2 });
  });

  it('sends a push to each customer’s devices through the mall’s FCM account; an unregistered token is removed', async () => {
    const { ctx, fcm } = context;
    const mall = await ctx.newLocation();
    const noAccount = await call(mall, 'POST', '/marketing/push-notifications', {
      push_notification_text_tr: 'Yeni kampanyalar sizi bekliyor',
    });
    const refusedSend = await call(mall, 'PUT', `/marketing/push-notifications/${noAccount.json()._id}/send`);
    expect(refusedSend.statusCode).toBe(409);
    expect(refusedSend.json()).toMatchObject({ code: 'NOTIFICATION_NO_PROVIDER' });

    await addPushAccount(context, mall);
    const [one, two] = await addCustomers(ctx, mall, 2);
    await addPushToken(ctx, mall, one!._id, 'cihaz-1');
    await addPushToken(ctx, mall, two!._id, 'cihaz-2');
    fcm.unregister('cihaz-2');
    const id = noAccount.json()._id;
    await send(mall, 'push', id);
    const [account] = await ctx.database.db
      .select({ _id: providerAccounts._id })
      .from(providerAccounts)
      .where(and(eq(providerAccounts.location_id, mall._id), eq(providerAccounts.account_channel, 'push')));
    expect(await settled(ctx, id)).toMatchObject({
      notification_state: 'sent',
      notification_sent_count: 1,
      notification_failed_count: 1,
      // The account it went through is recorded with it.
      notification_account_id: account!._id,
    });
    expect(fcm.timesSentTo('cihaz-1')).toBe(1);
    expect(await report(mall, 'push', id)).toMatchObject({ recipients: 2, sent: 1, failed: 1 });
    const left = await ctx.database.db
      .select()
      .from(customerPushTokens)
      .where(eq(customerPushTokens.location_id, mall._id));
    expect(left.map((token) => token.push_token)).toEqual(['cihaz-1']);

    const tested = await call(mall, 'PUT', `/marketing/push-notifications/${id}/test`, {
      phones: [one!.phone, '0532 999 88 77'],
    });
    expect(tested.statusCode, tested.body).toBe(200);
    expect(tested.json().results.map((result: { state: string }) => result.state)).toEqual([
      'sent',
      'no_device',
    ]);
    expect(fcm.timesSentTo('cihaz-1')).toBe(2);
  });

  it('an email to an external list skips addresses that unsubscribed, before or during the send, and carries each message’s unsubscribe link', async () => {
    const { ctx, smtp } = context;
    const mall = await ctx.newLocation();
    const db = ctx.database.db;
    const [list] = await db
      .insert(externalMailLists)
      .values({ location_id: mall._id, list_name: 'Basın', list_name_key: 'basın' })
      .returning();
    await db.insert(externalMailAddresses).values(
      ['bir@liste.example.com', 'iki@liste.example.com', 'uc@liste.example.com'].map((address_email) => ({
        location_id: mall._id,
        external_mail_list_id: list!._id,
        address_email,
      })),
    );
    await db.insert(emailOptOuts).values({
      location_id: mall._id,
      opt_out_email: 'bir@liste.example.com',
      opt_out_source: 'unsubscribe-link',
    });
    const created = await call(mall, 'POST', '/marketing/email-notifications', {
      email_notification_subject: 'Basın bülteni',
      email_notification_preview_text: 'Yeni mağazalar açıldı',
      email_notification_content_type: 'HTML',
      html_content: '<p>Yeni mağazalar</p>',
      external_mail_list: list!._id,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json()._id;
    await markInProgress(ctx, id);
    await writeMessages(db, id);
    await db.insert(emailOptOuts).values({
      location_id: mall._id,
      opt_out_email: 'iki@liste.example.com',
      opt_out_source: 'unsubscribe-link',
    });
    const before = smtp.received.length;
    const dispatcher = createDispatcher({ db, config: ctx.config, senders: createSenders(ctx.config) });
    expect(await dispatcher.run(id)).toBe('sent');
    expect(await report(mall, 'email', id)).toMatchObject({ recipients: 2, sent: 1, opted_out: 1 });
    const mails = smtp.received.slice(before);
    expect(mails.map((mail) => mail.to)).toEqual([['uc@liste.example.com']]);
    const link = /List-Unsubscribe: <(https:[^>]+)>/.exec(
      partsOf(mails[0]!.raw).headers.replace(/\r?\n\s+/g, ' '),
    )?.[1];
    const token = link?.split('/').at(-1) ?? '';
    const sent = (await messagesOf(ctx, id)).find((message) => message.message_state === 'sent');
    expect((await unsubscribeSigner(db, ctx.config)).messageOf(token)).toBe(sent!._id);
    expect((await unsubscribeSigner(db, ctx.config)).messageOf(`${sent!._id}.yanlis`)).toBeUndefined();
  });

  it('a newsletter lists its events and promotions, its words escaped', async () => {
    const { ctx } = context;
    const mall = await ctx.newLocation();
    const posts = await ctx.database.db
      .insert(mallPosts)
      .values([
        {
          location_id: mall._id,
          post_kind: 'event',
          post_title: 'Çocuk <tiyatrosu>',
          post_title_key: 'çocuk tiyatrosu',
          post_start_date: '2026-12-01',
          post_end_date: '2026-12-02',
          post_link: 'https://avm.example.com/tiyatro',
        },
        {
          location_id: mall._id,
          post_kind: 'promotion',
          post_title: 'Kış indirimi',
          post_title_key: 'kış indirimi',
          post_start_date: '2026-12-01',
          post_end_date: '2026-12-31',
        },
      ])
      .returning({ _id: mallPosts._id });
    const html = await emailHtmlOf(ctx.database.db, ctx.config, {
      email_notification_content_type: 'NEWSLETTER',
      newsletter_content_image: '/api/files/bulten.png',
      newsletter_content_title: 'Aralık & yılbaşı',
      newsletter_content_description: 'Bu ay AVM’de neler var?',
      newsletter_content_link: 'https://avm.example.com/aralik',
      newsletter_content_events: [posts[0]!._id],
      newsletter_content_promotions: [posts[1]!._id],
    } as NotificationRow);
    expect(html).toContain('<img src="https://avm.example.com/api/files/bulten.png"');
    expect(html).toContain('<h1>Aralık &amp; yılbaşı</h1>');
    expect(html).toContain('<a href="https://avm.example.com/tiyatro">Çocuk &lt;tiyatrosu&gt;</a>');
    expect(html).toContain('Kış indirimi');
  });

  it('another mall’s notification is not sent, tested or reported (404)', async () => {
    const { ctx } = context;
    const mall = await ctx.newLocation();
    const other = await ctx.newLocation();
    const id = await newSms(mall);
    for (const [method, path] of [
      ['PUT', 'send'],
      ['PUT', 'approve'],
      ['GET', 'report'],
    ] as const)
      expect((await call(other, method, `/marketing/sms-notifications/${id}/${path}`)).statusCode).toBe(404);
    expect(
      (await call(other, 'PUT', `/marketing/sms-notifications/${id}/test`, { phones: '0532 111 22 33' }))
        .statusCode,
    ).toBe(404);
  });
});
