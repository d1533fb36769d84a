import type { Location } from '@avlu/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type TestStaff, useTestApp } from '../../../test/helper';
import { agreements } from '../agreements/agreements.tables';
import { auditLog } from '../audit/audit.tables';
import { channelNameKeys } from '../channels/channels.service';
import { channels } from '../channels/channels.tables';
import { customerConsentEvents, customers } from './customers.tables';

const ctx = useTestApp();
const REGISTRATION = 'modules:customer-registration:customer-registration';
let mall: Location;
let otherMall: Location;
let desk: TestStaff;
let open: string;
let closed: string;
let noEntry: string;
let otherMallChannel: string;
let phoneCount = 0;
const nextPhone = () =>
  `0532 400 ${String(1000 + ++phoneCount).slice(0, 2)} ${String(1000 + phoneCount).slice(2)}`;
const e164 = (phone: string) => `+90${phone.replace(/\D/g, '').slice(1)}`;

let channelCount = 0;
const newChannel = async (location: Location, values: Partial<typeof channels.$inferInsert> = {}) => {
  // Each channel of a mall has its own name (issue 12 #7).
  const names = {
    channel_name: `Danışma ${String.fromCharCode(65 + channelCount++)}`,
    channel_name_en: `Desk ${channelCount}`,
  };
  const [row] = await ctx.database.db
    .insert(channels)
    .values({
      location_id: location._id,
      ...names,
      ...channelNameKeys(names),
      channel_exp: 'Danışma masası',
      channel_exp_en: 'Information desk',
      channel_status: true,
      channel_cdp_data_entry: true,
      ...values,
    })
    .returning();
  return row!._id;
};

beforeAll(async () => {
  mall = await ctx.newLocation();
  otherMall = await ctx.newLocation();
  desk = await ctx.newStaff({ subjects: [REGISTRATION], locations: [mall] });
  open = await newChannel(mall);
  closed = await newChannel(mall, { channel_status: false });
  noEntry = await newChannel(mall, { channel_cdp_data_entry: false });
  otherMallChannel = await newChannel(otherMall);
  // The versions the desk names below: texts of the mall in use (any other is not recorded).
  await ctx.database.db.insert(agreements).values(
    [
      ['kvkk', 'kvkk-2026-01'],
      ['etk_permissions', 'etk-2026-02'],
    ].map(([type, version]) => ({
      location_id: mall._id,
      agreement_type: type as 'kvkk' | 'etk_permissions',
      agreement_target: 'web' as const,
      agreement_version: version!,
      agreement_title: version!,
      agreement_text: '…',
    })),
  );
});

const call = (
  method: 'GET' | 'POST',
  path: string,
  payload?: object,
  options: { location?: Location; lang?: string; as?: TestStaff } = {},
) =>
  ctx.app.inject({
    method,
    url: `/api${path}?locationId=${(options.location ?? mall)._id}`,
    payload,
    headers: { ...(options.as ?? desk).headers, 'accept-language': options.lang ?? 'tr' },
  });

const registration = (phone: string, extra: object = {}) => ({
  customer_phone: phone,
  customer_name: 'Elif',
  customer_surname: 'Şahin',
  customer_birthdate: '1994-08-21',
  channel_id: open,
  customer_accepts_kvkk: true,
  ...extra,
});

const eventsOf = (customerId: string) =>
  ctx.database.db
    .select()
    .from(customerConsentEvents)
    .where(eq(customerConsentEvents.customer_id, customerId))
    .orderBy(asc(customerConsentEvents.at), asc(customerConsentEvents.channel));

