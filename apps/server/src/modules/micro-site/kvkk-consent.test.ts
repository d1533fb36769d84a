import type { MicroSiteSession } from '@avlu/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testConfig, useTestApp } from '../../../test/helper';
import { KVKK_VERSION } from '../agreements/agreements.service';
import { auditLog } from '../audit/audit.tables';
import { customerConsentEvents } from '../customers/customers.tables';
import { microSiteFixtures, type TestMall } from './micro-site.fixtures';

// Issue 10, point 24: a customer withdraws (and gives again) the KVKK consent on the micro-site.
const ctx = useTestApp({ config: { sms: { ...testConfig().sms, codesPerAddressPerHour: 1000 } } });
const { nextPhone, newMall, call, lastCode } = microSiteFixtures(ctx);

const signedUp = async (mall: TestMall): Promise<MicroSiteSession> => {
  const phone = nextPhone();
  expect((await call('POST', '/ext/customers/check', { customer_phone: phone }, { mall })).statusCode).toBe(
    200,
  );
  const response = await call(
    'POST',
    '/ext/customers/register',
    {
      customer_phone: phone,
      sms_code: await lastCode(phone),
      customer_name: 'Elif',
      customer_surname: 'Şahin',
      customer_birthdate: '1994-08-21',
      customer_accepts_kvkk: true,
      customer_allows_permissions: true,
    },
    { mall, ip: '198.51.100.20' },
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
};

const eventsOf = (customerId: string) =>
  ctx.database.db
    .select()
    .from(customerConsentEvents)
    .where(eq(customerConsentEvents.customer_id, customerId))
    .orderBy(asc(customerConsentEvents.at), asc(customerConsentEvents._id));

describe('POST /api/ext/app/customers/kvkk', () => {
  it('withdraws the KVKK consent with the commercial permissions, in the history, and keeps the account', async () => {
    const mall = await newMall();
    const session = await signedUp(mall);
    const id = session.customer._id;
    expect(session.customer).toMatchObject({ customer_kvkk_permission: true, customer_sms_permission: true });
    const before = (await eventsOf(id)).length;

    const response = await call(
      'POST',
      '/ext/app/customers/kvkk',
      { customer_accepts_kvkk: false },
      { mall, session, ip: '198.51.100.21' },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      _id: id,
      customer_kvkk_permission: false,
      customer_sms_permission: false,
      customer_email_permission: false,
      customer_call_permission: false,
      customer_deletedAt: null,
    });
    const withdrawn = (await eventsOf(id)).slice(before);
    expect(withdrawn.map((event) => [event.channel, event.granted]).sort()).toEqual([
      ['call', false],
      ['email', false],
      ['kvkk', false],
      ['sms', false],
    ]);
    for (const event of withdrawn)
      expect(event).toMatchObject({
        source: 'micro-site',
        client_address: '198.51.100.21',
        staff_admin_id: null,
      });
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity_id, id), eq(auditLog.action, 'customer.kvkk_withdrawn')));
    expect(entry).toBeDefined();

    // The account stays: the session still opens the profile, and withdrawing again changes nothing.
    expect((await call('GET', '/ext/app/customers/profile', undefined, { mall, session })).statusCode).toBe(
      200,
    );
    await call('POST', '/ext/app/customers/kvkk', { customer_accepts_kvkk: false }, { mall, session });
    expect((await eventsOf(id)).length).toBe(before + 4);
  });

  it('refuses commercial permissions without the KVKK consent, until it is given again', async () => {
    const mall = await newMall();
    const session = await signedUp(mall);
    await call('POST', '/ext/app/customers/kvkk', { customer_accepts_kvkk: false }, { mall, session });
    const profile = {
      customer_name: 'Elif',
      customer_surname: 'Şahin',
      customer_birthdate: '1994-08-21',
      customer_allows_sms: true,
    };
    const refused = await call('POST', '/ext/app/customers/profile', profile, { mall, session, lang: 'en' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({
      customer_allows_sms: 'Give your KVKK consent first to allow commercial messages',
    });

    const given = await call(
      'POST',
      '/ext/app/customers/kvkk',
      { customer_accepts_kvkk: true, agreement_version: '1999-01' },
      { mall, session },
    );
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json()).toMatchObject({ customer_kvkk_permission: true, customer_sms_permission: false });
    expect((await eventsOf(session.customer._id)).at(-1)).toMatchObject({
      channel: 'kvkk',
      granted: true,
      agreement_version: KVKK_VERSION,
    });
    const allowed = await call('POST', '/ext/app/customers/profile', profile, { mall, session });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json()).toMatchObject({ customer_sms_permission: true });
  });

  it('answers 401 without a customer session and 400 naming a bad field', async () => {
    const mall = await newMall();
    const session = await signedUp(mall);
    expect(
      (await call('POST', '/ext/app/customers/kvkk', { customer_accepts_kvkk: false }, { mall })).statusCode,
    ).toBe(401);
    const bad = await call(
      'POST',
      '/ext/app/customers/kvkk',
      { customer_accepts_kvkk: 'no' },
      { mall, session },
    );
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['customer_accepts_kvkk']);
  });
});
