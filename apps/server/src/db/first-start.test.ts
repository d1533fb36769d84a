import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Location } from '@avlu/contracts';
import { campaignTypes, campaignTypesWithCodePool, SYSTEM_ADMIN_ROLE_NAME } from '@avlu/contracts';
import { verify } from '@node-rs/argon2';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, testConfig } from '../../test/helper';
import { adminLocations, admins, roles } from '../modules/admins/admins.tables';
import { campaigns } from '../modules/campaigns/campaigns.tables';
import { couponCodes } from '../modules/campaigns/coupons.tables';
import { channels } from '../modules/channels/channels.tables';
import { couponProviders } from '../modules/coupon-providers/coupon-providers.tables';
import { DEMO_CUSTOMERS_PER_MALL } from '../modules/customers/customers.demo';
import { customers } from '../modules/customers/customers.tables';
import { dateIn, mallToday } from '../modules/customers/mall-date';
import { answerFigures, directFigures } from '../modules/dashboard/dashboard.fixtures';
import { foldDashboardDeltas, mallDashboard } from '../modules/dashboard/dashboard.service';
import { locations } from '../modules/locations/locations.tables';
import { loyaltyGifts, loyaltyRedemptions } from '../modules/loyalty/gifts.tables';
import { loyaltyTiers, pointBalances, pointEntries } from '../modules/loyalty/loyalty.tables';
import { resetPoints } from '../modules/loyalty/reset-points.tables';
import { shiftMonth } from '../modules/monthly-reports/monthly-reports.service';
import { monthlyReports } from '../modules/monthly-reports/monthly-reports.tables';
import { DEMO_RECEIPTS_PER_MALL } from '../modules/receipts/receipts.demo';
import { receipts } from '../modules/receipts/receipts.tables';
import { reminders } from '../modules/reminders/reminders.tables';
import { stores } from '../modules/stores/stores.tables';
import { checkSurveyAnswers } from '../modules/surveys/surveys.service';
import { surveyAnswers, surveyQuestions, surveys } from '../modules/surveys/surveys.tables';
import type { DatabaseHandle } from '../platform/db/database';
import { createFiles } from '../platform/files/files';
import { generatedPasswordNotice, prepareFirstStart } from './first-start';

let database: DatabaseHandle | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});
// The demo campaigns' banners go to a directory of this file's own.
const dataDir = await mkdtemp(path.join(tmpdir(), 'avlu-first-start-'));
afterAll(() => rm(dataDir, { recursive: true, force: true }));
const filesOf = (db: DatabaseHandle['db']) => createFiles(testConfig({ dataDir }), db);

const fresh = async () => {
  database = await openDatabase();
  return database.db;
};

/**
 * The demo of a new machine, seeded once for this file's demo tests (seeding both malls is the
 * slowest thing the suite does: half a minute idle).
 */
