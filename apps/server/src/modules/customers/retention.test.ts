import type { Location } from '@avlu/contracts';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { startJobs } from '../../platform/jobs';
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
