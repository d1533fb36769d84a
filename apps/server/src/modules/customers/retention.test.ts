import type { Location } from '@avlu/contracts';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { startJobs } from '../../platform/jobs';
import { cleanUp } from '../maintenance/maintenance';
import { microSiteFixtures } from '../micro-site/micro-site.fixtures';
import { customerConsentEvents, customers } from './customers.tables';
import { dateIn, mallToday } from './mall-date';
import { eraseDeletedCustomers, scheduleCustomerRetention } from './retention';

const ctx = useTestApp();
const DAY = 86_400_000;
let mall: Location;
let phoneCount = 0;

beforeAll(async () => {
  mall = await ctx.newLocation();
});

const newCustomer = async (values: Partial<typeof customers.$inferInsert> = {}, location = mall) => {
  const [row] = await ctx.database.db
    .insert(customers)
    .values({
      location_id: location._id,
      customer_phone: `+90535${String(1_000_000 + ++phoneCount)}`,
      customer_name: 'Kemal',
      customer_surname: 'Aydın',
      customer_email: 'kemal@ornek.com',
      customer_birthdate: '1980-02-03',
      customer_address: 'Atatürk Caddesi 1',
      customer_province: 'İzmir',
      customer_vehicle_plate: '35ABC123',
      customer_push_token: 'push-token',
      customer_sms_permission: true,
      customer_sms_permission_date: new Date(),
      ...values,
    })
    .returning();
  await ctx.database.db.insert(customerConsentEvents).values({
    customer_id: row!._id,
    channel: 'sms',
    granted: true,
    source: 'micro-site',
    client_address: '203.0.113.7',
  });
  return row!;
};
const rowOf = async (id: string) =>
  (await ctx.database.db.select().from(customers).where(eq(customers._id, id)))[0]!;
const post = (path: string, lang = 'tr') =>
  ctx.inject({
    method: 'POST',
    url: `/api${path}?locationId=${mall._id}`,
    headers: { 'accept-language': lang },
  });

describe('eraseDeletedCustomers', () => {
  it('erases the personal data of customers deleted longer ago than the period, and nobody else', async () => {
    const now = new Date();
    const due = await newCustomer({ customer_deletedAt: new Date(now.getTime() - 31 * DAY) });
    const recent = await newCustomer({ customer_deletedAt: new Date(now.getTime() - 29 * DAY) });
    const live = await newCustomer();
    expect(await eraseDeletedCustomers(ctx.database.db, 30, now)).toBe(1);
    const erased = await rowOf(due._id);
    expect(erased).toMatchObject({
      customer_phone: `#${due._id}`,
      customer_name: null,
      customer_surname: null,
      customer_email: null,
      customer_birthdate: null,
      customer_address: null,
      customer_province: null,
      customer_vehicle_plate: null,
      customer_push_token: null,
      customer_sms_permission: false,
      customer_search: expect.not.stringContaining('kemal'),
    });
    expect(erased.customer_erasedAt).toEqual(now);
    // The consent history stays as proof, without the client address.
    const [event] = await ctx.database.db
      .select()
      .from(customerConsentEvents)
      .where(eq(customerConsentEvents.customer_id, due._id));
    expect(event).toMatchObject({ channel: 'sms', granted: true, client_address: null });
    expect((await rowOf(recent._id)).customer_name).toBe('Kemal');
    expect((await rowOf(live._id)).customer_name).toBe('Kemal');
    // Nothing is erased twice; a shorter period reaches the recent one.
    expect(await eraseDeletedCustomers(ctx.database.db, 30, now)).toBe(0);
    expect(await eraseDeletedCustomers(ctx.database.db, 7, now)).toBe(1);
  });

  it('frees the phone: the number registers again as a new customer', async () => {
    const gone = await newCustomer({ customer_deletedAt: new Date(Date.now() - 40 * DAY) });
    await eraseDeletedCustomers(ctx.database.db, 30);
    const [again] = await ctx.database.db
      .insert(customers)
      .values({ location_id: mall._id, customer_phone: gone.customer_phone })
      .returning();
    expect(again!._id).not.toBe(gone._id);
  });
});

/**
 * Every (schema, table, column) of the database that can hold text, and which of `needles` each holds:
 * a table added later is searched without being named here.
 */
const textHolding = async (needles: string[]) => {
  const { rows: columns } = await ctx.database.queue.executeSql(
    `select table_schema, table_name, column_name from information_schema.columns
      where table_schema not in ('pg_catalog', 'information_schema', 'pg_toast')
        and data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY')`,
  );
  expect(columns.length).toBeGreaterThan(50);
  const found: string[] = [];
  for (const { table_schema, table_name, column_name } of columns as Record<string, string>[]) {
    for (const needle of needles) {
      const { rows } = await ctx.database.queue.executeSql(
        `select count(*)::int as n from "${table_schema}"."${table_name}" where "${column_name}"::text like $1`,
        [`%${needle}%`],
      );
      if (Number((rows[0] as { n: number }).n) > 0)
        found.push(`${table_schema}.${table_name}.${column_name}: ${needle}`);
    }
  }
  return found;
};