describe('GET /api/customer/channel/{id}', () => {
  it('answers the mall’s channel, and 404 for another mall’s', async () => {
    const response = await call('GET', `/customer/channel/${open}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      _id: open,
      channel_name: 'Danışma A',
      channel_cdp_data_entry: true,
    });
    expect((await call('GET', `/customer/channel/${otherMallChannel}`)).statusCode).toBe(404);
  });
});

describe('GET /api/customer-entry/kvkk', () => {
  it('answers the mall’s KVKK notice in use, the text the desk reads to the customer', async () => {
    const response = await call('GET', '/customer-entry/kvkk');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      agreement_type: 'kvkk',
      agreement_target: 'mobileapp',
      agreement_in_use: true,
      agreement_version: '2026-11',
      agreement_title: 'KVKK Aydınlatma Metni',
      agreement_text: expect.stringContaining(`${mall.location_name} ("AVM")`),
    });
    // Another mall's desk reads its own mall's notice.
    const other = await ctx.newStaff({ subjects: [REGISTRATION], locations: [otherMall] });
    const theirs = await call('GET', '/customer-entry/kvkk', undefined, { location: otherMall, as: other });
    expect(theirs.json().agreement_text).toContain(`${otherMall.location_name} ("AVM")`);
  });

  it('answers the newest notice in use, and 404 AGREEMENT_NOT_FOUND when none is', async () => {
    const local = await ctx.newLocation();
    const clerk = await ctx.newStaff({ subjects: [REGISTRATION], locations: [local] });
    const read = (lang = 'tr') =>
      call('GET', '/customer-entry/kvkk', undefined, { location: local, as: clerk, lang });
    const notice = (version: string) => ({
      location_id: local._id,
      agreement_type: 'kvkk' as const,
      agreement_target: 'mobileapp' as const,
      agreement_version: version,
      agreement_title: `KVKK ${version}`,
      agreement_text: `Metin ${version}`,
      created_at: new Date(Date.now() + 60_000),
    });
    // One notice of a type and target is in use at a time: the new one replaces the mall's first.
    await ctx.database.db
      .update(agreements)
      .set({ agreement_in_use: false })
      .where(eq(agreements.location_id, local._id));
    await ctx.database.db.insert(agreements).values(notice('2027-01'));
    expect((await read()).json()).toMatchObject({
      agreement_version: '2027-01',
      agreement_text: 'Metin 2027-01',
    });
    await ctx.database.db
      .update(agreements)
      .set({ agreement_in_use: false })
      .where(eq(agreements.location_id, local._id));
    const none = await read('en');
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ code: 'AGREEMENT_NOT_FOUND', message: 'Agreement not found' });
  });
});

describe('GET /api/customer-entry/channels', () => {
  it('answers only the mall’s open data-entry channels, to a desk without the channels permission', async () => {
    const response = await call('GET', '/customer-entry/channels');
    expect(response.statusCode).toBe(200);
    expect(response.json().map((row: { _id: string }) => row._id)).toEqual([open]);
  });
});

describe('POST /api/customer-entry/check', () => {
  it('says whether the phone is a live customer of the mall', async () => {
    const phone = nextPhone();
    const before = await call('POST', '/customer-entry/check', { customer_phone: phone, channel_id: open });
    expect(before.json()).toEqual({ registered: false, reactivates: false, customer: null });
    await call('POST', '/customer-entry/register', registration(phone));
    const after = await call('POST', '/customer-entry/check', { customer_phone: phone, channel_id: open });
    expect(after.json()).toMatchObject({
      registered: true,
      reactivates: false,
      customer: { customer_phone: e164(phone) },
    });
    // The same phone in another mall is not this mall's customer.
    const admin = await ctx.systemAdmin();
    const elsewhere = await call(
      'POST',
      '/customer-entry/check',
      { customer_phone: phone, channel_id: otherMallChannel },
      { location: otherMall, as: admin },
    );
    expect(elsewhere.json()).toEqual({ registered: false, reactivates: false, customer: null });
  });

  it.each([
    ['closed', () => closed],
    ['without data entry', () => noEntry],
    ['of another mall', () => otherMallChannel],
  ])('answers CHANNEL_CLOSED naming channel_id for a channel %s', async (_, channel) => {
    const response = await call(
      'POST',
      '/customer-entry/check',
      { customer_phone: nextPhone(), channel_id: channel() },
      { lang: 'en' },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'CHANNEL_CLOSED',
      fields: { channel_id: 'This channel is closed or does not take customer registrations' },
    });
  });
});

describe('POST /api/customer-entry/register', () => {
  it('creates the customer with the desk’s consents in the consent history', async () => {
    const phone = nextPhone();
    const response = await call(
      'POST',
      '/customer-entry/register',
      registration(phone, {
        customer_allows_sms: true,
        customer_allows_email: false,
        customer_vehicle_plate: '06 abc 42',
        agreement_version: 'kvkk-2026-01',
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      reactivated: false,
      customer_phone: e164(phone),
      channel_id: open,
      customer_vehicle_plate: '06ABC42',
      customer_kvkk_permission: true,
      customer_sms_permission: true,
      customer_email_permission: false,
      customer_deletedAt: null,
    });
    expect(created.age).toBeGreaterThanOrEqual(31);
    const events = await eventsOf(created._id);
    expect(events.map((event) => [event.channel, event.granted]).sort()).toEqual([
      ['kvkk', true],
      ['sms', true],
    ]);
    for (const event of events)
      expect(event).toMatchObject({
        source: 'registration',
        staff_admin_id: desk._id,
        client_address: '127.0.0.1',
        agreement_version: 'kvkk-2026-01',
      });
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'customer.registered'), eq(auditLog.entity_id, created._id)));
    expect(entry?.actor_admin_id).toBe(desk._id);
  });

  it('refuses a registration without KVKK, in Turkish and English, and saves nothing', async () => {
    const phone = nextPhone();
    for (const [lang, text] of [
      ['tr', 'Kayıt için KVKK aydınlatma metninin onaylanması gerekir'],
      ['en', 'The KVKK data-protection notice must be accepted to register'],
    ] as const) {
      for (const kvkk of [false, undefined]) {
        const response = await call(
          'POST',
          '/customer-entry/register',
          registration(phone, { customer_accepts_kvkk: kvkk }),
          { lang },
        );
        expect(response.statusCode).toBe(400);
        expect(response.json().fields).toEqual({ customer_accepts_kvkk: text });
      }
    }
    const saved = await ctx.database.db
      .select()
      .from(customers)
      .where(eq(customers.customer_phone, e164(phone)));
    expect(saved).toEqual([]);
  });

  it('answers 409 CUSTOMER_EXISTS naming customer_phone for a live customer', async () => {
    const phone = nextPhone();
    expect((await call('POST', '/customer-entry/register', registration(phone))).statusCode).toBe(201);
    const again = await call(
      'POST',
      '/customer-entry/register',
      registration(phone, { customer_name: 'Başka' }),
      {
        lang: 'en',
      },
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'CUSTOMER_EXISTS',
      fields: { customer_phone: 'A customer is already registered with this phone number' },
    });
  });

  it('refuses a closed channel and saves nothing', async () => {
    const phone = nextPhone();
    const response = await call(
      'POST',
      '/customer-entry/register',
      registration(phone, { channel_id: closed }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('CHANNEL_CLOSED');
    expect(
      await ctx.database.db
        .select()
        .from(customers)
        .where(eq(customers.customer_phone, e164(phone))),
    ).toEqual([]);
  });

  it('brings a deleted, not yet erased customer back with the new data', async () => {
    const phone = nextPhone();
    const first = (
      await call(
        'POST',
        '/customer-entry/register',
        registration(phone, { customer_allows_sms: true, customer_email: 'eski@ornek.com' }),
      )
    ).json();
    const admin = await ctx.systemAdmin();
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/customer/profile/${first._id}?locationId=${mall._id}`,
      headers: admin.headers,
    });
    // The desk's look-up says so before anyone fills the form.
    const check = await call('POST', '/customer-entry/check', { customer_phone: phone, channel_id: open });
    expect(check.json()).toEqual({ registered: false, reactivates: true, customer: null });
    const back = await call(
      'POST',
      '/customer-entry/register',
      registration(phone, { customer_name: 'Elif Nur', customer_allows_sms: false }),
    );
    expect(back.statusCode, back.body).toBe(201);
    expect(back.json()).toMatchObject({
      reactivated: true,
      _id: first._id,
      customer_name: 'Elif Nur',
      customer_email: null,
      customer_sms_permission: false,
      customer_deletedAt: null,
    });
    const events = await eventsOf(first._id);
    expect(events.filter((event) => event.channel === 'sms').map((event) => event.granted)).toEqual([
      true,
      false,
    ]);
  });

  it('keeps staff to their own mall', async () => {
    const response = await call(
      'POST',
      '/customer-entry/register',
      registration(nextPhone(), { channel_id: otherMallChannel }),
      {
        location: otherMall,
      },
    );
    expect(response.statusCode).toBe(403);
    // Through their own mall, another mall's channel is closed to them.
    const viaOwn = await call(
      'POST',
      '/customer-entry/register',
      registration(nextPhone(), { channel_id: otherMallChannel }),
    );
    expect(viaOwn.json().code).toBe('CHANNEL_CLOSED');
  });

  it.runIf(process.env.TEST_ENGINE === 'postgres')(
    'makes exactly one customer when desks register one phone at the same time',
    async () => {
      const phone = nextPhone();
      const responses = await Promise.all(
        Array.from({ length: 8 }, (_, index) =>
          call(
            'POST',
            '/customer-entry/register',
            registration(phone, { customer_name: `Eş ${'ABCDEFGH'[index]}`, customer_allows_sms: true }),
          ),
        ),
      );
      const codes = responses.map((response) => response.statusCode).sort();
      expect(codes).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
      const saved = await ctx.database.db
        .select()
        .from(customers)
        .where(and(eq(customers.location_id, mall._id), eq(customers.customer_phone, e164(phone))));
      expect(saved).toHaveLength(1);
      // Only the winner's consents were recorded.
      expect((await eventsOf(saved[0]!._id)).map((event) => event.channel).sort()).toEqual(['kvkk', 'sms']);
    },
  );
});