describe('first start with demo data', () => {
  const config = testConfig({
    demoData: true,
    admin: { email: 'yonetici@avm.example.com', password: 'gizli-parola' },
  });
  let demo: DatabaseHandle;
  let seeded: Awaited<ReturnType<typeof prepareFirstStart>>;
  beforeAll(async () => {
    demo = await openDatabase();
    seeded = await prepareFirstStart(demo.db, config, await filesOf(demo.db));
  });
  afterAll(() => demo?.close());

  it('seeds the demo malls and the system admin working for all of them, once', async () => {
    const { db } = demo;
    expect(seeded).toEqual({
      admin: { email: 'yonetici@avm.example.com', generatedPassword: undefined },
    });

    const malls = await db.select().from(locations);
    expect(malls.map((mall) => mall.location_name).sort()).toEqual([
      'Kordonboyu Yaşam AVM İzmir',
      'Çınaraltı Park AVM İstanbul',
    ]);
    const [role] = await db.select().from(roles);
    expect(role).toMatchObject({ role_name: SYSTEM_ADMIN_ROLE_NAME, menu_items: [] });
    const [admin] = await db.select().from(admins);
    expect(admin).toMatchObject({ admin_email: 'yonetici@avm.example.com', admin_role_id: role!._id });
    expect(await verify(admin!.admin_password_hash, 'gizli-parola')).toBe(true);
    const links = await db.select().from(adminLocations);
    expect(links.map((link) => link.location_id).sort()).toEqual(malls.map((mall) => mall._id).sort());

    // Every demo mall's customers registered through its own channels, every channel with some
    // (the channel column, filter and export show something on a new machine), a few through none.
    const registrations = await db
      .select({
        mall: customers.location_id,
        channelMall: channels.location_id,
        channel: channels.channel_name,
        count: count(),
      })
      .from(customers)
      .leftJoin(channels, eq(channels._id, customers.channel_id))
      .groupBy(customers.location_id, channels.location_id, channels.channel_name);
    for (const mall of malls) {
      const own = registrations.filter((row) => row.mall === mall._id);
      expect(own.every((row) => row.channelMall === null || row.channelMall === mall._id)).toBe(true);
      expect(
        own
          .filter((row) => row.channel !== null)
          .map((row) => row.channel)
          .sort(),
      ).toEqual(['AVM Danışma', 'Etkinlik Standı', 'Mobil Uygulama', 'Otopark Kiosku', 'Web Sitesi']);
      const through = (name: string | null) => own.find((row) => row.channel === name)?.count ?? 0;
      expect(through('Otopark Kiosku')).toBeGreaterThan(0);
      expect(through('AVM Danışma')).toBeGreaterThan(through('Web Sitesi'));
      expect(through(null)).toBeGreaterThan(0);
      expect(through(null)).toBeLessThan(DEMO_CUSTOMERS_PER_MALL / 4);
    }

    // Every demo mall has campaigns of the 13 types, their banners in the file store.
    for (const mall of malls) {
      const rows = await db.select().from(campaigns).where(eq(campaigns.location_id, mall._id));
      expect(new Set(rows.map((row) => row.campaign_type)).size).toBe(campaignTypes.length);
      expect(rows.every((row) => row.campaign_images.length > 0)).toBe(true);
      // Coupon campaigns name stores of the mall's directory, code campaigns its coupon providers.
      const ofType = (type: string) => rows.find((row) => row.campaign_type === type)!;
      expect(ofType('coupon').campaign_store_ids.length).toBeGreaterThan(0);
      expect(ofType('code').campaign_provider_ids.length).toBeGreaterThan(0);
      const own = await db
        .select({ _id: couponProviders._id })
        .from(couponProviders)
        .where(eq(couponProviders.location_id, mall._id));
      expect(own.map((row) => row._id)).toEqual(expect.arrayContaining(ofType('code').campaign_provider_ids));
      expect(await db.$count(stores, eq(stores.location_id, mall._id))).toBeGreaterThanOrEqual(110);

      // The code-giving campaigns have pools: some codes given to the mall's customers, some used.
      const pooled = rows.filter((row) => campaignTypesWithCodePool.includes(row.campaign_type));
      const statuses = await db
        .select({
          campaign: couponCodes.campaign_id,
          status: couponCodes.coupon_status,
          holderMall: customers.location_id,
          n: count(),
        })
        .from(couponCodes)
        .leftJoin(customers, eq(customers._id, couponCodes.customer_id))
        .where(eq(couponCodes.location_id, mall._id))
        .groupBy(couponCodes.campaign_id, couponCodes.coupon_status, customers.location_id);
      expect(new Set(statuses.map((row) => row.campaign))).toEqual(new Set(pooled.map((row) => row._id)));
      expect(statuses.every((row) => row.holderMall === null || row.holderMall === mall._id)).toBe(true);
      const total = (status: string) =>
        statuses.filter((row) => row.status === status).reduce((sum, row) => sum + row.n, 0);
      expect(total('ready')).toBeGreaterThan(100);
      expect(total('given')).toBeGreaterThan(10);
      expect(total('used')).toBeGreaterThan(10);
      for (const row of pooled)
        expect(row.coupon_pool_size).toBe(
          statuses.filter((entry) => entry.campaign === row._id).reduce((sum, entry) => sum + entry.n, 0),
        );

      // Three tiers; half the customers hold points, each balance the sum of its entries, in every tier.
      const tiers = await db.select().from(loyaltyTiers).where(eq(loyaltyTiers.location_id, mall._id));
      expect(tiers.map((tier) => tier.loyalty_tier_title).sort()).toEqual(['Altın', 'Bronz', 'Gümüş']);
      const balances = await db
        .select({
          customer: pointBalances.customer_id,
          tier: pointBalances.loyalty_tier_id,
          balance: pointBalances.point_balance,
          entries: sql<number>`(select sum(e.point_entry_amount)::int from point_entries e where e.customer_id = point_balances.customer_id)`,
        })
        .from(pointBalances)
        .where(eq(pointBalances.location_id, mall._id));
      expect(balances.length).toBe(DEMO_CUSTOMERS_PER_MALL / 2);
      // Only the customers the demo's done reset point reset hold nothing, each with its one reset entry.
      const [done, waiting] = await db
        .select()
        .from(resetPoints)
        .where(eq(resetPoints.location_id, mall._id))
        .orderBy(resetPoints.created_at, resetPoints.reset_point_status);
      expect([done?.reset_point_status, waiting?.reset_point_status].sort()).toEqual(['created', 'done']);
      const finished = done?.reset_point_status === 'done' ? done : waiting!;
      const resets = await db
        .select({ customer: pointEntries.customer_id, amount: pointEntries.point_entry_amount })
        .from(pointEntries)
        .where(
          and(
            eq(pointEntries.point_entry_kind, 'reset'),
            eq(pointEntries.point_entry_cause_id, finished._id),
          ),
        );
      expect(resets.length).toBeGreaterThan(0);
      expect(finished.reset_point_customer_count).toBe(resets.length);
      expect(finished.reset_point_point_total).toBe(-resets.reduce((sum, row) => sum + row.amount, 0));
      const wasReset = new Set(resets.map((row) => row.customer));
      expect(
        balances.filter(
          (row) => row.balance !== row.entries || row.balance <= 0 !== wasReset.has(row.customer),
        ),
      ).toEqual([]);
      expect(new Set(balances.map((row) => row.tier))).toEqual(new Set(tiers.map((tier) => tier._id)));

      // Three surveys with Turkish questions and a few hundred answers of the mall's own customers,
      // each checked by the answers' rules; the survey campaign offers one of them.
      const mallSurveys = await db.select().from(surveys).where(eq(surveys.location_id, mall._id));
      expect(mallSurveys).toHaveLength(3);
      const answered = await db
        .select({
          survey: surveyAnswers.survey_id,
          items: surveyAnswers.survey_answer_items,
          mall: customers.location_id,
        })
        .from(surveyAnswers)
        .innerJoin(customers, eq(customers._id, surveyAnswers.customer_id))
        .where(eq(surveyAnswers.location_id, mall._id));
      expect(answered.length).toBeGreaterThan(300);
      expect(answered.every((row) => row.mall === mall._id)).toBe(true);
      for (const each of mallSurveys) {
        const questions = await db
          .select()
          .from(surveyQuestions)
          .where(eq(surveyQuestions.survey_id, each._id));
        const items = answered.filter((row) => row.survey === each._id);
        expect(items.length).toBeGreaterThan(50);
        for (const row of items)
          expect(() =>
            checkSurveyAnswers(
              questions,
              row.items.map((item) => ({
                survey_question_id: item.survey_question_id,
                ...(item.choices ? { survey_answer_choices: item.choices } : {}),
                ...(item.stars ? { survey_answer_stars: item.stars } : {}),
                ...(item.text ? { survey_answer_text: item.text } : {}),
              })),
            ),
          ).not.toThrow();
      }
      const surveyCampaign = await db
        .select({ survey: campaigns.campaign_survey_id })
        .from(campaigns)
        .where(and(eq(campaigns.location_id, mall._id), eq(campaigns.campaign_type, 'survey')));
      expect(surveyCampaign.every((row) => mallSurveys.some((each) => each._id === row.survey))).toBe(true);

      // A year of monthly reports (issue 18 #5): each of the last twelve months saved, with its receipts.
      const reports = await db
        .select({ month: monthlyReports.monthly_report_month, data: monthlyReports.monthly_report_data })
        .from(monthlyReports)
        .where(eq(monthlyReports.location_id, mall._id));
      const today = dateIn(mall.timezone);
      for (let back = 1; back <= 12; back++) {
        const report = reports.find((row) => row.month === shiftMonth(today, -back));
        expect(report, shiftMonth(today, -back)).toBeDefined();
        expect(report!.data.figures.dashboard_receipts.value).toBeGreaterThan(100);
        expect(report!.data.stores.length).toBeGreaterThan(10);
      }
      expect(reports.some((row) => row.month === shiftMonth(today, 0))).toBe(false);

      // A year of receipts, most approved, each approved one that earns with its one entry of its points.
      const receiptRows = await db.select().from(receipts).where(eq(receipts.location_id, mall._id));
      expect(receiptRows.length).toBeGreaterThan(DEMO_RECEIPTS_PER_MALL * 0.95);
      const approved = receiptRows.filter((row) => row.receipt_status === 'approved');
      expect(approved.length).toBeGreaterThan(receiptRows.length * 0.7);
      expect(new Set(receiptRows.map((row) => row.receipt_status))).toEqual(
        new Set(['approved', 'rejected', 'uncertain', 'pending']),
      );
      const earns = await db
        .select({ cause: pointEntries.point_entry_cause_id, amount: pointEntries.point_entry_amount })
        .from(pointEntries)
        .where(eq(pointEntries.point_entry_kind, 'earn'));
      const earnOf = new Map(earns.map((entry) => [entry.cause, entry.amount]));
      expect(approved.filter((row) => (row.receipt_calculated_points ?? 0) > 0).length).toBeGreaterThan(
        approved.length / 2,
      );
      for (const row of approved) expect(earnOf.get(row._id) ?? 0).toBe(row.receipt_calculated_points);
      // Every entry's balance after it is the sum of the customer's entries up to it.
      const { rows: drift } = (await db.execute(sql`
        select count(*)::int as n from (
          select point_entry_balance_after as after,
                 sum(point_entry_amount) over (partition by customer_id order by created_at, _id) as running
            from point_entries where location_id = ${mall._id}) x
         where x.after <> x.running`)) as unknown as { rows: { n: number }[] };
      expect(Number(drift[0]!.n)).toBe(0);
      // Gifts with stock, and redemptions in every status.
      const gifts = await db.select().from(loyaltyGifts).where(eq(loyaltyGifts.location_id, mall._id));
      expect(gifts.map((gift) => gift.loyalty_gift_title)).toContain('Sinema bileti');
      expect(gifts.every((gift) => gift.loyalty_gift_stock_quantity > 0)).toBe(true);
      const redeemed = await db
        .select({ status: loyaltyRedemptions.loyalty_customer_status })
        .from(loyaltyRedemptions)
        .where(eq(loyaltyRedemptions.location_id, mall._id));
      expect(new Set(redeemed.map((row) => row.status))).toEqual(new Set(['new', 'waiting', 'cancelled']));
      // The first admin's own reminders: due (the bell counts them), waiting and done, some linked.
      const notes = await db.select().from(reminders).where(eq(reminders.location_id, mall._id));
      expect(notes.every((note) => note.admin_id === admin!._id)).toBe(true);
      expect(new Set(notes.map((note) => note.reminder_status))).toEqual(new Set(['due', 'waiting', 'done']));
      expect(notes.some((note) => note.reminder_customer_id && note.reminder_lending_id === null)).toBe(true);
      expect(notes.some((note) => note.reminder_lending_id)).toBe(true);
      expect(notes.some((note) => note.reminder_reservation_id)).toBe(true);
    }

    expect(await prepareFirstStart(db, config, await filesOf(db))).toBeUndefined();
    expect(await db.$count(locations)).toBe(2);
    expect(await db.$count(admins)).toBe(1);
    expect(await db.$count(roles)).toBe(1);
  });

  it('gives each demo mall its own token, and the İstanbul mall its app links', async () => {
    const rows = await demo.db.query.locations.findMany({
      orderBy: (mall, { asc }) => asc(mall.location_name),
    });
    expect(rows.map((row) => row.location_name)).toEqual([
      'Kordonboyu Yaşam AVM İzmir',
      'Çınaraltı Park AVM İstanbul',
    ]);
    for (const row of rows) expect(row.location_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(rows[0]!.location_token).not.toBe(rows[1]!.location_token);
    expect(rows[1]).toMatchObject({
      hasMobileApp: true,
      android_store: expect.stringContaining('play.google.com'),
    });
  });

  it('shows every dashboard figure of both demo malls, as their tables give them', async () => {
    const { db } = demo;
    const malls = await db.select().from(locations);
    expect(malls).toHaveLength(2);
    // As seeded (the deltas the triggers wrote), and once the job has folded them.
    for (const fold of [false, true]) {
      if (fold) expect(await foldDashboardDeltas(db)).toBeGreaterThan(0);
      for (const row of malls) {
        const mall = { _id: row._id, location_meta: { timezone: row.timezone } } as Location;
        const currentYear = Number(mallToday(mall).slice(0, 4));
        for (const interval of ['all_time', 'last_30_days'] as const) {
          const answer = await mallDashboard(db, mall, { interval });
          const days = answer.dashboard_from
            ? { from: answer.dashboard_from, to: answer.dashboard_to }
            : null;
          const {
            months: _months,
            storesAll: _s,
            campaignsAll: _c,
            ...direct
          } = await directFigures(db, mall, days, currentYear);
          expect(answerFigures(answer, 'value'), `${row.location_name} ${interval}`).toEqual(direct);
          if (interval !== 'all_time') continue;
          // Something to see in every chart of a new machine's demo malls.
          const figures = answerFigures(answer, 'value');
          for (const key of [
            'customers',
            'receipts',
            'receiptAmount',
            'pointsEarned',
            'pointsBurned',
            'gifts',
            'sms',
            'email',
            'push',
            'reservations',
            'lendings',
          ] as const)
            expect(figures[key], `${row.location_name} ${key}`).toBeGreaterThan(0);
          for (const value of Object.values(figures.consents)) expect(value).toBeGreaterThan(0);
          expect(answer.dashboard_top_stores.length).toBeGreaterThan(3);
          expect(answer.dashboard_top_stores.every((store) => store.store_name !== '')).toBe(true);
          expect(answer.dashboard_top_campaigns.length).toBeGreaterThan(0);
          expect(answer.dashboard_customers_by_year.length).toBeGreaterThan(0);
        }
      }
    }
  });
});

describe('first start', () => {
  it('generates a strong password when none is configured, and seeds no mall without demo data', async () => {
    const db = await fresh();
    const config = testConfig({ demoData: false, admin: { email: 'admin@avlu.local', password: undefined } });
    const result = await prepareFirstStart(db, config, await filesOf(db));
    const password = result?.admin.generatedPassword ?? '';
    expect(password).toMatch(/^[A-Za-z2-9]{20}$/);
    const [admin] = await db.select().from(admins);
    expect(await verify(admin!.admin_password_hash, password)).toBe(true);
    expect(await db.$count(locations)).toBe(0);
    expect(await db.$count(adminLocations)).toBe(0);
    expect(generatedPasswordNotice('admin@avlu.local', password)).toContain(`password: ${password}`);
  });

  it('keeps admin emails unique whatever their letter case', async () => {
    const db = await fresh();
    await prepareFirstStart(db, testConfig(), await filesOf(db));
    const [admin] = await db.select().from(admins);
    await expect(
      db.insert(admins).values({ ...admin!, _id: undefined, admin_email: admin!.admin_email.toUpperCase() }),
    ).rejects.toThrow();
  });
});
