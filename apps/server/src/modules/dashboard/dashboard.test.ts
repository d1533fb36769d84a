import { addDays, type Location, type MallDashboard } from '@avlu/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { newId } from '../../platform/ids';
import { insertCustomer } from '../customers/customers.fixtures';
import { customers } from '../customers/customers.tables';
import { mallToday } from '../customers/mall-date';
import { LOCATIONS_CHANNEL } from '../locations/locations.service';
import { locations } from '../locations/locations.tables';
import { loyaltyRedemptions } from '../loyalty/gifts.tables';
import { notificationMessages } from '../marketing/marketing.tables';
import { receipts } from '../receipts/receipts.tables';
import {
  answerFigures,
  type DashboardMall,
  directFigures,
  expectedTopPrevious,
  newDashboardMall,
  seedActivity,
} from './dashboard.fixtures';
import { foldDashboardDeltas, partsOf, rebuildDashboard, vacuumDashboardDeltas } from './dashboard.service';
import { dashboardDaily, dashboardDeltas } from './dashboard.tables';

const ctx = useTestApp();

const dashboard = async (mall: Location, query: string, lang = 'tr') =>
  ctx.inject({
    method: 'GET',
    url: `/api/data/dashboard?locationId=${mall._id}${query ? `&${query}` : ''}`,
    headers: { ...(await ctx.systemAdmin()).headers, 'accept-language': lang },
  });

/** Every period's answer against the figures counted from the module tables, the previous period's too. */
const expectMatchesTables = async (mall: Location) => {
  const today = mallToday(mall);
  const currentYear = Number(today.slice(0, 4));
  const queries = [
    'interval=all_time',
    'interval=last_year',
    'interval=last_30_days',
    'interval=last_7_days',
    '',
    `interval=date_range&startDate=${addDays(today, -400)}&endDate=${addDays(today, -3)}`,
    `interval=date_range&startDate=${addDays(today, -5)}&endDate=${addDays(today, -5)}`,
  ];
  for (const query of queries) {
    const response = await dashboard(mall, query);
    expect(response.statusCode, query).toBe(200);
    const answer = response.json() as MallDashboard;
    expect(answer.location_currency).toBe('TRY');
    expect(answer.dashboard_timezone).toBe(mall.location_meta.timezone);
    const current = answer.dashboard_from ? { from: answer.dashboard_from, to: answer.dashboard_to } : null;
    const direct = await directFigures(ctx.database.db, mall, current, currentYear);
    const { months, storesAll: _stores, campaignsAll: _campaigns, ...totals } = direct;
    expect(answerFigures(answer, 'value'), query).toEqual(totals);
    // Months of the period in order, zeros too, and years summing them.
    const listed = Object.fromEntries(
      answer.dashboard_customers_by_month.map((row) => [row.month, row.value]),
    );
    for (const [month, value] of Object.entries(months))
      expect(listed[month], `${query} ${month}`).toBe(value);
    expect(answer.dashboard_customers_by_month.reduce((total, row) => total + row.value, 0)).toBe(
      direct.customers,
    );
    expect(answer.dashboard_customers_by_year.reduce((total, row) => total + row.value, 0)).toBe(
      direct.customers,
    );
    const monthNames = answer.dashboard_customers_by_month.map((row) => row.month);
    expect(monthNames).toEqual([...monthNames].sort());
    if (answer.dashboard_previous_from === null) {
      expect(answer.dashboard_interval).toBe('all_time');
      expect(answer.dashboard_customers.previous).toBeNull();
      continue;
    }
    const length = Date.parse(answer.dashboard_to) - Date.parse(answer.dashboard_from!);
    expect(Date.parse(answer.dashboard_previous_to!) - Date.parse(answer.dashboard_previous_from)).toBe(
      length,
    );
    expect(addDays(answer.dashboard_previous_to!, 1)).toBe(answer.dashboard_from);
    const before = await directFigures(
      ctx.database.db,
      mall,
      { from: answer.dashboard_previous_from, to: answer.dashboard_previous_to! },
      currentYear,
    );
    const { months: _months, storesAll, campaignsAll, stores, campaigns, ...previous } = before;
    const { stores: _s, campaigns: _c, ...answered } = answerFigures(answer, 'previous');
    expect(answered, `${query} (previous)`).toEqual(previous);
    const tops = expectedTopPrevious(answer, before);
    expect(tops.stores, `${query} (previous, stores)`).toEqual(tops.expectedStores);
    expect(tops.campaigns, `${query} (previous, campaigns)`).toEqual(tops.expectedCampaigns);
  }
};