describe('POST /api/customer-entry/update/{id}', () => {
  it('changes the given fields and consents only, recording the consents with source registration', async () => {
    const phone = nextPhone();
    const created = (
      await call(
        'POST',
        '/customer-entry/register',
        registration(phone, { customer_allows_call: true, customer_email: 'elif@ornek.com' }),
      )
    ).json();
    const response = await call('POST', `/customer-entry/update/${created._id}`, {
      customer_name: 'Elif',
      customer_surname: 'Şahin Kaya',
      customer_birthdate: '1994-08-21',
      customer_province: 'Ankara',
      channel_id: open,
      customer_allows_email: true,
      agreement_version: 'etk-2026-02',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      customer_surname: 'Şahin Kaya',
      customer_province: 'Ankara',
      customer_email: 'elif@ornek.com',
      customer_call_permission: true,
      customer_email_permission: true,
      channel_id: open,
    });
    const email = (await eventsOf(created._id)).filter((event) => event.channel === 'email');
    expect(email).toEqual([
      expect.objectContaining({ granted: true, source: 'registration', agreement_version: 'etk-2026-02' }),
    ]);
  });

  it('answers 404 for another mall’s or a deleted customer, CHANNEL_CLOSED for a closed channel, 400 for bad fields', async () => {
    const created = (await call('POST', '/customer-entry/register', registration(nextPhone()))).json();
    const body = {
      customer_name: 'A',
      customer_surname: 'B',
      customer_birthdate: '1990-01-01',
      channel_id: open,
    };
    const [foreign] = await ctx.database.db
      .insert(customers)
      .values({ location_id: otherMall._id, customer_phone: '+905324009999' })
      .returning();
    expect((await call('POST', `/customer-entry/update/${foreign!._id}`, body)).statusCode).toBe(404);
    const shut = await call('POST', `/customer-entry/update/${created._id}`, { ...body, channel_id: closed });
    expect(shut.json().code).toBe('CHANNEL_CLOSED');
    const bad = await call(
      'POST',
      `/customer-entry/update/${created._id}`,
      { ...body, customer_birthdate: '21.08.1994', customer_vehicle_plate: '!!' },
      { lang: 'en' },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      customer_birthdate: 'Enter a valid date',
      customer_vehicle_plate: 'Enter a valid vehicle plate',
    });
    await ctx.database.db
      .update(customers)
      .set({ customer_deletedAt: new Date() })
      .where(eq(customers._id, created._id));
    expect((await call('POST', `/customer-entry/update/${created._id}`, body)).statusCode).toBe(404);
  });
});
