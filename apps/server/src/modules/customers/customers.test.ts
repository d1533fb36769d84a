import { CUSTOMER_IDS_CAP, CUSTOMER_LIST_TOTAL_CAP, type Location } from '@avlu/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { admins } from '../admins/admins.tables';
import { auditLog } from '../audit/audit.tables';
import { changeConsent } from './consents.service';
import { customerConsentEvents, customers } from './customers.tables';

const ctx = useTestApp();
const LIST = 'modules:customers:customer-list';
let mall: Location;
let otherMall: Location;
let phoneCount = 0;

type NewCustomer = Partial<typeof customers.$inferInsert>;
const newCustomer = async (input: NewCustomer = {}, location = mall) => {
  const [row] = await ctx.database.db
    .insert(customers)
    .values({
      location_id: location._id,
      customer_phone: `+90532${String(10_000_000 + ++phoneCount).slice(1)}`,
      customer_name: 'Ayşe',
      customer_surname: 'Yılmaz',
      customer_birthdate: '1990-05-17',
      ...input,
    })
    .returning();
  return row!;
};

const filter = (body: object, location = mall, headers: Record<string, string> = {}) =>
  ctx.inject({
    method: 'POST',
    url: `/api/customer/filter?locationId=${location._id}`,
    payload: body,
    headers,
  });
const names = (response: { json: () => { data: { customer_name: string }[] } }) =>
  response
    .json()
    .data.map((row) => row.customer_name)
    .sort();

beforeAll(async () => {
  mall = await ctx.newLocation();
  otherMall = await ctx.newLocation();
});

