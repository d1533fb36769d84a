import {
  emailNotification,
  type Location,
  mallPost,
  mobilePage,
  pushNotification,
  smsNotification,
} from '@avlu/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { customers } from '../customers/customers.tables';
import { eraseDeletedCustomers } from '../customers/retention';
import { notifications } from './marketing.tables';
import { customerPushTokens } from './marketing-accounts.tables';
import { emailOptOuts, externalMailAddresses, externalMailLists } from './marketing-directory.tables';

const ctx = useTestApp();

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (
  mall: Pick<Location, '_id'>,
  method: Method,
  path: string,
  payload?: object,
  headers: Record<string, string> = { 'accept-language': 'en' },
) =>
  ctx.inject({
    method,
    url: `/api${path}${path.includes('?') ? '&' : '?'}locationId=${mall._id}`,
    headers,
    ...(payload ? { payload } : {}),
  });

const created = async (mall: Pick<Location, '_id'>, path: string, payload: object) => {
  const response = await call(mall, 'POST', path, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
};

const sms = (overrides: object = {}) => ({
  sms_notification_title: 'Hafta sonu',
  sms_notification_text: 'Hafta sonu tüm mağazalarda %20 indirim sizi bekliyor!',
  sms_notification_filters: '',
  ...overrides,
});
const push = (overrides: object = {}) => ({
  push_notification_text_tr: 'Yeni kampanyalar sizi bekliyor',
  push_notification_text_en: 'New campaigns are waiting for you',
  push_notification_filters: '',
  ...overrides,
});
const email = (overrides: object = {}) => ({
  email_notification_subject: 'Yaz indirimleri',
  email_notification_preview_text: 'Yaz indirimleri başladı',
  email_notification_content_type: 'HTML',
  html_content: '<p>Merhaba</p>',
  email_notification_filters: '',
  ...overrides,
});

let phones = 0;
type CustomerRow = Partial<typeof customers.$inferInsert>;
const addCustomers = async (mall: Pick<Location, '_id'>, rows: CustomerRow[]) =>
  (
    await ctx.database.db
      .insert(customers)
      .values(
        rows.map((row) => ({
          location_id: mall._id,
          customer_phone: `+90535${String(1_000_000 + ++phones)}`,
          ...row,
        })),
      )
      .returning({ _id: customers._id })
  ).map((row) => row._id);

describe('notifications', () => {
  it('creates, lists, reads, changes and deletes an SMS notification', async () => {
    const mall = await ctx.newLocation();
    const first = smsNotification.strict().parse(await created(mall, '/marketing/sms-notifications', sms()));
    expect(first).toMatchObject({
      sms_notification_title: 'Hafta sonu',
      sms_notification_state: 'created',
      sms_notification_filters: null,
      sms_notification_scheduled_for_datetime: null,
      sms_notification_is_commercial: true,
      sms_notification_potential: 0,
      customer_ids: [],
    });
    const second = await created(
      mall,
      '/marketing/sms-notifications',
      sms({ sms_notification_title: 'Bayram mesajı' }),
    );

    const list = await call(
      mall,
      'GET',
      '/marketing/sms-notifications?limit=1&orderBy=sms_notification_title&order=asc',
    );
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({
      data: [{ sms_notification_title: 'Bayram mesajı' }],
      pagination: { total: 2, limit: 1, currentPage: 1, totalPages: 2 },
    });
    const found = await call(mall, 'GET', '/marketing/sms-notifications?keyword=BAYRAM');
    expect(found.json().data.map((row: { _id: string }) => row._id)).toEqual([second._id]);

    const changed = await call(mall, 'PUT', `/marketing/sms-notifications/${first._id}`, {
      ...sms({ sms_notification_text: 'Değişen metin: bu hafta sonu indirim var.' }),
      sms_notification_is_commercial: false,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      sms_notification_text: 'Değişen metin: bu hafta sonu indirim var.',
      sms_notification_is_commercial: false,
    });
    expect((await call(mall, 'GET', `/marketing/sms-notifications/${first._id}`)).json()).toMatchObject({
      sms_notification_text: 'Değişen metin: bu hafta sonu indirim var.',
    });

    expect((await call(mall, 'DELETE', `/marketing/sms-notifications/${first._id}`)).statusCode).toBe(204);
    expect((await call(mall, 'GET', `/marketing/sms-notifications/${first._id}`)).statusCode).toBe(404);
    // Another kind's path does not serve it either.
    const other = await created(mall, '/marketing/sms-notifications', sms());
    expect((await call(mall, 'GET', `/marketing/push-notifications/${other._id}`)).statusCode).toBe(404);
  });

  it('refuses bad input field by field, in either language, and saves nothing', async () => {
    const mall = await ctx.newLocation();
    const bad = await call(
      mall,
      'POST',
      '/marketing/sms-notifications',
      { sms_notification_title: 'Kısa', sms_notification_text: 'Az', sms_notification_filters: 'x' },
      { 'accept-language': 'tr' },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      sms_notification_title: 'En az 5 karakter olmalıdır',
      sms_notification_text: 'En az 10 karakter olmalıdır',
    });
    expect(bad.json().fields.sms_notification_filters).toBeDefined();
    const long = await call(
      mall,
      'POST',
      '/marketing/sms-notifications',
      sms({ sms_notification_text: 'x'.repeat(948) }),
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toEqual({ sms_notification_text: 'Must be at most 947 characters' });
    const exact = await call(
      mall,
      'POST',
      '/marketing/sms-notifications',
      sms({ sms_notification_text: 'x'.repeat(947) }),
    );
    expect(exact.statusCode, exact.body).toBe(201);

    const broadcast = await call(
      mall,
      'POST',
      '/marketing/push-notifications',
      push({
        push_notification_type: 'BROADCAST',
        push_notification_filters: [{ field: 'gender', in: ['female'] }],
      }),
    );
    expect(broadcast.statusCode).toBe(400);
    expect(broadcast.json().fields).toEqual({
      push_notification_type:
        'A BROADCAST notification goes to everyone and takes no filters; remove them or choose FILTER',
    });
    const filterless = await call(
      mall,
      'POST',
      '/marketing/push-notifications',
      push({ push_notification_type: 'FILTER' }),
    );
    expect(filterless.json().fields).toHaveProperty('push_notification_type');
    const typed = pushNotification.parse(
      await created(
        mall,
        '/marketing/push-notifications',
        push({ push_notification_filters: [{ field: 'gender', in: ['male'] }] }),
      ),
    );
    expect(typed.push_notification_type).toBe('FILTER');
    expect(
      pushNotification.parse(await created(mall, '/marketing/push-notifications', push()))
        .push_notification_type,
    ).toBe('BROADCAST');

    const single = await call(
      mall,
      'POST',
      '/marketing/email-notifications',
      email({
        email_notification_subject: 'Yaz',
        email_notification_preview_text: '',
        email_notification_content_type: 'SINGLE',
        html_content: '<p>x</p>',
      }),
    );
    expect(single.statusCode).toBe(400);
    expect(single.json().fields).toEqual({
      email_notification_subject: 'Must be at least 5 characters',
      html_content: 'This field is not used by the chosen content type',
      single_content_image: 'This field is required',
      single_content_link: 'This field is required',
      email_notification_preview_text: 'A preview text or a content image is required',
    });
    const newsletter = await call(
      mall,
      'POST',
      '/marketing/email-notifications',
      email({
        email_notification_content_type: 'NEWSLETTER',
        html_content: null,
        newsletter_content_title: 'Bülten',
        newsletter_content_link: 'javascript:alert(1)',
      }),
      { 'accept-language': 'tr' },
    );
    expect(newsletter.statusCode).toBe(400);
    expect(newsletter.json().fields).toMatchObject({
      newsletter_content_image: 'Bu alan zorunludur',
      newsletter_content_description: 'Bu alan zorunludur',
      newsletter_content_events: 'Bültende en az bir etkinlik ya da promosyon seçin',
    });
    expect(newsletter.json().fields.newsletter_content_link).toBeDefined();
    const noType = await call(
      mall,
      'POST',
      '/marketing/email-notifications',
      email({ email_notification_content_type: '' }),
    );
    expect(noType.json().fields).toMatchObject({ email_notification_content_type: 'This field is required' });

    const strangers = await call(
      mall,
      'POST',
      '/marketing/sms-notifications',
      sms({ customer_ids: ['0123456789abcdef01234567'] }),
    );
    expect(strangers.statusCode).toBe(400);
    expect(strangers.json().fields).toEqual({ customer_ids: 'This mall has no such customer' });
    const page = await call(
      mall,
      'POST',
      '/marketing/push-notifications',
      push({ push_notification_mobile_page_id: '0123456789abcdef01234567' }),
    );
    expect(page.json().fields).toEqual({
      push_notification_mobile_page_id: 'This mall has no such mobile page',
    });

    const listed = await call(mall, 'GET', '/marketing/sms-notifications');
    expect(listed.json().pagination.total).toBe(1);
    const malformedList = await call(mall, 'GET', '/marketing/sms-notifications?sms_notification_state=done');
    expect(malformedList.statusCode).toBe(400);
    expect(malformedList.json().fields).toHaveProperty('sms_notification_state');
  });

  it('schedules in the mall’s time zone, only in the future, and lists by state', async () => {
    const mall = await ctx.newLocation({ location_meta: { timezone: 'Europe/Istanbul' } });
    const year = new Date().getUTCFullYear() + 1;
    const scheduled = smsNotification.parse(
      await created(
        mall,
        '/marketing/sms-notifications',
        sms({ sms_notification_scheduled_for_datetime: `${year}-06-01T10:00` }),
      ),
    );
    expect(scheduled).toMatchObject({
      sms_notification_state: 'scheduled',
      sms_notification_scheduled_for_datetime: `${year}-06-01T07:00:00.000Z`,
    });
    const withOffset = smsNotification.parse(
      await created(
        mall,
        '/marketing/sms-notifications',
        sms({ sms_notification_scheduled_for_datetime: `${year}-06-01T10:00:00+01:00` }),
      ),
    );
    expect(withOffset.sms_notification_scheduled_for_datetime).toBe(`${year}-06-01T09:00:00.000Z`);
    const past = await call(
      mall,
      'POST',
      '/marketing/sms-notifications',
      sms({ sms_notification_scheduled_for_datetime: '2020-01-01T10:00' }),
    );
    expect(past.statusCode).toBe(400);
    expect(past.json().fields).toEqual({
      sms_notification_scheduled_for_datetime: 'The send time must be a later date and time',
    });
    const nonsense = await call(
      mall,
      'POST',
      '/marketing/sms-notifications',
      sms({ sms_notification_scheduled_for_datetime: `${year}-02-30T10:00` }),
    );
    expect(nonsense.json().fields).toEqual({
      sms_notification_scheduled_for_datetime: 'Enter a valid date and time',
    });

    // Unscheduling makes it created again.
    const unscheduled = await call(mall, 'PUT', `/marketing/sms-notifications/${scheduled._id}`, sms());
    expect(unscheduled.json()).toMatchObject({
      sms_notification_state: 'created',
      sms_notification_scheduled_for_datetime: null,
    });
    const byState = await call(mall, 'GET', '/marketing/sms-notifications?sms_notification_state=scheduled');
    expect(byState.json().data.map((row: { _id: string }) => row._id)).toEqual([withOffset._id]);
  });

  it('refuses changes and deletion once sending has started, and hides another mall’s', async () => {
    const mall = await ctx.newLocation();
    const other = await ctx.newLocation();
    const row = await created(mall, '/marketing/email-notifications', email());
    for (const state of ['waiting_for_approval', 'send_in_progress', 'sent', 'error'] as const) {
      await ctx.database.db
        .update(notifications)
        .set({ notification_state: state })
        .where(eq(notifications._id, row._id));
      const put = await call(mall, 'PUT', `/marketing/email-notifications/${row._id}`, email());
      expect(put.statusCode, state).toBe(409);
      expect(put.json().code).toBe('NOTIFICATION_NOT_EDITABLE');
      expect((await call(mall, 'DELETE', `/marketing/email-notifications/${row._id}`)).statusCode).toBe(409);
    }
    await ctx.database.db
      .update(notifications)
      .set({ notification_state: 'created' })
      .where(eq(notifications._id, row._id));
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const response = await call(
        other,
        method,
        `/marketing/email-notifications/${row._id}`,
        method === 'PUT' ? email() : undefined,
      );
      expect(response.statusCode, method).toBe(404);
    }
    expect((await call(other, 'GET', '/marketing/email-notifications')).json().pagination.total).toBe(0);
    // A role with only the SMS subject may not read emails.
    const smsOnly = await ctx.newStaff({
      subjects: ['modules:marketing:sms-notifications'],
      locations: [mall],
    });
    const refused = await call(mall, 'GET', '/marketing/email-notifications', undefined, smsOnly.headers);
    expect(refused.statusCode).toBe(403);
    const allowed = await call(mall, 'GET', '/marketing/sms-notifications', undefined, smsOnly.headers);
    expect(allowed.statusCode).toBe(200);
  });

  it('counts the potential: in the segment or the ids, with consent, reachable and not deleted', async () => {
    const mall = await ctx.newLocation();
    const other = await ctx.newLocation();
    const [womanSms, womanNoSms, manSms, deletedWoman, womanEmail, womanEmailNoAddress, manPush] =
      await addCustomers(mall, [
        { customer_gender: 'female', customer_sms_permission: true },
        { customer_gender: 'female', customer_sms_permission: false, customer_email: 'a@example.com' },
        { customer_gender: 'male', customer_sms_permission: true },
        {
          customer_gender: 'female',
          customer_sms_permission: true,
          customer_email_permission: true,
          customer_email: 'd@example.com',
          customer_deletedAt: new Date(),
        },
        { customer_gender: 'female', customer_email_permission: true, customer_email: 'e@example.com' },
        { customer_gender: 'female', customer_email_permission: true },
        { customer_gender: 'male' },
      ]);
    await addCustomers(other, [{ customer_gender: 'female', customer_sms_permission: true }]);
    await ctx.database.db.insert(customerPushTokens).values([
      { location_id: mall._id, customer_id: manPush!, push_token: 'token-man' },
      { location_id: mall._id, customer_id: deletedWoman!, push_token: 'token-deleted' },
    ]);
    const [pushCustomer] = await ctx.database.db
      .select({ token: customers.customer_push_token })
      .from(customers)
      .where(eq(customers._id, manPush!));
    expect(pushCustomer?.token).toBe('token-man');

    const women = [{ field: 'gender', in: ['female'] }];
    const smsToWomen = smsNotification.parse(
      await created(mall, '/marketing/sms-notifications', sms({ sms_notification_filters: women })),
    );
    expect(smsToWomen.sms_notification_potential).toBe(1); // womanSms only
    const smsToAll = smsNotification.parse(await created(mall, '/marketing/sms-notifications', sms()));
    expect(smsToAll.sms_notification_potential).toBe(2);
    const smsToIds = smsNotification.parse(
      await created(
        mall,
        '/marketing/sms-notifications',
        sms({ customer_ids: [womanSms, womanNoSms, deletedWoman] }),
      ),
    );
    expect(smsToIds.sms_notification_potential).toBe(1);
    const informational = smsNotification.parse(
      await created(
        mall,
        '/marketing/sms-notifications',
        sms({ customer_ids: [womanSms, womanNoSms, deletedWoman], sms_notification_is_commercial: false }),
      ),
    );
    expect(informational.sms_notification_potential).toBe(2);
    // The cost before sending: a one-part text to two customers is two parts; 80 letters ş are 160
    // septets with the Turkish single shift table, over one part's 155, so two parts each.
    expect(informational).toMatchObject({ sms_notification_parts: 1, sms_notification_total_parts: 2 });
    const long = smsNotification.parse(
      await created(
        mall,
        '/marketing/sms-notifications',
        sms({ customer_ids: [womanSms, manSms], sms_notification_text: 'ş'.repeat(80) }),
      ),
    );
    expect(long).toMatchObject({
      sms_notification_potential: 2,
      sms_notification_parts: 2,
      sms_notification_total_parts: 4,
    });
    expect((await call(mall, 'DELETE', `/marketing/sms-notifications/${long._id}`)).statusCode).toBe(204);

    const mailToWomen = emailNotification.parse(
      await created(mall, '/marketing/email-notifications', email({ email_notification_filters: women })),
    );
    expect(mailToWomen.email_notification_potential).toBe(1); // womanEmail: consent and an address
    expect(
      pushNotification.parse(await created(mall, '/marketing/push-notifications', push()))
        .push_notification_potential,
    ).toBe(1);

    // The list counts every row's potential in one go, the same as one by one.
    const list = await call(mall, 'GET', '/marketing/sms-notifications?limit=10');
    const byId = Object.fromEntries(
      list
        .json()
        .data.map((row: { _id: string; sms_notification_potential: number }) => [
          row._id,
          row.sms_notification_potential,
        ]),
    );
    expect(byId).toEqual({
      [smsToWomen._id]: 1,
      [smsToAll._id]: 2,
      [smsToIds._id]: 1,
      [informational._id]: 2,
    });

    // Consent withdrawn, or the customer deleted: the potential follows at once.
    await ctx.database.db
      .update(customers)
      .set({ customer_sms_permission: false })
      .where(eq(customers._id, manSms!));
    await ctx.database.db
      .update(customers)
      .set({ customer_deletedAt: new Date() })
      .where(eq(customers._id, womanEmail!));
    expect(
      (await call(mall, 'GET', `/marketing/sms-notifications/${smsToAll._id}`)).json()
        .sms_notification_potential,
    ).toBe(1);
    expect(
      (await call(mall, 'GET', `/marketing/email-notifications/${mailToWomen._id}`)).json()
        .email_notification_potential,
    ).toBe(0);
    // A device token removed takes the customer out of the push audience.
    await ctx.database.db.delete(customerPushTokens).where(eq(customerPushTokens.customer_id, manPush!));
    const pushes = await call(mall, 'GET', '/marketing/push-notifications');
    expect(pushes.json().data[0].push_notification_potential).toBe(0);
    expect(womanEmailNoAddress).toBeDefined();

    // Erasing a deleted customer removes their devices' tokens too.
    await ctx.database.db
      .update(customers)
      .set({ customer_deletedAt: new Date(Date.now() - 40 * 86_400_000) })
      .where(eq(customers._id, deletedWoman!));
    expect(await eraseDeletedCustomers(ctx.database.db, 30)).toBeGreaterThanOrEqual(1);
    expect(
      await ctx.database.db
        .select()
        .from(customerPushTokens)
        .where(eq(customerPushTokens.customer_id, deletedWoman!)),
    ).toEqual([]);
  });
});