describe('erasure', () => {
  it('leaves none of the customer’s phone, name, addresses, user agent or SMS in any table', async () => {
    const site = microSiteFixtures(ctx);
    const siteMall = await site.newMall();
    const tag = Math.random()
      .toString(36)
      .replace(/[^a-z]/g, '')
      .slice(0, 8)
      .padEnd(8, 'q');
    const phone = '0532 987 65 43';
    const person = {
      name: `Zerrin${tag}`,
      surname: `Karadağ${tag}`,
      email: `zerrin.${tag}@ornek.com`,
      address: `Gizli Sokak ${tag} No 42`,
      userAgent: `ErasureProbe/${tag}`,
      ip: '198.51.100.23',
    };
    const as = { mall: siteMall, ip: person.ip, headers: { 'user-agent': person.userAgent } };
    expect((await site.call('POST', '/ext/customers/check', { customer_phone: phone }, as)).statusCode).toBe(
      200,
    );
    const [sms] = await site.smsTo(phone);
    const registered = await site.call(
      'POST',
      '/ext/customers/register',
      {
        customer_phone: phone,
        sms_code: await site.lastCode(phone),
        customer_name: person.name,
        customer_surname: person.surname,
        customer_email: person.email,
        customer_address: person.address,
        customer_birthdate: '1991-05-17',
        customer_accepts_kvkk: true,
        customer_allows_sms: true,
      },
      as,
    );
    expect(registered.statusCode, registered.body).toBe(201);
    const session = registered.json();
    expect(
      (await site.call('DELETE', '/ext/app/customers/profile', undefined, { ...as, session })).statusCode,
    ).toBe(200);
    const needles = [
      site.e164(phone),
      '5329876543',
      person.name,
      person.surname,
      person.email,
      person.address,
      person.userAgent,
      person.ip,
      sms!.text,
    ];
    // Before: the probe finds them all (so it can fail).
    const before = (await textHolding(needles)).join('\n');
    for (const needle of needles) expect(before).toContain(needle);
    expect(before).toMatch(/sms_phone_states|customer_sessions|audit_log|sms_outbox/);
    const later = new Date(Date.now() + 31 * DAY);
    await eraseDeletedCustomers(ctx.database.db, 30, later);
    expect((await rowOf(session.customer._id)).customer_erasedAt).not.toBeNull();
    // Only the client address's own request counter may stay: it limits the network, whoever uses
    // it, and is no record of the customer; the maintenance job drops it once its window is long over.
    const addressCounter = `public.rate_limit_counters.key: ${person.ip}`;
    expect((await textHolding(needles)).filter((hit) => hit !== addressCounter)).toEqual([]);
    await cleanUp(ctx.database.db, ctx.app.files.store, ctx.config, later);
    expect(await textHolding(needles)).toEqual([]);
  });

  it('keeps the sign-in state of a number another mall’s customer still has', async () => {
    const site = microSiteFixtures(ctx);
    const [first, second] = [await site.newMall(), await site.newMall()];
    const phone = '0532 987 65 44';
    const signUp = async (target: typeof first) => {
      await site.call('POST', '/ext/customers/check', { customer_phone: phone }, { mall: target });
      const response = await site.call(
        'POST',
        '/ext/customers/register',
        {
          customer_phone: phone,
          sms_code: await site.lastCode(phone),
          customer_name: 'Ali',
          customer_surname: 'Veli',
          customer_birthdate: '1990-01-02',
          customer_accepts_kvkk: true,
        },
        { mall: target },
      );
      expect(response.statusCode, response.body).toBe(201);
      return response.json();
    };
    const gone = await signUp(first);
    // The next code only after the resend wait: the state says when the last one went.
    await ctx.database.queue.executeSql(
      `update sms_phone_states set code_sent_at = code_sent_at - interval '1 hour', sends = '[]' where phone = $1`,
      [site.e164(phone)],
    );
    await signUp(second);
    await site.call('DELETE', '/ext/app/customers/profile', undefined, { mall: first, session: gone });
    await eraseDeletedCustomers(ctx.database.db, 30, new Date(Date.now() + 31 * DAY));
    expect((await rowOf(gone.customer._id)).customer_erasedAt).not.toBeNull();
    const { rows } = await ctx.database.queue.executeSql(
      'select phone from sms_phone_states where phone = $1',
      [site.e164(phone)],
    );
    expect(rows).toHaveLength(1);
  });
});

