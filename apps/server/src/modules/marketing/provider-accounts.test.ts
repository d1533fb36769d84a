import { providerAccount } from '@avlu/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { startTestSmsGateway, type TestSmsGateway } from '../../platform/sms/test-sms-gateway';
import { providerAccounts } from './marketing-accounts.tables';
import { providerAccountFor } from './provider-accounts.service';

const ctx = useTestApp();
let gateway: TestSmsGateway;
beforeAll(async () => {
  gateway = await startTestSmsGateway();
});
afterAll(() => gateway?.close());

const call = (
  locationId: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  payload?: object,
) =>
  ctx.inject({
    method,
    url: `/api${path}${path.includes('?') ? '&' : '?'}locationId=${locationId}`,
    headers: { 'accept-language': 'en' },
    ...(payload && { payload }),
  });

const smsAccount = (overrides: object = {}) => ({
  account_channel: 'sms',
  account_kind: 'bulk',
  account_name: 'NetGSM toplu',
  account_sender: 'DENIZAVM',
  account_endpoint: gateway.config.url,
  account_credentials: { user: gateway.config.user, password: gateway.config.password },
  ...overrides,
});

describe('provider accounts', () => {
  it('stores credentials only encrypted, never answers them, and keeps them on an update without them', async () => {
    const mall = await ctx.newLocation();
    const created = await call(mall._id, 'POST', '/marketing/provider-accounts', smsAccount());
    expect(created.statusCode, created.body).toBe(201);
    expect(created.body).not.toContain(gateway.config.password);
    const account = providerAccount.strict().parse(created.json());
    expect(account).toMatchObject({
      account_provider: 'netgsm',
      account_has_credentials: true,
      account_state: 'unchecked',
    });

    const [stored] = await ctx.database.db
      .select()
      .from(providerAccounts)
      .where(eq(providerAccounts._id, account._id));
    expect(stored!.account_credentials_encrypted).toMatch(/^v1\./);
    expect(stored!.account_credentials_encrypted).not.toContain(gateway.config.password);
    expect((await providerAccountFor(ctx.database.db, mall._id, 'sms', 'bulk'))?.credentials).toEqual({
      user: gateway.config.user,
      password: gateway.config.password,
    });

    // An update without credentials, then one with only the user: the password stays.
    const { account_credentials: _, ...withoutCredentials } = smsAccount({ account_name: 'NetGSM kampanya' });
    const kept = await call(
      mall._id,
      'PUT',
      `/marketing/provider-accounts/${account._id}`,
      withoutCredentials,
    );
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ account_name: 'NetGSM kampanya', account_has_credentials: true });
    await call(
      mall._id,
      'PUT',
      `/marketing/provider-accounts/${account._id}`,
      smsAccount({ account_credentials: { user: 'yeni' } }),
    );
    expect((await providerAccountFor(ctx.database.db, mall._id, 'sms', 'bulk'))?.credentials).toEqual({
      user: 'yeni',
      password: gateway.config.password,
    });
    const list = await call(mall._id, 'GET', '/marketing/provider-accounts');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(gateway.config.password);
    expect(list.body).not.toContain('v1.');
    // Another mall has none of it.
    const other = await ctx.newLocation();
    expect(await providerAccountFor(ctx.database.db, other._id, 'sms', 'bulk')).toBeUndefined();
    expect((await call(other._id, 'GET', `/marketing/provider-accounts/${account._id}`)).statusCode).toBe(
      404,
    );
  });

  it('keeps one account per channel and kind, and refuses bad settings naming the field', async () => {
    const mall = await ctx.newLocation();
    expect((await call(mall._id, 'POST', '/marketing/provider-accounts', smsAccount())).statusCode).toBe(201);
    const again = await call(
      mall._id,
      'POST',
      '/marketing/provider-accounts',
      smsAccount({ account_name: 'İkinci' }),
    );
    expect(again.statusCode).toBe(409);
    expect(Object.keys(again.json().fields)).toEqual(['account_kind']);
    const header = await call(
      mall._id,
      'POST',
      '/marketing/provider-accounts',
      smsAccount({ account_kind: 'otp', account_sender: 'A header far too long' }),
    );
    expect(header.statusCode).toBe(400);
    expect(Object.keys(header.json().fields)).toEqual(['account_sender']);
    const from = await call(mall._id, 'POST', '/marketing/provider-accounts', {
      account_channel: 'email',
      account_kind: 'bulk',
      account_name: 'SMTP',
      account_sender: 'not-an-address',
    });
    expect(from.statusCode).toBe(400);
    expect(Object.keys(from.json().fields)).toEqual(['account_sender']);
    const push = await call(mall._id, 'POST', '/marketing/provider-accounts', {
      account_channel: 'push',
      account_kind: 'bulk',
      account_name: 'FCM',
      account_credentials: { service_account: '{"nope": true}' },
    });
    expect(push.statusCode).toBe(400);
    expect(Object.keys(push.json().fields)).toEqual(['account_credentials.service_account']);
    const appname = await ctx.inject({
      method: 'POST',
      url: `/api/marketing/provider-accounts?locationId=${mall._id}`,
      headers: { 'accept-language': 'tr' },
      payload: smsAccount({ account_kind: 'transactional', account_appname: 'avlu kampanya!' }),
    });
    expect(appname.statusCode).toBe(400);
    expect(appname.json().fields).toEqual({
      account_appname:
        'Uygulama adı en fazla 64 karakter olmalı; harf, rakam, alt çizgi, nokta ya da kısa çizgi içerebilir',
    });
  });

  it('keeps the NetGSM app name of an SMS account (none for email) and asks for the credit with it', async () => {
    const mall = await ctx.newLocation();
    const created = await call(
      mall._id,
      'POST',
      '/marketing/provider-accounts',
      smsAccount({ account_appname: ' avlu-kampanya ' }),
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ account_appname: 'avlu-kampanya' });
    expect((await providerAccountFor(ctx.database.db, mall._id, 'sms', 'bulk'))?.account_appname).toBe(
      'avlu-kampanya',
    );
    const cleared = await call(
      mall._id,
      'PUT',
      `/marketing/provider-accounts/${created.json()._id}`,
      smsAccount({ account_appname: '' }),
    );
    expect(cleared.json()).toMatchObject({ account_appname: null });
    const mail = await call(mall._id, 'POST', '/marketing/provider-accounts', {
      account_channel: 'email',
      account_kind: 'bulk',
      account_name: 'SMTP',
      account_sender: 'bilgi@denizavm.example',
      account_appname: 'avlu-kampanya',
    });
    expect(mail.json()).toMatchObject({ account_appname: null });
  });

  it('keeps the mall’s İYS brand code in the marketing settings: 6 digits, blank clears it, the threshold stays', async () => {
    const mall = await ctx.newLocation();
    const put = (payload: object, lang = 'en') =>
      ctx.inject({
        method: 'PUT',
        url: `/api/marketing/settings?locationId=${mall._id}`,
        headers: { 'accept-language': lang },
        payload,
      });
    expect((await put({ marketing_approval_threshold: 500 })).json()).toEqual({
      marketing_approval_threshold: 500,
      marketing_iys_brand_code: null,
    });
    const bad = await put({ marketing_iys_brand_code: '12345A' }, 'tr');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ marketing_iys_brand_code: 'İYS marka kodu 6 haneli bir sayıdır' });
    expect((await put({ marketing_iys_brand_code: ' 123456 ' })).json()).toEqual({
      marketing_approval_threshold: 500,
      marketing_iys_brand_code: '123456',
    });
    expect((await call(mall._id, 'GET', '/marketing/settings')).json()).toEqual({
      marketing_approval_threshold: 500,
      marketing_iys_brand_code: '123456',
    });
    expect((await put({ marketing_iys_brand_code: '' })).json()).toMatchObject({
      marketing_iys_brand_code: null,
    });
    // Another mall's settings are its own.
    const other = await ctx.newLocation();
    expect((await call(other._id, 'GET', '/marketing/settings')).json()).toEqual({
      marketing_approval_threshold: null,
      marketing_iys_brand_code: null,
    });
  });

  it('lists the dashboard’s SMS accounts with NetGSM’s credit and the mail accounts; a failing or silent provider never fails the list', async () => {
    const mall = await ctx.newLocation();
    gateway.setCredit('1250,50');
    const sms = (await call(mall._id, 'POST', '/marketing/provider-accounts', smsAccount())).json();
    const wrong = (
      await call(
        mall._id,
        'POST',
        '/marketing/provider-accounts',
        smsAccount({ account_kind: 'otp', account_credentials: { user: 'x', password: 'wrong' } }),
      )
    ).json();
    await call(mall._id, 'POST', '/marketing/provider-accounts', {
      account_channel: 'email',
      account_kind: 'transactional',
      account_name: 'SMTP',
      account_sender: 'bilgi@denizavm.example',
      account_sender_name: 'Deniz AVM',
      account_endpoint: 'smtp://127.0.0.1:2525',
      account_credentials: { user: 'smtp-user', password: 'smtp-secret-1' },
    });
    const list = await call(mall._id, 'GET', '/data/dashboard/sms-service-accounts');
    expect(list.statusCode, list.body).toBe(200);
    const byId = new Map(list.json().map((row: { _id: string }) => [row._id, row]));
    expect(byId.get(sms._id)).toMatchObject({ account_state: 'ok', account_credit: 1250.5 });
    expect(byId.get(wrong._id)).toMatchObject({ account_state: 'error', account_credit: null });
    const mail = await call(mall._id, 'GET', '/data/dashboard/mail-service-accounts');
    expect(mail.json()).toMatchObject([{ account_kind: 'transactional', account_has_credentials: true }]);
    expect(mail.body).not.toContain('smtp-secret-1');

    // A provider that does not answer: the list still comes, within the credit's timeout.
    const silent = await ctx.newLocation();
    await call(silent._id, 'POST', '/marketing/provider-accounts', smsAccount());
    gateway.behave({ kind: 'hang' });
    const started = Date.now();
    const slow = await call(silent._id, 'GET', '/data/dashboard/sms-service-accounts');
    gateway.behave({ kind: 'accept' });
    expect(slow.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(slow.json()).toMatchObject([{ account_state: 'error' }]);
  });
});