describe('GET /data/dashboard', () => {
  let a: DashboardMall;
  let b: DashboardMall;

  it('gives, for every period and the one before, the figures the module tables give, before and after folding', async () => {
    a = await newDashboardMall(ctx.database.db, () => ctx.newLocation());
    b = await newDashboardMall(ctx.database.db, () =>
      ctx.newLocation({ location_meta: { timezone: 'America/New_York' } }),
    );
    // Late in the UTC evening: the day differs between the malls' clocks.
    await seedActivity(ctx.database.db, a, new Date(), 22);
    await seedActivity(ctx.database.db, b, new Date(), 3);
    await seedActivity(ctx.database.db, b, new Date(), 22);
    // Only deltas so far: the job has not run.
    expect(
      (await ctx.database.db.select().from(dashboardDaily).where(eq(dashboardDaily.location_id, a.mall._id)))
        .length,
    ).toBe(0);
    await expectMatchesTables(a.mall);
    await expectMatchesTables(b.mall);

    expect(await foldDashboardDeltas(ctx.database.db)).toBeGreaterThan(0);
    expect(await ctx.database.db.select().from(dashboardDeltas)).toEqual([]);
    // As the job does after a fold.
    await vacuumDashboardDeltas(ctx.database.db);
    await expectMatchesTables(a.mall);
    await expectMatchesTables(b.mall);
  });

  it('follows updates and deletes of every source, folded or not, and counts nothing of another mall', async () => {
    const db = ctx.database.db;
    // A customer deleted, another brought back; gender, birth date and consents changed.
    const [gone] = await db
      .update(customers)
      .set({ customer_deletedAt: new Date() })
      .where(and(eq(customers.location_id, a.mall._id), eq(customers.customer_gender, 'male')))
      .returning();
    expect(gone).toBeDefined();
    await db
      .update(customers)
      .set({
        customer_deletedAt: null,
        customer_gender: 'male',
        customer_birthdate: '2010-01-01',
        customer_email_permission: true,
      })
      .where(and(eq(customers.location_id, a.mall._id), eq(customers.customer_gender, 'unknown')));
    await db
      .update(receipts)
      .set({ receipt_status: 'rejected' })
      .where(and(eq(receipts.location_id, a.mall._id), eq(receipts.receipt_amount, 99.9)));
    await db
      .update(receipts)
      .set({ receipt_status: 'approved', receipt_amount: 71.5 })
      .where(and(eq(receipts.location_id, a.mall._id), eq(receipts.receipt_status, 'pending')));
    await db
      .update(loyaltyRedemptions)
      .set({ loyalty_customer_status: 'cancelled' })
      .where(
        and(
          eq(loyaltyRedemptions.location_id, a.mall._id),
          eq(loyaltyRedemptions.loyalty_customer_status, 'waiting'),
        ),
      );
    await db
      .update(notificationMessages)
      .set({ message_state: 'sent', message_sent_at: new Date() })
      .where(
        and(
          eq(notificationMessages.location_id, a.mall._id),
          eq(notificationMessages.message_state, 'queued'),
        ),
      );
    await db
      .update(notificationMessages)
      .set({ message_state: 'delivered' })
      .where(
        and(eq(notificationMessages.location_id, a.mall._id), eq(notificationMessages.message_state, 'sent')),
      );
    await db.execute(sql`update lendings set lending_status = 'started', lending_started_at = now()
                          where location_id = ${a.mall._id} and lending_status = 'in_queue'
                            and _id = (select min(_id) from lendings where location_id = ${a.mall._id} and lending_status = 'in_queue')`);
    await db.execute(sql`delete from reservations where location_id = ${a.mall._id}
                          and _id in (select _id from reservations where location_id = ${a.mall._id} order by _id limit 5)`);
    await expectMatchesTables(a.mall);
    await foldDashboardDeltas(db);
    await expectMatchesTables(a.mall);
    // Another mall's changes leave this one's figures alone.
    const before = (await dashboard(a.mall, 'interval=all_time')).json() as MallDashboard;
    await db
      .update(customers)
      .set({ customer_deletedAt: new Date() })
      .where(eq(customers.location_id, b.mall._id));
    await db
      .update(receipts)
      .set({ receipt_status: 'approved' })
      .where(and(eq(receipts.location_id, b.mall._id), ne(receipts.receipt_status, 'approved')));
    expect((await dashboard(a.mall, 'interval=all_time')).json()).toEqual(before);
    await expectMatchesTables(b.mall);
  });

  it('counts a mall again on its new days when its time zone changes, as a count from scratch does', async () => {
    const db = ctx.database.db;
    const rows = async () =>
      (await db.select().from(dashboardDaily).where(eq(dashboardDaily.location_id, a.mall._id)))
        .filter((row) => row.stat_count !== 0 || row.stat_amount !== 0)
        .map((row) => `${row.stat_day} ${row.stat_key} ${row.stat_count} ${row.stat_amount}`)
        .sort();
    await foldDashboardDeltas(db);
    const folded = await rows();
    await rebuildDashboard(db, a.mall._id);
    expect(await rows()).toEqual(folded);

    // The activity is at 22:00 UTC: the next day in Istanbul, the same day in New York.
    await db.update(locations).set({ timezone: 'America/New_York' }).where(eq(locations._id, a.mall._id));
    // The app keeps the malls it resolved until the change's notice arrives.
    await ctx.database.notices.heardAll(LOCATIONS_CHANNEL);
    await expectMatchesTables({ ...a.mall, location_meta: { timezone: 'America/New_York' } });
    expect(await rows()).not.toEqual(folded);
  });

  it('refuses a bad period or date range with a message naming the field, in the request’s language', async () => {
    const mall = a.mall;
    const today = mallToday(mall);
    const cases: [string, string, RegExp, RegExp][] = [
      ['interval=last_week', 'interval', /biri olmalıdır/, /one of/i],
      ['interval=date_range', 'startDate', /zorunlu/i, /required/i],
      [`interval=date_range&startDate=${today}`, 'endDate', /zorunlu/i, /required/i],
      ['interval=date_range&startDate=2026-02-30&endDate=2026-03-01', 'startDate', /tarih/i, /date/i],
      [
        `interval=date_range&startDate=${today}&endDate=${addDays(today, -1)}`,
        'endDate',
        /Bitiş tarihi başlangıç tarihinden önce olamaz/,
        /end date cannot be before the start date/,
      ],
      ['interval=date_range&startDate=2000-01-01&endDate=2026-01-01', 'endDate', /./, /./],
      ['interval=last_7_days&limit=5', 'limit', /./, /./],
    ];
    for (const [query, field, turkish, english] of cases) {
      for (const [lang, text] of [
        ['tr', turkish],
        ['en', english],
      ] as const) {
        const response = await dashboard(mall, query, lang);
        expect(response.statusCode, query).toBe(400);
        const body = response.json() as { fields?: Record<string, string> };
        expect(Object.keys(body.fields ?? {}), query).toContain(field);
        expect(body.fields![field], `${query} ${lang}`).toMatch(text);
      }
    }
  });

  it('answers staff holding modules:dashboard in their mall, and refuses others', async () => {
    const holder = await ctx.newStaff({ subjects: ['modules:dashboard'], locations: [a.mall] });
    const other = await ctx.newStaff({ subjects: ['modules:customers:customers'], locations: [a.mall] });
    const url = (mall: Location) => `/api/data/dashboard?locationId=${mall._id}&interval=last_7_days`;
    expect((await ctx.inject({ url: url(a.mall), headers: holder.headers })).statusCode).toBe(200);
    expect((await ctx.inject({ url: url(a.mall), headers: other.headers })).statusCode).toBe(403);
    expect((await ctx.inject({ url: url(b.mall), headers: holder.headers })).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: url(a.mall) })).statusCode).toBe(401);
  });

  it('goes with a mall deleted, its rows taken by the cascade without a delta left behind', async () => {
    const db = ctx.database.db;
    const gone = await newDashboardMall(db, () => ctx.newLocation());
    for (let index = 0; index < 3; index++) await insertCustomer(db, gone.mall._id);
    await db.execute(sql`insert into reservations (_id, location_id, reservation_area_id, reservation_customer_name,
        reservation_customer_surname, reservation_customer_gender, reservation_customer_phone, reservation_total_person,
        reservation_request_date, reservation_request_hour, reservation_source)
      values (${newId()}, ${gone.mall._id}, ${gone.areaId}, 'Ali', 'Kaya', 'male', '+905321112233', 2, current_date,
        '10:00-11:00', 'back-office')`);
    await foldDashboardDeltas(db);
    await insertCustomer(db, gone.mall._id);
    const rowsOf = async () =>
      (await db.select().from(dashboardDaily).where(eq(dashboardDaily.location_id, gone.mall._id))).length +
      (await db.select().from(dashboardDeltas).where(eq(dashboardDeltas.location_id, gone.mall._id))).length;
    expect(await rowsOf()).toBeGreaterThan(0);
    await db.delete(locations).where(eq(locations._id, gone.mall._id));
    expect(await rowsOf()).toBe(0);
    expect(await foldDashboardDeltas(db)).toBe(0);
  });

  it('answers an empty mall with zeros and every gender, age group and channel listed', async () => {
    const mall = await ctx.newLocation();
    const answer = (await dashboard(mall, 'interval=last_7_days')).json() as MallDashboard;
    expect(answer.dashboard_customers).toEqual({ value: 0, previous: 0 });
    expect(answer.dashboard_customers_by_gender.map((row) => row.gender)).toEqual([
      'male',
      'female',
      'unknown',
    ]);
    expect(answer.dashboard_customers_by_age_group).toHaveLength(8);
    expect(answer.dashboard_consents.map((row) => row.channel)).toEqual(['sms', 'email', 'call', 'kvkk']);
    expect(answer.dashboard_top_stores).toEqual([]);
    expect(answer.dashboard_customers_by_month.length).toBeGreaterThanOrEqual(1);
    const all = (await dashboard(mall, 'interval=all_time')).json() as MallDashboard;
    expect(all.dashboard_customers_by_month).toEqual([{ month: mallToday(mall).slice(0, 7), value: 0 }]);
    expect(all.dashboard_from).toBeNull();
    expect(all.dashboard_receipts).toEqual({ value: 0, previous: null });
  });
});

