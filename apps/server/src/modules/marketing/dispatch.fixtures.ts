import type { Location } from '@avlu/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildTestApp, type TestContext, testConfig } from '../../../test/helper';
import { startTestSmtpServer } from '../../platform/mail/test-smtp-server';
import { startTestSmsGateway, type TestSmsGateway } from '../../platform/sms/test-sms-gateway';
import { customers } from '../customers/customers.tables';
import { encryptCredentials } from './account-credentials';
import { startTestFcmServer, type TestFcmServer } from './drivers/test-fcm-server';
import { notificationMessages, notifications } from './marketing.tables';
import { customerPushTokens, providerAccounts } from './marketing-accounts.tables';

export type DispatchContext = {
  ctx: TestContext;
  gateway: TestSmsGateway;
  smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
  fcm: TestFcmServer;
};

/**
 * A test app whose server defaults send SMS to a local NetGSM gateway and email to a local SMTP
 * server (`publicUrl` https, as one-click unsubscribe needs), and a local FCM server for the malls
 * given a push account (`addPushAccount`). Filled in by `beforeAll`.
 */
export const useDispatchApp = (): DispatchContext => {
  const context = {} as DispatchContext;
  beforeAll(async () => {
    context.gateway = await startTestSmsGateway();
    context.smtp = await startTestSmtpServer({
      refuseRecipient: (address) => (address.startsWith('reddet') ? 550 : undefined),
    });
    context.fcm = await startTestFcmServer();
    const base = testConfig();
    context.ctx = await buildTestApp({
      config: {
        publicUrl: 'https://avm.example.com',
        sms: { ...base.sms, gateway: context.gateway.config },
        mail: {
          from: 'Avlu AVM <kampanya@avm.example.com>',
          smtp: { host: '127.0.0.1', port: context.smtp.port, secure: false, auth: undefined },
        },
      },
    });
  });
  afterAll(async () => {
    await context.ctx?.close();
    await context.gateway?.close();
    await context.smtp?.close();
    await context.fcm?.close();
  });
  return context;
};

let phones = 0;
/** A phone no other customer of the run has: +90536 and seven digits. */
export const newPhone = () => `+90536${String(10_000_000 + ++phones).slice(1)}`;

/** Customers of the mall straight into the table (consent on unless `values` says otherwise); their ids and phones. */
export const addCustomers = async (
  ctx: TestContext,
  mall: Pick<Location, '_id'>,
  count: number,
  values: Partial<typeof customers.$inferInsert> = {},
) => {
  const rows = await ctx.database.db
    .insert(customers)
    .values(
      Array.from({ length: count }, () => ({
        location_id: mall._id,
        customer_phone: newPhone(),
        customer_sms_permission: true,
        customer_email_permission: true,
        ...values,
      })),
    )
    .returning({ _id: customers._id, phone: customers.customer_phone, email: customers.customer_email });
  return rows;
};

/** The mall's bulk push account, through the local FCM server (credentials stored encrypted). */
export const addPushAccount = async (context: DispatchContext, mall: Pick<Location, '_id'>) => {
  await context.ctx.database.db.insert(providerAccounts).values({
    location_id: mall._id,
    account_channel: 'push',
    account_kind: 'bulk',
    account_provider: 'fcm',
    account_name: 'FCM',
    account_endpoint: context.fcm.apiUrl,
    account_credentials_encrypted: await encryptCredentials(context.ctx.database.db, {
      serviceAccount: context.fcm.serviceAccount,
    }),
  });
};

export const addPushToken = (
  ctx: TestContext,
  mall: Pick<Location, '_id'>,
  customerId: string,
  token: string,
) =>
  ctx.database.db
    .insert(customerPushTokens)
    .values({ location_id: mall._id, customer_id: customerId, push_token: token, push_token_language: 'tr' });

export const messagesOf = (ctx: TestContext, notificationId: string) =>
  ctx.database.db
    .select()
    .from(notificationMessages)
    .where(eq(notificationMessages.notification_id, notificationId))
    .orderBy(notificationMessages._id);

export const notificationRow = async (ctx: TestContext, notificationId: string) =>
  (await ctx.database.db.select().from(notifications).where(eq(notifications._id, notificationId)))[0]!;

/** Waits (polling, generous deadline) until the notification is sent or in error; its row. */
export const settled = async (ctx: TestContext, notificationId: string, deadlineMs = 90_000) => {
  const until = Date.now() + deadlineMs;
  for (;;) {
    const row = await notificationRow(ctx, notificationId);
    if (row.notification_state === 'sent' || row.notification_state === 'error') return row;
    if (Date.now() > until) expect.fail(`notification ${notificationId} still ${row.notification_state}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

/** Sets a notification straight to send in progress (what PUT …/send does), for a worker run by the test. */
export const markInProgress = (ctx: TestContext, notificationId: string) =>
  ctx.database.db
    .update(notifications)
    .set({ notification_state: 'send_in_progress', notification_send_started_at: sql`now()` })
    .where(eq(notifications._id, notificationId));