describe('emails to an external list', () => {
  it('counts the list’s addresses that have not opted out, and refuses another mall’s list', async () => {
    const mall = await ctx.newLocation();
    const other = await ctx.newLocation();
    const listOf = async (location: Pick<Location, '_id'>, name: string, emails: string[]) => {
      const [list] = await ctx.database.db
        .insert(externalMailLists)
        .values({ location_id: location._id, list_name: name, list_name_key: name.toLowerCase() })
        .returning({ _id: externalMailLists._id });
      await ctx.database.db.insert(externalMailAddresses).values(
        emails.map((address_email) => ({
          location_id: location._id,
          external_mail_list_id: list!._id,
          address_email,
        })),
      );
      return list!._id;
    };
    const list = await listOf(mall, 'Basın', ['a@example.com', 'b@example.com', 'c@example.com']);
    const foreign = await listOf(other, 'Basın', ['x@example.com']);
    await ctx.database.db
      .insert(emailOptOuts)
      .values({ location_id: mall._id, opt_out_email: 'b@example.com', opt_out_source: 'unsubscribe link' });
    const mail = emailNotification.parse(
      await created(mall, '/marketing/email-notifications', email({ external_mail_list: list })),
    );
    expect(mail).toMatchObject({ external_mail_list: list, email_notification_potential: 2 });
    const informational = emailNotification.parse(
      await created(
        mall,
        '/marketing/email-notifications',
        email({ external_mail_list: list, email_notification_is_commercial: false }),
      ),
    );
    // An address that unsubscribed is never mailed again, informational mail included.
    expect(informational.email_notification_potential).toBe(2);
    const refused = await call(
      mall,
      'POST',
      '/marketing/email-notifications',
      email({ external_mail_list: foreign }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({
      external_mail_list: 'This mall has no such external email list',
    });
    const withFilters = await call(
      mall,
      'POST',
      '/marketing/email-notifications',
      email({ external_mail_list: list, email_notification_filters: [{ field: 'gender', in: ['male'] }] }),
    );
    expect(withFilters.json().fields).toHaveProperty('email_notification_filters');
  });
});

describe('mobile pages, events and promotions', () => {
  it('manages mobile pages with unique titles and names, and keeps one a pending push opens', async () => {
    const mall = await ctx.newLocation();
    const page = mobilePage.strict().parse(
      await created(mall, '/marketing/mobile-pages', {
        mobile_page_title: 'Kampanya detayı',
        mobile_page_name: 'CampaignDetail',
        mobile_page_type: 'detail',
      }),
    );
    await created(mall, '/marketing/mobile-pages', {
      mobile_page_title: 'Ana sayfa',
      mobile_page_name: 'Home',
      mobile_page_type: 'main',
    });
    const taken = await call(mall, 'POST', '/marketing/mobile-pages', {
      mobile_page_title: 'KAMPANYA DETAYI',
      mobile_page_name: 'campaigndetail',
      mobile_page_type: 'main',
    });
    expect(taken.statusCode).toBe(409);
    expect(Object.keys(taken.json().fields)).toEqual(['mobile_page_title', 'mobile_page_name']);
    const badType = await call(mall, 'POST', '/marketing/mobile-pages', {
      mobile_page_title: 'X',
      mobile_page_name: 'Y',
      mobile_page_type: 'other',
    });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().fields).toHaveProperty('mobile_page_type');

    const all = await call(mall, 'GET', '/marketing/mobile-pages?showAll=true');
    expect(all.json().map((row: { mobile_page_title: string }) => row.mobile_page_title)).toEqual([
      'Ana sayfa',
      'Kampanya detayı',
    ]);
    const paged = await call(
      mall,
      'GET',
      '/marketing/mobile-pages?limit=1&currentPage=2&keyword=detay&orderBy=createdAt&order=asc',
    );
    expect(paged.json().pagination).toMatchObject({ total: 1, currentPage: 2 });

    const pushed = await created(
      mall,
      '/marketing/push-notifications',
      push({ push_notification_mobile_page_id: page._id, push_notification_redirect_page_value: 'abc' }),
    );
    expect(pushed.push_notification_mobile_page_id).toBe(page._id);
    const noValue = await call(
      mall,
      'POST',
      '/marketing/push-notifications',
      push({ push_notification_mobile_page_id: page._id }),
      { 'accept-language': 'tr' },
    );
    expect(noValue.statusCode).toBe(400);
    expect(noValue.json().fields).toEqual({
      push_notification_redirect_page_value: 'Detay sayfası bir kaydı gösterir; yönlendirme değerini girin',
    });
    const inUse = await call(mall, 'DELETE', `/marketing/mobile-pages/${page._id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().code).toBe('MOBILE_PAGE_IN_USE');
    expect((await call(mall, 'DELETE', `/marketing/push-notifications/${pushed._id}`)).statusCode).toBe(204);
    expect((await call(mall, 'DELETE', `/marketing/mobile-pages/${page._id}`)).statusCode).toBe(204);

    const pushOnly = await ctx.newStaff({
      subjects: ['modules:marketing:push-notifications'],
      locations: [mall],
    });
    expect(
      (await call(mall, 'GET', '/marketing/mobile-pages?showAll=true', undefined, pushOnly.headers))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await call(
          mall,
          'POST',
          '/marketing/mobile-pages',
          { mobile_page_title: 'A', mobile_page_name: 'B', mobile_page_type: 'main' },
          pushOnly.headers,
        )
      ).statusCode,
    ).toBe(403);
  });

  it('keeps the mall’s events and promotions apart, and a newsletter lists them', async () => {
    const mall = await ctx.newLocation();
    const event = mallPost.strict().parse(
      await created(mall, '/data/events', {
        post_title: 'Çocuk tiyatrosu',
        post_start_date: '2026-12-01',
        post_end_date: '2026-12-03',
        post_link: 'https://avm.example.com/tiyatro',
      }),
    );
    expect(event).toMatchObject({ post_kind: 'event', post_is_active: true, post_image: null });
    const promotion = await created(mall, '/data/promotions', {
      post_title: 'Çocuk tiyatrosu',
      post_start_date: '2026-12-01',
      post_end_date: '2026-12-31',
    });
    const reversed = await call(mall, 'POST', '/data/events', {
      post_title: 'Konser',
      post_start_date: '2026-12-05',
      post_end_date: '2026-12-01',
    });
    expect(reversed.json().fields).toEqual({ post_end_date: 'The end date cannot be before the start date' });
    const twice = await call(mall, 'POST', '/data/events', {
      post_title: 'ÇOCUK TİYATROSU',
      post_start_date: '2026-12-01',
      post_end_date: '2026-12-01',
    });
    expect(twice.statusCode).toBe(409);
    expect((await call(mall, 'GET', '/data/events?showAll=true')).json()).toHaveLength(1);
    expect((await call(mall, 'GET', `/data/promotions/${event._id}`)).statusCode).toBe(404);

    const upload = await call(mall, 'POST', '/data/events', {
      post_title: 'Resimli',
      post_start_date: '2026-12-01',
      post_end_date: '2026-12-01',
      post_image: `/api/files/${'a'.repeat(43)}.png`,
    });
    expect(upload.json().fields).toEqual({ post_image: 'Image not found; please upload it again' });

    const wrongKind = await call(
      mall,
      'POST',
      '/marketing/email-notifications',
      email({
        email_notification_content_type: 'NEWSLETTER',
        html_content: null,
        newsletter_content_image: null,
        newsletter_content_title: 'Aralık bülteni',
        newsletter_content_link: 'https://avm.example.com',
        newsletter_content_description: 'Aralıkta neler var',
        newsletter_content_events: [promotion._id],
      }),
    );
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json().fields).toMatchObject({ newsletter_content_image: 'This field is required' });
  });
});
