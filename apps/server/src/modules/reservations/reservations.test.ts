import { type Location, reservation, reservationArea, reservationDayOf } from '@avlu/contracts';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { nameKey } from '../../platform/db/unique-names';
import { mailOutbox } from '../../platform/mail/mail-outbox.tables';
import { smsOutbox } from '../../platform/sms/sms-outbox.tables';
import { insertCustomer } from '../customers/customers.fixtures';
import { locations } from '../locations/locations.tables';
import { signedInHeaders } from '../micro-site/micro-site.fixtures';
import { storeCategories, stores } from '../stores/stores.tables';
import { seedDemoReservations } from './reservations.demo';
import { dayFromToday, everyDay, reservationFixtures } from './reservations.fixtures';
import { reservationSlots } from './reservations.tables';

const ctx = useTestApp();
const { call, areaInput, newArea, booking, book } = reservationFixtures(ctx);

/** A store of the mall's directory, written directly (the directory has its own tests). */
const newStore = async (mall: Pick<Location, '_id'>, name: string) => {
  const db = ctx.database.db;
  const [category] = await db
    .insert(storeCategories)
    .values({
      location_id: mall._id,
      store_category_name: `Kategori ${name}`,
      store_category_name_en: `Category ${name}`,
      store_category_name_key: nameKey(`Kategori ${name}`),
      store_category_name_en_key: nameKey(`Category ${name}`),
    })
    .returning();
  const [store] = await db
    .insert(stores)
    .values({
      location_id: mall._id,
      store_name: name,
      store_name_key: nameKey(name),
      store_category_id: category!._id,
      store_floor: 'Zemin Kat',
    })
    .returning();
  return store!;
};

const lastSms = async (to: string) =>
  (
    await ctx.database.db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.to, to))
      .orderBy(desc(smsOutbox.created_at))
  )[0];

