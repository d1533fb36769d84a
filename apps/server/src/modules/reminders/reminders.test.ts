import { type Location, reminder } from '@avlu/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { nameKey } from '../../platform/db/unique-names';
import type { Jobs } from '../../platform/jobs';
import { insertCustomer } from '../customers/customers.fixtures';
import { lendingItems, lendings } from '../lending/lending.tables';
import { reservationFixtures } from '../reservations/reservations.fixtures';
import { seedDemoReminders } from './reminders.demo';
import { scheduleReminders } from './reminders.job';
import { makeRemindersDue } from './reminders.service';
import { reminders } from './reminders.tables';

const ctx = useTestApp();
const reservationsOf = reservationFixtures(ctx);
type Mall = Pick<Location, '_id'>;
type Headers = Record<string, string>;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();

const call = (
  mall: Mall,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  options: { payload?: object; headers?: Headers; lang?: string } = {},
) =>
  ctx.app.inject({
    method,
    url: `/api${path}${path.includes('?') ? '&' : '?'}locationId=${mall._id}`,
    headers: { 'accept-language': options.lang ?? 'en', ...options.headers },
    ...(options.payload ? { payload: options.payload } : {}),
  });

const expectStatus = (response: { statusCode: number; body: string }, status: number) =>
  expect(response.statusCode, response.body).toBe(status);

/** A staff user of the malls with a role holding no module: reminders need none. */
const newUser = async (...malls: Mall[]) =>
  (await ctx.newStaff({ subjects: [], locations: malls.map((mall) => mall._id) })).headers;

const create = async (mall: Mall, headers: Headers, payload: object) => {
  const response = await call(mall, 'POST', '/reminder', { payload, headers });
  expectStatus(response, 201);
  return reminder.strict().parse(response.json());
};

const list = async (mall: Mall, headers: Headers, query = '') => {
  const response = await call(mall, 'GET', `/reminder${query}`, { headers });
  expectStatus(response, 200);
  return response.json() as {
    data: { _id: string; reminder_text: string; reminder_status: string }[];
    pagination: { total: number };
  };
};

const newLending = async (mall: Mall) => {
  const customer = await insertCustomer(ctx.database.db, mall._id, {
    customer_name: 'Ödünç',
    customer_surname: 'Alan',
  });
  const itemNo = `BA-${Math.random().toString(36).slice(2, 8)}`;
  const [item] = await ctx.database.db
    .insert(lendingItems)
    .values({
      location_id: mall._id,
      itemNo,
      itemNo_key: nameKey(itemNo),
      itemName: 'Bebek Arabası',
      itemImage: '/api/files/none.png',
    })
    .returning();
  const [row] = await ctx.database.db
    .insert(lendings)
    .values({
      location_id: mall._id,
      lending_item_id: item!._id,
      customer_id: customer._id,
      lending_status: 'started',
      lending_started_at: new Date(),
    })
    .returning();
  return { lending: row!, item: item! };
};

const newReservation = async (mall: Mall) => {
  const area = await reservationsOf.newArea(mall);
  const response = await reservationsOf.book(mall, area);
  expectStatus(response, 201);
  return response.json() as { _id: string; reservation_request_date: string };
};