describe('where a period is read', () => {
  it('takes whole months from the monthly rows, and a month mostly covered as its row less the days left out', () => {
    expect(partsOf({ from: '0001-01-01', to: '8999-12-31' })).toEqual([
      { table: 'monthly', from: '0001-01-01', until: '9000-01-01', sign: 1 },
    ]);
    expect(partsOf({ from: '2026-11-05', to: '2026-11-12' })).toEqual([
      { table: 'daily', from: '2026-11-05', until: '2026-11-13', sign: 1 },
    ]);
    expect(partsOf({ from: '2026-11-05', to: '2026-11-20' })).toEqual([
      { table: 'monthly', from: '2026-11-01', until: '2026-12-01', sign: 1 },
      { table: 'daily', from: '2026-11-01', until: '2026-11-05', sign: -1 },
      { table: 'daily', from: '2026-11-21', until: '2026-12-01', sign: -1 },
    ]);
    expect(partsOf({ from: '2026-11-02', to: '2026-11-28' })).toEqual([
      { table: 'monthly', from: '2026-11-01', until: '2026-12-01', sign: 1 },
      { table: 'daily', from: '2026-11-01', until: '2026-11-02', sign: -1 },
      { table: 'daily', from: '2026-11-29', until: '2026-12-01', sign: -1 },
    ]);
    expect(partsOf({ from: '2026-10-30', to: '2026-11-28' })).toEqual([
      { table: 'daily', from: '2026-10-30', until: '2026-11-01', sign: 1 },
      { table: 'monthly', from: '2026-11-01', until: '2026-12-01', sign: 1 },
      { table: 'daily', from: '2026-11-29', until: '2026-12-01', sign: -1 },
    ]);
    expect(partsOf({ from: '2025-11-29', to: '2026-12-31' })).toEqual([
      { table: 'monthly', from: '2025-12-01', until: '2027-01-01', sign: 1 },
      { table: 'daily', from: '2025-11-29', until: '2025-12-01', sign: 1 },
    ]);
    expect(partsOf({ from: '2026-02-01', to: '2026-02-28' })).toEqual([
      { table: 'monthly', from: '2026-02-01', until: '2026-03-01', sign: 1 },
    ]);
  });
});