describe('reservation areas', () => {
  it('creates, reads, lists, changes and deletes an area, its hours as entries', async () => {
    const mall = await ctx.newLocation();
    const created = await newArea(mall, {
      reservation_area_name: 'VIP Salon',
      reservation_area_cms_id: 'cms-42',
      reservation_area_hours_by_days: [
        { day: 'saturday', time_range: '10:00-12:00', max_reservation_number: 4 },
        { day: 'sunday', time_range: '10:00-12:00', max_reservation_number: 4 },
      ],
    });
    expect(reservationArea.strict().parse(created)).toMatchObject({
      reservation_area: 'VIP Salon',
      reservation_area_name: 'VIP Salon',
      reservation_area_cms_id: 'cms-42',
      reservation_area_type: 'other',
      reservation_area_store_id: null,
      reservation_area_is_active: true,
    });
    expect(created.reservation_area_hours_by_days).toHaveLength(2);

    const read = await call(mall, 'GET', `/reservation-areas/${created._id}`);
    expect(read.json()).toEqual(created);

    const changed = await call(mall, 'PUT', `/reservation-areas/${created._id}`, {
      ...areaInput({ reservation_area_name: 'VIP Salon' }),
      reservation_area_is_active: false,
      reservation_end_date: dayFromToday(10),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      reservation_area_is_active: false,
      reservation_end_date: dayFromToday(10),
    });

    await newArea(mall, { reservation_area_name: 'Çocuk Oyun Alanı' });
    const page = await call(mall, 'GET', '/reservation-areas?limit=10&currentPage=1');
    expect(page.json().pagination.total).toBe(2);
    expect(
      page.json().data.map((area: { reservation_area_name: string }) => area.reservation_area_name),
    ).toEqual(['Çocuk Oyun Alanı', 'VIP Salon']);
    const active = await call(mall, 'GET', '/reservation-areas?showAll=true&reservation_area_is_active=true');
    expect(
      active.json().map((area: { reservation_area_name: string }) => area.reservation_area_name),
    ).toEqual(['Çocuk Oyun Alanı']);

    expect((await call(mall, 'DELETE', `/reservation-areas/${created._id}`)).statusCode).toBe(204);
    expect((await call(mall, 'GET', `/reservation-areas/${created._id}`)).statusCode).toBe(404);
  });

  it('names a store of the mall for a store area, which reservations name by the store’s id', async () => {
    const mall = await ctx.newLocation();
    const other = await ctx.newLocation();
    const store = await newStore(mall, 'LC Waikiki');
    const foreign = await newStore(other, 'Mavi');
    const area = await newArea(mall, {
      reservation_area_name: 'LC Waikiki Stil Danışmanlığı',
      reservation_area_type: 'store',
      reservation_area_store_id: store._id,
    });
    expect(area).toMatchObject({ reservation_area: store._id, reservation_area_store_name: 'LC Waikiki' });

    const again = await call(mall, 'POST', '/reservation-areas', {
      ...areaInput({ reservation_area_type: 'store', reservation_area_store_id: store._id }),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().fields).toEqual({
      reservation_area_store_id: 'This store already has a reservation area',
    });

    const elsewhere = await call(mall, 'POST', '/reservation-areas', {
      ...areaInput({ reservation_area_type: 'store', reservation_area_store_id: foreign._id }),
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().fields).toEqual({ reservation_area_store_id: 'The mall has no such store' });

    const booked = await book(mall, area);
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json()).toMatchObject({ reservation_area: store._id, reservation_area_type: 'store' });
  });

  it('refuses bad areas naming each field, in Turkish by default and in English', async () => {
    const mall = await ctx.newLocation();
    const bad = {
      ...areaInput(),
      reservation_area_name: '  ',
      reservation_area_type: 'store',
      reservation_start_date: dayFromToday(5),
      reservation_end_date: dayFromToday(1),
      reservation_area_hours_by_days: [
        { day: 'monday', time_range: '10:00-12:00', max_reservation_number: 2 },
        { day: 'monday', time_range: '11:00-13:00', max_reservation_number: 2 },
        { day: 'tuesday', time_range: '14:00-13:00', max_reservation_number: 0 },
        { day: 'friday', time_range: '9-10', max_reservation_number: 1 },
      ],
    };
    const turkish = await call(mall, 'POST', '/reservation-areas', bad, 'tr');
    expect(turkish.statusCode).toBe(400);
    expect(turkish.json().fields).toEqual({
      reservation_area_name: 'Bu alan zorunludur',
      reservation_area_store_id: 'Bu alan zorunludur',
      reservation_end_date: 'Bitiş tarihi başlangıç tarihinden önce olamaz',
      'reservation_area_hours_by_days.1.time_range':
        'Bu saat aralığı aynı günün başka bir aralığıyla çakışıyor',
      'reservation_area_hours_by_days.2.time_range': 'Bitiş saati başlangıç saatinden sonra olmalıdır',
      'reservation_area_hours_by_days.2.max_reservation_number': 'En az 1 olmalıdır',
      'reservation_area_hours_by_days.3.time_range':
        'Saat aralığını SS:dd-SS:dd biçiminde girin (ör. 10:00-12:00)',
    });
    const english = await call(mall, 'POST', '/reservation-areas', {
      ...areaInput(),
      reservation_area_hours_by_days: [],
    });
    expect(english.json().fields).toEqual({
      reservation_area_hours_by_days: 'Add at least one day and time range',
    });
    const repeated = await call(mall, 'POST', '/reservation-areas', {
      ...areaInput(),
      reservation_area_type: 'other',
      reservation_area_store_id: (await newStore(mall, 'Boyner'))._id,
      reservation_area_hours_by_days: everyDay({ '10:00-11:00': 1 }).concat(everyDay({ '10:00-11:00': 2 })),
    });
    expect(repeated.json().fields).toMatchObject({
      reservation_area_store_id: 'A store is chosen only for an area of the store type',
      'reservation_area_hours_by_days.7.time_range': 'This day and time range is in the list more than once',
    });
    await newArea(mall, { reservation_area_name: 'Bebek Bakım Odası' });
    const taken = await call(
      mall,
      'POST',
      '/reservation-areas',
      areaInput({ reservation_area_name: 'BEBEK bakım odası' }),
    );
    expect(taken.statusCode).toBe(409);
    expect(Object.keys(taken.json().fields)).toEqual(['reservation_area_name']);
    expect((await call(mall, 'GET', '/reservation-areas')).json().pagination.total).toBe(1);
  });

  it('keeps an area with reservations: deleting it is refused, making it inactive is the way', async () => {
    const mall = await ctx.newLocation();
    const area = await newArea(mall);
    expect((await book(mall, area)).statusCode).toBe(201);
    const refused = await call(mall, 'DELETE', `/reservation-areas/${area._id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().fields).toEqual({
      reservation_area_name: 'This area has reservations; make it inactive instead of deleting it',
    });
  });
});

describe('valid dates', () => {
  it('offers from today to the end date the slots of the day with places left, never an inactive area', async () => {
    const mall = await ctx.newLocation();
    const area = await newArea(mall, {
      reservation_start_date: dayFromToday(1),
      reservation_end_date: dayFromToday(7),
      reservation_area_hours_by_days: everyDay({ '10:00-12:00': 2, '14:00-16:00': 1 }),
    });
    const url = `/reservation-areas/valid-dates?reservation_area=${encodeURIComponent(area.reservation_area)}&reservation_area_type=other`;
    const dates = (await call(mall, 'GET', url)).json();
    expect(dates.map((entry: { date: string }) => entry.date)).toEqual(
      Array.from({ length: 7 }, (_, index) => dayFromToday(index + 1)),
    );
    const target = dayFromToday(2);
    expect(dates[1]).toEqual({
      date: target,
      day: reservationDayOf(target),
      hours: [
        { time_range: '10:00-12:00', max_reservation_number: 2, remaining: 2 },
        { time_range: '14:00-16:00', max_reservation_number: 1, remaining: 1 },
      ],
    });

    expect(
      (await book(mall, area, { reservation_request_date: target, reservation_request_hour: '14:00-16:00' }))
        .statusCode,
    ).toBe(201);
    expect((await book(mall, area, { reservation_request_date: target })).statusCode).toBe(201);
    const after = (await call(mall, 'GET', url)).json();
    expect(after[1].hours).toEqual([{ time_range: '10:00-12:00', max_reservation_number: 2, remaining: 1 }]);

    await call(mall, 'PUT', `/reservation-areas/${area._id}`, {
      ...areaInput({ reservation_area_name: area.reservation_area_name }),
      reservation_area_is_active: false,
    });
    expect((await call(mall, 'GET', url)).json()).toEqual([]);

    const unknown = await call(
      mall,
      'GET',
      '/reservation-areas/valid-dates?reservation_area=Yok&reservation_area_type=other',
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().fields).toEqual({ reservation_area: 'The mall has no such reservation area' });
  });

  it('offers only the days an area has hours on, and nothing once its end date has passed', async () => {
    const mall = await ctx.newLocation();
    const sunday = await newArea(mall, {
      reservation_area_hours_by_days: [
        { day: 'sunday', time_range: '12:00-13:00', max_reservation_number: 5 },
      ],
    });
    const url = (area: { reservation_area: string }) =>
      `/reservation-areas/valid-dates?reservation_area=${encodeURIComponent(area.reservation_area)}&reservation_area_type=other`;
    const dates = (await call(mall, 'GET', url(sunday))).json();
    expect(dates.length).toBeGreaterThanOrEqual(4);
    for (const entry of dates) expect(entry.day).toBe('sunday');
    const ended = await newArea(mall, {
      reservation_start_date: dayFromToday(-10),
      reservation_end_date: dayFromToday(-1),
    });
    expect((await call(mall, 'GET', url(ended))).json()).toEqual([]);
  });
});

describe('reservations', () => {
  it('books a pending reservation and refuses what the area does not offer, naming the field', async () => {
    const mall = await ctx.newLocation();
    const area = await newArea(mall, {
      reservation_start_date: dayFromToday(-3),
      reservation_end_date: dayFromToday(10),
      reservation_area_hours_by_days: everyDay({ '10:00-12:00': 1 }),
    });
    const created = await book(mall, area, { reservation_note: 'Doğum günü', reservation_total_person: 4 });
    expect(created.statusCode, created.body).toBe(201);
    expect(reservation.strict().parse(created.json())).toMatchObject({
      reservation_customer_phone: '+905321112233',
      reservation_area_name: area.reservation_area_name,
      reservation_status: 'pending',
      reservation_source: 'back-office',
      reservation_note: 'Doğum günü',
      reservation_total_person: 4,
    });
    const full = await book(mall, area);
    expect(full.statusCode).toBe(409);
    expect(full.json().fields).toEqual({
      reservation_request_hour: 'This time range is full; pick another one',
    });

    const refusals: [object, Record<string, string>][] = [
      [
        { reservation_request_date: dayFromToday(11) },
        { reservation_request_date: 'This date is not within the area’s reservation dates' },
      ],
      [
        { reservation_request_date: dayFromToday(-1) },
        { reservation_request_date: 'A reservation cannot be made for a past date or time' },
      ],
      [
        { reservation_request_hour: '12:00-14:00' },
        { reservation_request_hour: 'The area has no such time range on this day' },
      ],
      [{ reservation_area: 'Olmayan Alan' }, { reservation_area: 'The mall has no such reservation area' }],
    ];
    for (const [overrides, fields] of refusals) {
      const refused = await book(mall, area, overrides);
      expect(refused.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(refused.json().fields).toEqual(fields);
    }
    const bad = await call(
      mall,
      'POST',
      '/reservations',
      {
        ...booking(area),
        reservation_customer_name: '',
        reservation_customer_gender: undefined,
        reservation_customer_phone: '12',
        reservation_request_date: '',
        reservation_request_hour: '',
        reservation_total_person: 0,
        reservation_customer_email: 'not-an-email',
      },
      'tr',
    );
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(
      [
        'reservation_customer_email',
        'reservation_customer_gender',
        'reservation_customer_name',
        'reservation_customer_phone',
        'reservation_request_date',
        'reservation_request_hour',
        'reservation_total_person',
      ].sort(),
    );
    expect(bad.json().fields.reservation_request_hour).toBe('Bu alan zorunludur');

    await call(mall, 'PUT', `/reservation-areas/${area._id}`, {
      ...areaInput({ reservation_area_name: area.reservation_area_name }),
      reservation_area_is_active: false,
    });
    const inactive = await book(mall, area, { reservation_request_date: dayFromToday(3) });
    expect(inactive.json().fields).toEqual({
      reservation_area: 'This reservation area is not taking reservations now',
    });
    // Nothing of the refused bookings was kept.
    expect((await call(mall, 'GET', '/reservations')).json().pagination.total).toBe(1);
  });

  it('lists, searches and filters reservations', async () => {
    const mall = await ctx.newLocation();
    const area = await newArea(mall);
    const other = await newArea(mall);
    await book(mall, area, {
      reservation_customer_name: 'Mehmet',
      reservation_customer_phone: '05321234567',
    });
    await book(mall, area, { reservation_customer_name: 'Şule', reservation_request_date: dayFromToday(4) });
    const third = (await book(mall, other, { reservation_customer_name: 'İlker' })).json();
    await call(mall, 'PUT', `/reservations/${third._id}/update-status`, { reservation_status: 'rejected' });

    const names = async (query: string) =>
      (await call(mall, 'GET', `/reservations?${query}`))
        .json()
        .data.map((row: { reservation_customer_name: string }) => row.reservation_customer_name);
    expect(await names('orderBy=reservation_customer_name&order=asc')).toEqual(['İlker', 'Mehmet', 'Şule']);
    expect(await names('keyword=sule')).toEqual(['Şule']);
    expect(await names('keyword=1234567')).toEqual(['Mehmet']);
    expect(await names('reservation_status=rejected')).toEqual(['İlker']);
    expect(await names(`reservation_area_id=${other._id}`)).toEqual(['İlker']);
    expect(await names(`date_from=${dayFromToday(3)}&date_to=${dayFromToday(5)}`)).toEqual(['Şule']);
  });

  it('moves pending to accepted, rejected or cancelled only, gives the place back, and texts the customer', async () => {
    const mall = await ctx.newLocation();
    const area = await newArea(mall, { reservation_area_hours_by_days: everyDay({ '10:00-12:00': 1 }) });
    const first = (await book(mall, area, { reservation_customer_phone: '05329998877' })).json();
    const accepted = await call(mall, 'PUT', `/reservations/${first._id}/update-status`, {
      reservation_status: 'accepted',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().reservation_status).toBe('accepted');
    expect((await lastSms('+905329998877'))?.text).toContain('rezervasyonunuz onaylandı');
    expect((await book(mall, area)).statusCode).toBe(409);

    const back = await call(mall, 'PUT', `/reservations/${first._id}/update-status`, {
      reservation_status: 'rejected',
    });
    expect(back.statusCode).toBe(409);
    expect(back.json().fields).toEqual({
      reservation_status: 'The reservation cannot move from its status to the one chosen',
    });
    const cancelled = await call(mall, 'PUT', `/reservations/${first._id}/update-status`, {
      reservation_status: 'cancelled',
    });
    expect(cancelled.json().reservation_status).toBe('cancelled');
    expect((await lastSms('+905329998877'))?.text).toContain('iptal edildi');
    // The place is free again; a cancelled reservation stays cancelled.
    const second = await book(mall, area);
    expect(second.statusCode).toBe(201);
    expect(
      (
        await call(mall, 'PUT', `/reservations/${first._id}/update-status`, {
          reservation_status: 'accepted',
        })
      ).statusCode,
    ).toBe(409);
    const pending = await call(mall, 'PUT', `/reservations/${second.json()._id}/update-status`, {
      reservation_status: 'pending',
    });
    expect(pending.statusCode).toBe(400);
    expect(Object.keys(pending.json().fields)).toEqual(['reservation_status']);
    const rejected = await call(mall, 'PUT', `/reservations/${second.json()._id}/update-status`, {
      reservation_status: 'rejected',
    });
    expect(rejected.json().reservation_status).toBe('rejected');
    const slots = await ctx.database.db
      .select()
      .from(reservationSlots)
      .where(eq(reservationSlots.reservation_area_id, area._id));
    expect(slots.map((slot) => slot.slot_taken)).toEqual([0]);

    // Deleting a pending reservation gives its place back too.
    const third = (await book(mall, area)).json();
    expect((await book(mall, area)).statusCode).toBe(409);
    expect((await call(mall, 'DELETE', `/reservations/${third._id}`)).statusCode).toBe(204);
    expect((await call(mall, 'GET', `/reservations/${third._id}`)).statusCode).toBe(404);
    expect((await book(mall, area)).statusCode).toBe(201);
  });

  it('sends the customer an SMS and an email from the detail page', async () => {
    const mall = await ctx.newLocation();
    const area = await newArea(mall);
    const booked = (
      await book(mall, area, {
        reservation_customer_phone: '05327776655',
        reservation_customer_email: 'elif@example.com',
      })
    ).json();
    const sms = await call(mall, 'PUT', `/reservations/${booked._id}/send-sms`, {
      sms_title: 'Rezervasyon',
      sms_text: 'Lütfen 15 dakika önce gelin.',
    });
    expect(sms.json()).toEqual({ sent: true, to: '+905327776655' });
    expect((await lastSms('+905327776655'))?.text).toBe('Rezervasyon: Lütfen 15 dakika önce gelin.');
    const email = await call(mall, 'PUT', `/reservations/${booked._id}/send-email`, {
      email_title: 'Rezervasyonunuz hakkında',
      email_text: 'Merhaba,\n\nMasanız hazır <b>olacak</b>.',
    });
    expect(email.json()).toEqual({ sent: true, to: 'elif@example.com' });
    const [mail] = await ctx.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'elif@example.com'));
    expect(mail).toMatchObject({ subject: `${mall.location_name}: Rezervasyonunuz hakkında` });
    // The staff's words as paragraphs, escaped (people typed them), and which reservation it is about.
    expect(mail!.html).toMatch(
      /<p[^>]*>Merhaba,<\/p>\s*<p[^>]*>Masanız hazır &lt;b&gt;olacak&lt;\/b&gt;.<\/p>/,
    );
    const day = booked.reservation_request_date.split('-').reverse().join('.');
    expect(mail!.text).toContain(
      `${mall.location_name} içindeki ${day} ${booked.reservation_request_hour} rezervasyonunuz hakkındadır.`,
    );

    // Each SMS counts against the mall's hourly budget, as every SMS its staff send: spent, refused.
    await ctx.database.db.update(locations).set({ sms_hourly_budget: 1 }).where(eq(locations._id, mall._id));
    const overBudget = await call(mall, 'PUT', `/reservations/${booked._id}/send-sms`, {
      sms_title: 'Rezervasyon',
      sms_text: 'Bir mesaj daha gönderiyoruz.',
    });
    expect(overBudget.statusCode).toBe(429);
    expect(overBudget.json().code).toBe('SMS_BUDGET_EXCEEDED');

    const short = await call(
      mall,
      'PUT',
      `/reservations/${booked._id}/send-sms`,
      { sms_title: 'Kısa', sms_text: 'Az' },
      'tr',
    );
    expect(short.statusCode).toBe(400);
    expect(short.json().fields).toEqual({
      sms_title: 'En az 5 karakter olmalıdır',
      sms_text: 'En az 10 karakter olmalıdır',
    });
    const noEmail = (await book(mall, area, { reservation_customer_email: null })).json();
    const refused = await call(mall, 'PUT', `/reservations/${noEmail._id}/send-email`, {
      email_title: 'Rezervasyonunuz',
      email_text: 'Masanız hazır olacak.',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({
      email_title: 'The reservation has no email address of the customer',
    });
  });

  it('never serves another mall’s areas or reservations', async () => {
    const mall = await ctx.newLocation();
    const other = await ctx.newLocation();
    const area = await newArea(mall);
    const booked = (await book(mall, area)).json();
    expect((await call(other, 'GET', `/reservation-areas/${area._id}`)).statusCode).toBe(404);
    expect((await call(other, 'PUT', `/reservation-areas/${area._id}`, areaInput())).statusCode).toBe(404);
    expect((await call(other, 'DELETE', `/reservation-areas/${area._id}`)).statusCode).toBe(404);
    expect((await call(other, 'GET', '/reservation-areas')).json().pagination.total).toBe(0);
    expect((await call(other, 'GET', '/reservations')).json().pagination.total).toBe(0);
    for (const [method, path, payload] of [
      ['GET', '', undefined],
      ['DELETE', '', undefined],
      ['PUT', '/update-status', { reservation_status: 'accepted' }],
      ['PUT', '/send-sms', { sms_title: 'Merhaba', sms_text: 'Bir mesaj metni.' }],
      ['PUT', '/send-email', { email_title: 'Merhaba', email_text: 'Bir mesaj metni.' }],
    ] as const)
      expect((await call(other, method, `/reservations/${booked._id}${path}`, payload)).statusCode).toBe(404);
    // Booking another mall's area by its name finds nothing there.
    expect((await book(other, area)).json().fields).toEqual({
      reservation_area: 'The mall has no such reservation area',
    });
    expect((await call(mall, 'GET', `/reservations/${booked._id}`)).json().reservation_status).toBe(
      'pending',
    );
  });
});

describe('reservations on the micro-site', () => {
  it('offers active areas, books for the signed-in customer, lists and cancels their own only', async () => {
    const mall = await ctx.newLocation();
    const open = await newArea(mall, { reservation_area_name: 'Oyun Parkı' });
    await newArea(mall, { reservation_area_name: 'Kapalı Salon', reservation_area_is_active: false });
    const customer = await insertCustomer(ctx.database.db, mall._id, {
      customer_name: 'Deniz',
      customer_surname: 'Ak',
    });
    const stranger = await insertCustomer(ctx.database.db, mall._id);
    const headers = await signedInHeaders(ctx.database.db, mall, customer._id, 'en');
    const theirs = await signedInHeaders(ctx.database.db, mall, stranger._id, 'en');
    const ext = (method: 'GET' | 'POST', url: string, h: Record<string, string>, payload?: object) =>
      ctx.app.inject({ method, url: `/api${url}`, headers: h, ...(payload ? { payload } : {}) });

    const areas = (await ext('GET', '/ext/reservation-areas', headers)).json();
    expect(areas.map((area: { reservation_area_name: string }) => area.reservation_area_name)).toEqual([
      'Oyun Parkı',
    ]);
    const dates = await ext(
      'GET',
      `/ext/reservation-areas/valid-dates?reservation_area=${encodeURIComponent('Oyun Parkı')}&reservation_area_type=other`,
      headers,
    );
    expect(dates.statusCode).toBe(200);
    const { date, hours } = dates.json()[1];

    const booked = await ext('POST', '/ext/app/customers/reservations', headers, {
      reservation_area: open.reservation_area,
      reservation_area_type: 'other',
      reservation_request_date: date,
      reservation_request_hour: hours[0].time_range,
      reservation_total_person: 3,
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json()).toMatchObject({ reservation_status: 'pending', reservation_total_person: 3 });
    const staffView = (await call(mall, 'GET', `/reservations/${booked.json()._id}`)).json();
    expect(staffView).toMatchObject({
      reservation_customer_name: 'Deniz',
      reservation_customer_surname: 'Ak',
      reservation_customer_phone: customer.customer_phone,
      reservation_source: 'micro-site',
      customer_id: customer._id,
    });
    const nameless = await ext('POST', '/ext/app/customers/reservations', headers, {
      reservation_area: 'Kapalı Salon',
      reservation_area_type: 'other',
      reservation_request_date: date,
      reservation_request_hour: hours[0].time_range,
      reservation_total_person: 1,
    });
    expect(nameless.json().fields).toEqual({
      reservation_area: 'This reservation area is not taking reservations now',
    });

    expect((await ext('GET', '/ext/app/customers/reservations', theirs)).json()).toEqual([]);
    const mine = (await ext('GET', '/ext/app/customers/reservations', headers)).json();
    expect(mine.map((row: { _id: string }) => row._id)).toEqual([booked.json()._id]);
    expect(
      (await ext('POST', `/ext/app/customers/reservations/${booked.json()._id}/cancel`, theirs)).statusCode,
    ).toBe(404);
    const cancelled = await ext(
      'POST',
      `/ext/app/customers/reservations/${booked.json()._id}/cancel`,
      headers,
    );
    expect(cancelled.json().reservation_status).toBe('cancelled');
    expect(
      (await ext('POST', `/ext/app/customers/reservations/${booked.json()._id}/cancel`, headers)).statusCode,
    ).toBe(409);
    // Without a customer session: no booking.
    const { authorization } = headers as { authorization: string };
    expect((await ext('GET', '/ext/app/customers/reservations', { authorization })).statusCode).toBe(401);
  });
});

describe('demo reservations', () => {
  it('seeds areas with hours, one for a store and one inactive, reservations in every status, places held', async () => {
    const mall = await ctx.newLocation();
    const store = await newStore(mall, 'Koton');
    await seedDemoReservations(ctx.database.db, mall._id, [store._id]);
    const areas = (await call(mall, 'GET', '/reservation-areas?showAll=true')).json();
    expect(areas).toHaveLength(4);
    expect(
      areas.filter((area: { reservation_area_is_active: boolean }) => !area.reservation_area_is_active),
    ).toHaveLength(1);
    expect(
      areas.find((area: { reservation_area_type: string }) => area.reservation_area_type === 'store'),
    ).toMatchObject({
      reservation_area_store_id: store._id,
      reservation_area_store_name: 'Koton',
    });
    const rows = (await call(mall, 'GET', '/reservations?limit=100')).json().data as {
      reservation_status: string;
    }[];
    expect(new Set(rows.map((row) => row.reservation_status))).toEqual(
      new Set(['pending', 'accepted', 'rejected', 'cancelled']),
    );
    const holding = rows.filter((row) => ['pending', 'accepted'].includes(row.reservation_status)).length;
    const slots = await ctx.database.db.select().from(reservationSlots);
    const mine = slots.filter((slot) =>
      areas.some((area: { _id: string }) => area._id === slot.reservation_area_id),
    );
    expect(mine.reduce((sum, slot) => sum + slot.slot_taken, 0)).toBe(holding);
  });
});