describe('reminders', () => {
  it('keeps a user’s reminders with their links, waiting or due by their moment, and counts the due ones', async () => {
    const mall = await ctx.newLocation();
    const user = await newUser(mall);
    const customer = await insertCustomer(ctx.database.db, mall._id, {
      customer_name: 'Şule',
      customer_surname: 'Güneş',
    });
    const reservation = await newReservation(mall);
    const { lending, item } = await newLending(mall);

    const later = await create(mall, user, {
      reminder_date: '2099-06-01T09:00:00+03:00',
      reminder_text: 'Rezervasyonu ara\nve salonu hazırlat',
      reminder_reservation_id: reservation._id,
    });
    expect(later).toMatchObject({
      reminder_date: '2099-06-01T06:00:00.000Z',
      reminder_text: 'Rezervasyonu ara\nve salonu hazırlat',
      reminder_status: 'waiting',
      reminder_done_at: null,
      reminder_reservation_id: reservation._id,
      reminder_reservation: {
        reservation_customer_name: 'Zeynep',
        reservation_customer_surname: 'Kaya',
        reservation_request_date: reservation.reservation_request_date,
        reservation_request_hour: '10:00-12:00',
      },
      reminder_customer: null,
      reminder_lending: null,
    });
    const past = await create(mall, user, {
      reminder_date: at(-HOUR),
      reminder_text: '  Şule Hanım’ı ara  ',
      reminder_customer_id: customer._id,
    });
    expect(past).toMatchObject({
      reminder_text: 'Şule Hanım’ı ara',
      reminder_status: 'due',
      reminder_customer: {
        customer_name: 'Şule',
        customer_surname: 'Güneş',
        customer_phone: customer.customer_phone,
      },
    });
    const lent = await create(mall, user, {
      reminder_date: at(-2 * HOUR),
      reminder_text: 'Bebek arabası geri gelmedi',
      reminder_lending_id: lending._id,
    });
    expect(lent.reminder_lending).toEqual({
      itemNo: item.itemNo,
      itemName: 'Bebek Arabası',
      customer_name: 'Ödünç',
      customer_surname: 'Alan',
    });

    const due = await list(mall, user, '?status=due');
    expect(due.data.map((row) => row._id)).toEqual([lent._id, past._id]);
    expect(due.pagination.total).toBe(2);
    const page = await list(mall, user, '?status=due&limit=1');
    expect(page.data).toHaveLength(1);
    expect(page.pagination.total).toBe(2);
    expect((await list(mall, user)).data.map((row) => row._id)).toEqual([lent._id, past._id, later._id]);
    expect((await list(mall, user, '?status=waiting')).data.map((row) => row._id)).toEqual([later._id]);
  });

  it('refuses bad input with a 4xx naming each field, in Turkish and English, and saves nothing', async () => {
    const mall = await ctx.newLocation();
    const user = await newUser(mall);
    const tr = await call(mall, 'POST', '/reminder', {
      headers: user,
      lang: 'tr',
      payload: { reminder_date: '2030-13-01 10:00', reminder_text: '   ' },
    });
    expectStatus(tr, 400);
    expect(tr.json().fields).toEqual({
      reminder_date: 'Geçerli bir tarih ve saat girin',
      reminder_text: 'Bu alan zorunludur',
    });
    const en = await call(mall, 'POST', '/reminder', {
      headers: user,
      payload: {
        reminder_date: at(DAY),
        reminder_text: 'x'.repeat(501),
        reminder_customer_id: 'not-an-id',
        reminder_owner: 'someone',
      },
    });
    expectStatus(en, 400);
    expect(Object.keys(en.json().fields).sort()).toEqual([
      'reminder_customer_id',
      'reminder_owner',
      'reminder_text',
    ]);
    expect(en.json().fields.reminder_text).toBe('Must be at most 500 characters');
    const missing = await call(mall, 'POST', '/reminder', { headers: user, payload: {} });
    expectStatus(missing, 400);
    expect(Object.keys(missing.json().fields).sort()).toEqual(['reminder_date', 'reminder_text']);
    const control = await call(mall, 'POST', '/reminder', {
      headers: user,
      payload: { reminder_date: at(DAY), reminder_text: 'a\u0000b' },
    });
    expectStatus(control, 400);
    expect(Object.keys(control.json().fields)).toEqual(['reminder_text']);
    expect((await list(mall, user)).pagination.total).toBe(0);
  });

  it('refuses a link to another mall’s (or a deleted) customer, reservation or lending, naming each', async () => {
    const mall = await ctx.newLocation();
    const other = await ctx.newLocation();
    const user = await newUser(mall, other);
    const strangerCustomer = await insertCustomer(ctx.database.db, other._id);
    const strangerReservation = await newReservation(other);
    const { lending: strangerLending } = await newLending(other);
    const response = await call(mall, 'POST', '/reminder', {
      headers: user,
      lang: 'tr',
      payload: {
        reminder_date: at(DAY),
        reminder_text: 'Başka AVM',
        reminder_customer_id: strangerCustomer._id,
        reminder_reservation_id: strangerReservation._id,
        reminder_lending_id: strangerLending._id,
      },
    });
    expectStatus(response, 400);
    expect(response.json().fields).toEqual({
      reminder_customer_id: 'Bu AVM’de böyle bir müşteri yok',
      reminder_reservation_id: 'Bu AVM’de böyle bir rezervasyon yok',
      reminder_lending_id: 'Bu AVM’de böyle bir ödünç kaydı yok',
    });
    const deleted = await insertCustomer(ctx.database.db, mall._id, { customer_deletedAt: new Date() });
    const gone = await call(mall, 'POST', '/reminder', {
      headers: user,
      payload: { reminder_date: at(DAY), reminder_text: 'Silinen', reminder_customer_id: deleted._id },
    });
    expectStatus(gone, 400);
    expect(gone.json().fields).toEqual({ reminder_customer_id: 'The mall has no such customer' });
    expect((await list(mall, user)).pagination.total).toBe(0);

    // An edit is checked the same way, and nothing of it is saved.
    const mine = await create(mall, user, { reminder_date: at(DAY), reminder_text: 'Benim' });
    const edit = await call(mall, 'PUT', `/reminder/${mine._id}`, {
      headers: user,
      payload: { reminder_text: 'Değişti', reminder_customer_id: strangerCustomer._id },
    });
    expectStatus(edit, 400);
    expect(Object.keys(edit.json().fields)).toEqual(['reminder_customer_id']);
    expect((await list(mall, user)).data[0]!.reminder_text).toBe('Benim');
  });

  it('serves and changes only the user’s own reminders of the mall of the call', async () => {
    const mall = await ctx.newLocation();
    const other = await ctx.newLocation();
    const owner = await newUser(mall, other);
    const colleague = await newUser(mall);
    const mine = await create(mall, owner, { reminder_date: at(-MINUTE), reminder_text: 'Benim notum' });
    await create(other, owner, { reminder_date: at(-MINUTE), reminder_text: 'Öbür AVM' });

    expect((await list(mall, colleague)).data).toEqual([]);
    expect((await list(mall, colleague, '?status=due')).pagination.total).toBe(0);
    expect((await list(mall, owner)).data.map((row) => row.reminder_text)).toEqual(['Benim notum']);
    expect((await list(other, owner)).data.map((row) => row.reminder_text)).toEqual(['Öbür AVM']);

    const byColleague = await call(mall, 'PUT', `/reminder/${mine._id}`, {
      headers: colleague,
      payload: { reminder_done: true },
    });
    expectStatus(byColleague, 404);
    const inOtherMall = await call(other, 'PUT', `/reminder/${mine._id}`, {
      headers: owner,
      payload: { reminder_text: 'Değiştirildi' },
    });
    expectStatus(inOtherMall, 404);
    const notHers = await call(other, 'GET', '/reminder', { headers: colleague });
    expectStatus(notHers, 403);
    const [row] = await ctx.database.db.select().from(reminders).where(eq(reminders._id, mine._id));
    expect(row).toMatchObject({ reminder_text: 'Benim notum', reminder_status: 'due' });
  });

  it('edits a reminder, marks it done and opens it again as waiting or due by its moment', async () => {
    const mall = await ctx.newLocation();
    const user = await newUser(mall);
    const customer = await insertCustomer(ctx.database.db, mall._id);
    const item = await create(mall, user, { reminder_date: at(-MINUTE), reminder_text: 'Ara' });
    const put = (payload: object) => call(mall, 'PUT', `/reminder/${item._id}`, { headers: user, payload });

    const done = await put({ reminder_done: true });
    expectStatus(done, 200);
    expect(done.json()).toMatchObject({ reminder_status: 'done', reminder_done_at: expect.any(String) });
    expect((await list(mall, user, '?status=due')).pagination.total).toBe(0);
    // Moving a done reminder keeps it done.
    const moved = await put({ reminder_date: at(DAY) });
    expect(moved.json()).toMatchObject({
      reminder_status: 'done',
      reminder_done_at: done.json().reminder_done_at,
    });
    const reopened = await put({ reminder_done: false });
    expect(reopened.json()).toMatchObject({ reminder_status: 'waiting', reminder_done_at: null });

    const edited = await put({
      reminder_date: at(-HOUR),
      reminder_text: 'Müşteriyi ara',
      reminder_customer_id: customer._id,
    });
    expectStatus(edited, 200);
    expect(edited.json()).toMatchObject({
      reminder_status: 'due',
      reminder_text: 'Müşteriyi ara',
      reminder_customer_id: customer._id,
    });
    const unlinked = await put({ reminder_customer_id: null, reminder_date: at(HOUR) });
    expect(unlinked.json()).toMatchObject({
      reminder_status: 'waiting',
      reminder_customer_id: null,
      reminder_customer: null,
      reminder_text: 'Müşteriyi ara',
    });
    const blank = await put({ reminder_text: '', reminder_done: 'yes' });
    expectStatus(blank, 400);
    expect(Object.keys(blank.json().fields).sort()).toEqual(['reminder_done', 'reminder_text']);
    const unknown = await call(mall, 'PUT', '/reminder/65a1b2c3d4e5f60718293a4b', {
      headers: user,
      payload: { reminder_done: true },
    });
    expectStatus(unknown, 404);
  });

  it('the job makes due exactly the waiting reminders whose moment came, catching up, and a second run changes nothing', async () => {
    const mall = await ctx.newLocation();
    const other = await ctx.newLocation();
    const first = await newUser(mall);
    const second = await newUser(other);
    const now = Date.now();
    const make = async (mallOf: Mall, user: Headers, offset: number, text: string) =>
      create(mallOf, user, { reminder_date: new Date(now + offset).toISOString(), reminder_text: text });
    // Written while their moments were ahead: the job finds them waiting at `now + 2 h`.
    const daysAgo = await make(mall, first, HOUR, 'Günler önce');
    const justNow = await make(other, second, 2 * HOUR, 'Tam şimdi');
    const ahead = await make(mall, first, 2 * HOUR + MINUTE, 'Sonra');
    const doneOne = await make(mall, first, HOUR, 'Bitti');
    await call(mall, 'PUT', `/reminder/${doneOne._id}`, { headers: first, payload: { reminder_done: true } });
    await ctx.database.db
      .update(reminders)
      .set({ reminder_date: new Date(now - 3 * DAY) })
      .where(eq(reminders._id, daysAgo._id));
    const ids = [daysAgo._id, justNow._id, ahead._id, doneOne._id];

    const at2h = new Date(now + 2 * HOUR);
    // Other tests' reminders share the database: the job must make due exactly those waiting to at2h.
    const everyRow = async () =>
      new Map((await ctx.database.db.select().from(reminders)).map((row) => [row._id, row]));
    const before = await everyRow();
    const expected = [...before.values()]
      .filter((row) => row.reminder_status === 'waiting' && row.reminder_date <= at2h)
      .map((row) => row._id)
      .sort();
    expect(expected).toEqual(expect.arrayContaining([daysAgo._id, justNow._id]));
    expect(expected).not.toContain(ahead._id);
    expect(await makeRemindersDue(ctx.database.db, at2h)).toBe(expected.length);
    const after = await everyRow();
    for (const [id, row] of before)
      expect(after.get(id)!.reminder_status, id).toBe(expected.includes(id) ? 'due' : row.reminder_status);
    expect(Object.fromEntries(ids.map((id) => [id, after.get(id)!.reminder_status]))).toEqual({
      [daysAgo._id]: 'due',
      [justNow._id]: 'due',
      [ahead._id]: 'waiting',
      [doneOne._id]: 'done',
    });
    expect(await makeRemindersDue(ctx.database.db, at2h)).toBe(0);
    expect(await everyRow()).toEqual(after);

    // The worker the server schedules every minute runs the same step at the real clock.
    let handler: (() => Promise<void>) | undefined;
    const schedules: string[] = [];
    const jobs = {
      work: async (_queue: string, work: () => Promise<void>) => {
        handler = work;
      },
      schedule: async (queue: string, cron: string) => {
        schedules.push(`${queue} ${cron}`);
      },
    } as unknown as Jobs;
    const logged: unknown[] = [];
    await scheduleReminders(jobs, ctx.database.db, { info: (entry: unknown) => logged.push(entry) } as never);
    expect(schedules).toEqual(['reminders.due * * * * *']);
    const real = await make(mall, first, HOUR, 'Gerçek saat');
    await ctx.database.db
      .update(reminders)
      .set({ reminder_date: new Date(Date.now() - MINUTE) })
      .where(eq(reminders._id, real._id));
    await handler!();
    expect(logged).toEqual([{ count: 1 }]);
    expect((await list(mall, first, '?status=due')).data.map((row) => row._id)).toEqual([
      daysAgo._id,
      real._id,
    ]);
    await handler!();
    expect(logged).toHaveLength(1);
  });

  it('demo data gives the first admin due, waiting and done reminders with their links', async () => {
    const mall = await ctx.newLocation();
    const admin = await ctx.newStaff({ systemAdmin: true });
    await insertCustomer(ctx.database.db, mall._id);
    await newLending(mall);
    await newReservation(mall);
    await seedDemoReminders(ctx.database.db, mall._id, admin._id);
    const all = await call(mall, 'GET', '/reminder?limit=100', { headers: admin.headers });
    expectStatus(all, 200);
    const rows = all.json().data as {
      reminder_status: string;
      reminder_customer: unknown;
      reminder_reservation: unknown;
      reminder_lending: unknown;
    }[];
    expect(new Set(rows.map((row) => row.reminder_status))).toEqual(new Set(['due', 'waiting', 'done']));
    expect(rows.some((row) => row.reminder_customer)).toBe(true);
    expect(rows.some((row) => row.reminder_reservation)).toBe(true);
    expect(rows.some((row) => row.reminder_lending)).toBe(true);
    expect((await list(mall, admin.headers, '?status=due')).pagination.total).toBe(2);
  });
});