describe('the retention job', () => {
  it('is scheduled nightly and erases what is due when it runs', { timeout: 60_000 }, async () => {
    const jobs = await startJobs({
      queue: ctx.database.queue,
      logger: pino({ level: 'silent' }),
      pollingIntervalSeconds: 0.5,
    });
    try {
      await scheduleCustomerRetention(jobs, ctx.database.db, 30, pino({ level: 'silent' }));
      const schedules = await ctx.database.queue.executeSql('select name, cron from pgboss.schedule');
      expect(schedules.rows).toContainEqual({ name: 'customers.erase-deleted', cron: '30 3 * * *' });
      const due = await newCustomer({ customer_deletedAt: new Date(Date.now() - 45 * DAY) });
      await jobs.send('customers.erase-deleted', {});
      for (let wait = 0; wait < 100 && !(await rowOf(due._id)).customer_erasedAt; wait++)
        await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await rowOf(due._id)).customer_name).toBeNull();
    } finally {
      await jobs.stop();
    }
  });
});

describe('POST /api/customer/profile/{id}/reactivate', () => {
  it('brings a deleted customer back into the list', async () => {
    const customer = await newCustomer();
    await ctx.inject({
      method: 'DELETE',
      url: `/api/customer/profile/${customer._id}?locationId=${mall._id}`,
    });
    const listed = async () =>
      (
        await ctx.inject({
          method: 'POST',
          url: `/api/customer/filter?locationId=${mall._id}`,
          payload: { keyword: customer.customer_phone.slice(3) },
        })
      ).json().pagination.total;
    expect(await listed()).toBe(0);
    const response = await post(`/customer/profile/${customer._id}/reactivate`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      _id: customer._id,
      customer_deletedAt: null,
      customer_name: 'Kemal',
    });
    expect(await listed()).toBe(1);
  });

  it('refuses an erased customer with 409 CUSTOMER_ERASED, and 404 for another mall’s', async () => {
    const customer = await newCustomer({ customer_deletedAt: new Date(Date.now() - 60 * DAY) });
    await eraseDeletedCustomers(ctx.database.db, 30);
    const tr = await post(`/customer/profile/${customer._id}/reactivate`);
    expect(tr.statusCode).toBe(409);
    expect(tr.json()).toMatchObject({
      code: 'CUSTOMER_ERASED',
      message: 'Bu müşterinin kişisel verileri silindi; kayıt yeniden etkinleştirilemez',
    });
    expect((await rowOf(customer._id)).customer_deletedAt).not.toBeNull();
    const other = await ctx.newLocation();
    const foreign = await newCustomer({ customer_deletedAt: new Date() }, other);
    expect((await post(`/customer/profile/${foreign._id}/reactivate`)).statusCode).toBe(404);
  });
});

describe('ages on the mall’s date', () => {
  it('knows the date in a time zone', () => {
    const instant = new Date('2026-03-09T22:30:00Z');
    expect(dateIn('Europe/Istanbul', instant)).toBe('2026-03-10');
    expect(dateIn('America/New_York', instant)).toBe('2026-03-09');
  });

  it('counts age and age conditions from the mall’s today, not the database’s', async () => {
    // Whatever the hour, somewhere it is already tomorrow while elsewhere it is still today.
    const now = new Date();
    const ahead = await ctx.newLocation({ location_meta: { timezone: 'Pacific/Kiritimati' } });
    const behind = await ctx.newLocation({ location_meta: { timezone: 'Pacific/Pago_Pago' } });
    const aheadToday = mallToday(ahead, now);
    const behindToday = mallToday(behind, now);
    expect(aheadToday).not.toBe(behindToday);
    // Born 30 years before the ahead mall's today: 30 there, still 29 in the mall behind.
    const birthdate = `${Number(aheadToday.slice(0, 4)) - 30}${aheadToday.slice(4)}`;
    for (const location of [ahead, behind]) await newCustomer({ customer_birthdate: birthdate }, location);
    const ageIn = async (location: Location, filter: object[] = []) => {
      const body = (
        await ctx.inject({
          method: 'POST',
          url: `/api/customer/filter?locationId=${location._id}`,
          payload: { filter },
        })
      ).json();
      return body.data.map((row: { age: number }) => row.age);
    };
    expect(await ageIn(ahead)).toEqual([30]);
    expect(await ageIn(behind)).toEqual([29]);
    expect(await ageIn(ahead, [{ field: 'age', min: 30 }])).toEqual([30]);
    expect(await ageIn(behind, [{ field: 'age', min: 30 }])).toEqual([]);
    expect(await ageIn(behind, [{ field: 'age', max: 29 }])).toEqual([29]);
  });
});