describe('POST /api/customer/filter', () => {
  let local: Location;
  beforeAll(async () => {
    local = await ctx.newLocation();
    const rows: NewCustomer[] = [
      {
        customer_name: 'Işık',
        customer_surname: 'IŞIK',
        customer_gender: 'female',
        customer_birthdate: '2000-03-10',
      },
      {
        customer_name: 'istanbul',
        customer_surname: 'Şen',
        customer_gender: 'male',
        customer_birthdate: '1960-03-01',
      },
      {
        customer_name: 'Çağla',
        customer_surname: 'Öztürk',
        customer_gender: 'female',
        customer_birthdate: '1985-12-24',
        customer_email: 'cagla@ornek.com.tr',
        customer_province: 'İzmir',
        customer_vehicle_plate: '35ABC123',
        customer_sms_permission: true,
      },
      {
        customer_name: 'Mehmet',
        customer_surname: 'Demir',
        customer_number_of_children: 2,
        customer_is_parent: true,
      },
    ];
    for (const row of rows) await newCustomer(row, local);
    await newCustomer({ customer_name: 'Başka' }, otherMall);
  });

  it('answers the mall’s customers in the list shape, newest first, with derived age', async () => {
    const response = await filter({}, local);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.pagination).toEqual({ total: 4, limit: 10, currentPage: 1, totalPages: 1 });
    expect(body.data.map((row: { customer_name: string }) => row.customer_name)).toEqual([
      'Mehmet',
      'Çağla',
      'istanbul',
      'Işık',
    ]);
    const cagla = body.data[1];
    expect(cagla).toMatchObject({
      customer_email: 'cagla@ornek.com.tr',
      customer_sms_permission: true,
      customer_is_developer: false,
      customer_deletedAt: null,
    });
    expect(cagla.age).toBeGreaterThanOrEqual(39);
    expect(cagla).not.toHaveProperty('location_id');
  });

  it('pages with limit and currentPage', async () => {
    const response = await filter({ pagination: { limit: 3, currentPage: 2 } }, local);
    expect(response.json().pagination).toEqual({ total: 4, limit: 3, currentPage: 2, totalPages: 2 });
    expect(response.json().data).toHaveLength(1);
  });

  it('folds Turkish letters both ways in the keyword', async () => {
    expect(names(await filter({ keyword: 'ışık' }, local))).toEqual(['Işık']);
    expect(names(await filter({ keyword: 'İSTANBUL' }, local))).toEqual(['istanbul']);
    expect(names(await filter({ keyword: 'cagla@' }, local))).toEqual(['Çağla']);
    expect(names(await filter({ keyword: 'ozturk', searchType: 'name' }, local))).toEqual(['Çağla']);
    expect(names(await filter({ keyword: 'ozturk', searchType: 'email' }, local))).toEqual([]);
  });

  it('builds the page’s statements once per shape, each call answered with its own values', async () => {
    const page = { pagination: { limit: 1, currentPage: 2 }, orderBy: 'customer_name', order: 'asc' };
    await filter({ ...page, keyword: 'a' }, local);
    const builds = vi.spyOn(PgDialect.prototype, 'buildSelectQuery');
    try {
      // The same shape as above (keyword, sort, a page past the first), other values: nothing built.
      const withC = await filter({ ...page, keyword: 'ç' }, local);
      const secondWithE = await filter(
        { ...page, pagination: { limit: 2, currentPage: 2 }, keyword: 'e' },
        local,
      );
      expect(builds).not.toHaveBeenCalled();
      expect(withC.json()).toMatchObject({ data: [], pagination: { total: 1, currentPage: 2 } });
      // 'e' is in Çağla's e-mail, istanbul Şen's surname and Mehmet: in Turkish order, the second page.
      expect(secondWithE.json().pagination).toEqual({ total: 3, limit: 2, currentPage: 2, totalPages: 2 });
      expect(names(secondWithE)).toEqual(['Mehmet']);
    } finally {
      builds.mockRestore();
    }
  });

  it('finds a phone fragment written with the national 0 and spaces', async () => {
    const [first] = await ctx.database.db
      .select({ phone: customers.customer_phone })
      .from(customers)
      .where(and(eq(customers.location_id, local._id), eq(customers.customer_name, 'Mehmet')));
    const national = `0${first!.phone.slice(3, 6)} ${first!.phone.slice(6, 9)}`;
    const response = await ctx.inject({
      method: 'POST',
      url: `/api/customer/smart-search?locationId=${local._id}`,
      payload: { keyword: national, searchType: 'phone' },
    });
    expect(names(response)).toContain('Mehmet');
  });

  it('applies segment filters with AND/OR groups', async () => {
    expect(names(await filter({ filter: [{ field: 'gender', in: ['female'] }] }, local))).toEqual([
      'Işık',
      'Çağla',
    ]);
    expect(names(await filter({ filter: [{ field: 'birthday_month', in: [3] }] }, local))).toEqual([
      'Işık',
      'istanbul',
    ]);
    expect(names(await filter({ filter: [{ field: 'age', min: 60 }] }, local))).toEqual(['istanbul']);
    expect(names(await filter({ filter: [{ field: 'age', max: 30 }] }, local))).toEqual(['Işık']);
    expect(names(await filter({ filter: [{ field: 'has_vehicle', value: true }] }, local))).toEqual([
      'Çağla',
    ]);
    expect(names(await filter({ filter: [{ field: 'consent', type: 'sms', value: true }] }, local))).toEqual([
      'Çağla',
    ]);
    expect(names(await filter({ filter: [{ field: 'province', in: ['İzmir'] }] }, local))).toEqual(['Çağla']);
    expect(names(await filter({ filter: [{ field: 'is_parent', value: false }] }, local))).toHaveLength(3);
    const either = {
      field: 'group',
      op: 'or',
      conditions: [
        { field: 'number_of_children', min: 1 },
        { field: 'birthdate', max: '1970-01-01' },
      ],
    };
    expect(names(await filter({ filter: [either] }, local))).toEqual(['Mehmet', 'istanbul']);
    expect(names(await filter({ filter: [either, { field: 'gender', in: ['male'] }] }, local))).toEqual([
      'istanbul',
    ]);
    const today = new Date().toISOString().slice(0, 10);
    expect(
      names(await filter({ filter: [{ field: 'registered_at', min: today, max: today }] }, local)),
    ).toHaveLength(4);
  });

  it('answers 400 naming a bad filter or sort field', async () => {
    const bad = await filter({ filter: [{ field: 'shoe_size', in: [42] }] }, local, {
      'accept-language': 'en',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual([expect.stringMatching(/^filter\.0/)]);
    const sort = await filter({ orderBy: 'customer_phone' }, local);
    expect(sort.statusCode).toBe(400);
    expect(Object.keys(sort.json().fields)).toEqual(['orderBy']);
  });

  it('counts a segment and answers its ids', async () => {
    const response = await ctx.inject({
      method: 'POST',
      url: `/api/customer/count?locationId=${local._id}`,
      payload: { filter: [{ field: 'gender', in: ['female'] }] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().count).toBe(2);
    expect(response.json().customer_ids).toHaveLength(2);
  });

  it('counts a segment larger than the ids cap exactly, and caps only the list pager', async () => {
    const big = await ctx.newLocation();
    const size = CUSTOMER_IDS_CAP + 37;
    await ctx.database.db.execute(sql`
      insert into customers (_id, location_id, customer_phone, customer_gender)
      select substr(md5(${big._id} || n::text), 1, 24), ${big._id}, '+90533' || lpad(n::text, 7, '0'),
             case when n % 2 = 0 then 'female' else 'male' end
      from generate_series(1, ${size}) as n`);
    const count = await ctx.inject({
      method: 'POST',
      url: `/api/customer/count?locationId=${big._id}`,
      payload: {},
    });
    expect(count.json().count).toBe(size);
    expect(new Set(count.json().customer_ids).size).toBe(CUSTOMER_IDS_CAP);
    const half = await ctx.inject({
      method: 'POST',
      url: `/api/customer/count?locationId=${big._id}`,
      payload: { filter: [{ field: 'gender', in: ['female'] }] },
    });
    expect(half.json().count).toBe(Math.floor(size / 2));
    expect(half.json().customer_ids).toHaveLength(Math.floor(size / 2));
    const list = await filter({ pagination: { limit: 25, currentPage: 2 } }, big);
    expect(list.json().data).toHaveLength(25);
    expect(list.json().pagination).toEqual({
      total: CUSTOMER_LIST_TOTAL_CAP,
      limit: 25,
      currentPage: 2,
      totalPages: CUSTOMER_LIST_TOTAL_CAP / 25,
      totalCapped: true,
    });
    const small = await filter(
      { filter: [{ field: 'gender', in: ['male'] }], pagination: { limit: 25, currentPage: 1 } },
      local,
    );
    expect(small.json().pagination.totalCapped).toBeUndefined();
  });

  it('answers 403 to a role without the customer list subject', async () => {
    const staff = await ctx.newStaff({
      subjects: ['modules:customers:search-by-phone-number'],
      locations: [local],
    });
    expect((await filter({}, local, staff.headers)).statusCode).toBe(403);
    const allowed = await ctx.newStaff({ subjects: [LIST], locations: [local] });
    expect((await filter({}, local, allowed.headers)).statusCode).toBe(200);
  });
});

describe('customer profile', () => {
  it('answers 404 for another mall’s customer, on every profile route', async () => {
    const stranger = await newCustomer({}, otherMall);
    const base = `/api/customer/profile/${stranger._id}?locationId=${mall._id}`;
    expect((await ctx.inject({ url: base })).statusCode).toBe(404);
    expect((await ctx.inject({ method: 'DELETE', url: base })).statusCode).toBe(404);
    const permissions = await ctx.inject({
      method: 'POST',
      url: `/api/customer/profile/${stranger._id}/marketing-permissions?locationId=${mall._id}`,
      payload: { type: 'sms', value: true },
    });
    expect(permissions.statusCode).toBe(404);
    const developer = await ctx.inject({
      method: 'PUT',
      url: `/api/customer/profile/${stranger._id}/developer?locationId=${mall._id}`,
      payload: { value: true },
    });
    expect(developer.statusCode).toBe(404);
  });

  it('records consent changes with their history, newest first, skipping no-op changes', async () => {
    const customer = await newCustomer();
    const staff = await ctx.systemAdmin();
    const url = `/api/customer/profile/${customer._id}/marketing-permissions?locationId=${mall._id}`;
    const grant = await ctx.inject({ method: 'POST', url, payload: { type: 'sms', value: true } });
    expect(grant.statusCode).toBe(200);
    expect(grant.json().customer_sms_permission).toBe(true);
    expect(Date.parse(grant.json().customer_sms_permission_date)).toBeGreaterThan(Date.now() - 60_000);
    await ctx.inject({ method: 'POST', url, payload: { type: 'sms', value: true } });
    const revoke = await ctx.inject({ method: 'POST', url, payload: { type: 'sms', value: false } });
    expect(revoke.json()).toMatchObject({
      customer_sms_permission: false,
      customer_sms_permission_date: null,
    });
    // A change without a staff user (the customer on the micro-site) names nobody.
    await changeConsent(ctx.database.db, {
      customerId: customer._id,
      locationId: mall._id,
      type: 'email',
      value: true,
      source: 'micro-site',
    });
    const [admin] = await ctx.database.db
      .select({ name: admins.admin_name, surname: admins.admin_surname })
      .from(admins)
      .where(eq(admins._id, staff._id));
    const staffName = `${admin!.name} ${admin!.surname}`;
    const profile = await ctx.inject({ url: `/api/customer/profile/${customer._id}?locationId=${mall._id}` });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().consent_history).toEqual([
      expect.objectContaining({
        type: 'email',
        value: true,
        source: 'micro-site',
        staff_admin_id: null,
        staff_name: null,
      }),
      expect.objectContaining({
        type: 'sms',
        value: false,
        source: 'staff',
        staff_admin_id: staff._id,
        staff_name: staffName,
      }),
      expect.objectContaining({
        type: 'sms',
        value: true,
        source: 'staff',
        staff_admin_id: staff._id,
        staff_name: staffName,
      }),
    ]);
    const audits = await ctx.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entity_id, customer._id));
    expect(audits).toHaveLength(2);
  });

  it('answers 400 naming type for an unknown consent', async () => {
    const customer = await newCustomer();
    const response = await ctx.inject({
      method: 'POST',
      url: `/api/customer/profile/${customer._id}/marketing-permissions?locationId=${mall._id}`,
      payload: { type: 'push', value: true },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields)).toEqual(['type']);
  });

  it('keeps state and history consistent under concurrent toggles', async () => {
    const customer = await newCustomer();
    const url = `/api/customer/profile/${customer._id}/marketing-permissions?locationId=${mall._id}`;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        ctx.inject({ method: 'POST', url, payload: { type: 'email', value: index % 2 === 0 } }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    const [state] = await ctx.database.db
      .select({ value: customers.customer_email_permission })
      .from(customers)
      .where(eq(customers._id, customer._id));
    const history = await ctx.database.db
      .select({ granted: customerConsentEvents.granted })
      .from(customerConsentEvents)
      .where(eq(customerConsentEvents.customer_id, customer._id))
      .orderBy(desc(customerConsentEvents.at));
    expect(history[0]?.granted ?? false).toBe(state!.value);
    // Each recorded change flips the state: no two neighbours agree.
    for (let index = 1; index < history.length; index++)
      expect(history[index]!.granted).not.toBe(history[index - 1]!.granted);
  });

  it('marks a customer as developer and audits it', async () => {
    const customer = await newCustomer();
    const response = await ctx.inject({
      method: 'PUT',
      url: `/api/customer/profile/${customer._id}/developer?locationId=${mall._id}`,
      payload: { value: true },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().customer_is_developer).toBe(true);
    const count = await ctx.inject({
      method: 'POST',
      url: `/api/customer/count?locationId=${mall._id}`,
      payload: { filter: [{ field: 'is_developer', value: true }] },
    });
    expect(count.json().customer_ids).toEqual([customer._id]);
  });

  it('soft-deletes: the list and the phone check no longer find the customer, the profile shows the marker', async () => {
    const customer = await newCustomer({ customer_name: 'Silinecek' });
    const url = `/api/customer/profile/${customer._id}?locationId=${mall._id}`;
    expect((await ctx.inject({ method: 'DELETE', url })).statusCode).toBe(204);
    expect((await ctx.inject({ method: 'DELETE', url })).statusCode).toBe(404);
    expect((await ctx.inject({ url })).json().customer_deletedAt).toEqual(expect.any(String));
    expect(names(await filter({ keyword: 'silinecek' }))).toEqual([]);
    const check = await ctx.inject({
      method: 'POST',
      url: `/api/customer/check/phone?locationId=${mall._id}`,
      payload: { customer_phone: customer.customer_phone },
    });
    expect(check.statusCode).toBe(404);
    const [entry] = await ctx.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entity_id, customer._id));
    expect(entry?.action).toBe('customer.deleted');
  });
});

describe('POST /api/customer/check/phone', () => {
  const check = (customer_phone: string, headers: Record<string, string> = {}) =>
    ctx.inject({
      method: 'POST',
      url: `/api/customer/check/phone?locationId=${mall._id}`,
      payload: { customer_phone },
      headers,
    });

  it('finds the customer however the number is written', async () => {
    const customer = await newCustomer({ customer_phone: '+905551112233', customer_name: 'Telefonlu' });
    for (const written of ['0555 111 22 33', '+90 555 111 2233', '5551112233']) {
      const response = await check(written);
      expect(response.statusCode).toBe(200);
      expect(response.json()._id).toBe(customer._id);
    }
  });

  it('answers 404 CUSTOMER_NOT_FOUND in both languages', async () => {
    expect((await check('0555 999 88 77')).json()).toEqual({
      statusCode: 404,
      code: 'CUSTOMER_NOT_FOUND',
      message: 'Bu telefon numarasıyla kayıtlı müşteri bulunamadı',
    });
    expect((await check('0555 999 88 77', { 'accept-language': 'en' })).json().message).toBe(
      'No customer is registered with this phone number',
    );
  });

  it('answers 400 naming customer_phone for a number that is not one', async () => {
    const response = await check('12ab', { 'accept-language': 'en' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ customer_phone: 'Enter a valid phone number' });
  });

  it('is allowed by the search-by-phone subject alone', async () => {
    const staff = await ctx.newStaff({
      subjects: ['modules:customers:search-by-phone-number'],
      locations: [mall],
    });
    expect((await check('0555 999 88 77', staff.headers)).statusCode).toBe(404);
    const other = await ctx.newStaff({ subjects: [LIST], locations: [mall] });
    expect((await check('0555 999 88 77', other.headers)).statusCode).toBe(403);
  });
});
