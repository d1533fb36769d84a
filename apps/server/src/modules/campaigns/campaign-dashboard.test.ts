import { addDays, type DashboardReport, type DashboardReportBody, type Location } from '@avlu/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { mallToday } from '../customers/mall-date';
import { DAY } from './campaign.fixtures';
import { at, dashboardFixtures, type Source, withConversion, ZONE } from './campaign-dashboard.fixtures';
import { catchUpRollup, membersIn, refreshRecentDays } from './campaign-dashboard.service';
import { campaignDailyMembers } from './campaign-dashboard.tables';
import { campaignDailyStats } from './mechanics.tables';
import { campaignParticipations } from './participations.tables';

const ctx = useTestApp();
const {
  newCampaign,
  newCustomer,
  newStore,
  participate,
  code,
  credit,
  creditReceipt,
  play,
  report,
  direct,
  directAll,
  distinctDays,
} = dashboardFixtures(ctx);

/** The report of each interval against the direct counts, in total, per campaign and on the two days. */
const expectMatchesSource = async (mall: Location, ids: string[], today: string) => {
  const yesterday = addDays(today, -1);
  const intervals: { body: DashboardReportBody; from: string }[] = [
    { body: { campaignId: ids, interval: 'last_7_days' }, from: addDays(today, -6) },
    { body: { campaignId: ids, interval: 'last_30_days' }, from: addDays(today, -29) },
    { body: { campaignId: ids, interval: 'last_year' }, from: addDays(today, -364) },
    { body: { campaignId: ids, interval: 'all_time' }, from: '1900-01-01' },
    {
      body: { campaignId: ids, interval: 'date_range', startDate: yesterday, endDate: yesterday },
      from: yesterday,
    },
  ];
  for (const { body, from } of intervals) {
    const response = await report(mall, body);
    expect(response.statusCode, body.interval).toBe(200);
    const answer = response.json() as DashboardReport;
    const to = body.interval === 'date_range' ? yesterday : today;
    expect(answer.to, body.interval).toBe(to);
    if (body.interval !== 'all_time') {
      expect(answer.from, body.interval).toBe(from);
      expect(answer.days).toHaveLength(Math.round((Date.parse(to) - Date.parse(from)) / DAY) + 1);
    }
    const each = await Promise.all(ids.map((id) => direct(id, from, to)));
    expect(
      answer.campaigns.map((campaign) => campaign.totals),
      body.interval,
    ).toEqual(each.map(withConversion));
    expect(answer.totals, body.interval).toEqual(withConversion(await directAll(ids, from, to)));
    for (const day of [yesterday, today].filter((day) => day >= answer.from && day <= answer.to)) {
      const perDay = await Promise.all(ids.map((id) => direct(id, day, day)));
      expect(
        answer.days.find((entry) => entry.day === day),
        `${body.interval} ${day}`,
      ).toEqual({ day, ...withConversion(await directAll(ids, day, day)) });
      for (const [index, campaign] of answer.campaigns.entries())
        expect(campaign.days.find((entry) => entry.day === day)).toEqual({
          day,
          ...withConversion(perDay[index]!),
        });
    }
  }
};

const rollupRows = () =>
  ctx.database.db
    .select({
      campaign_id: campaignDailyStats.campaign_id,
      stat_day: campaignDailyStats.stat_day,
      stat_participations: campaignDailyStats.stat_participations,
      stat_new_participants: campaignDailyStats.stat_new_participants,
      stat_codes_given: campaignDailyStats.stat_codes_given,
      stat_codes_used: campaignDailyStats.stat_codes_used,
      stat_receipts: campaignDailyStats.stat_receipts,
      stat_receipt_amount: campaignDailyStats.stat_receipt_amount,
      stat_points: campaignDailyStats.stat_points,
      stat_plays: campaignDailyStats.stat_plays,
      stat_wins: campaignDailyStats.stat_wins,
      updated_at: campaignDailyStats.updated_at,
    })
    .from(campaignDailyStats)
    .orderBy(asc(campaignDailyStats.campaign_id), asc(campaignDailyStats.stat_day));

describe('campaign dashboard', () => {
  it('reports from the rollup what the source tables hold, across the mall’s midnight, for every period', async () => {
    const mall = await ctx.newLocation();
    expect(mall.location_meta.timezone).toBe(ZONE);
    const today = mallToday(mall);
    const yesterday = addDays(today, -1);
    const lateEvening = at(yesterday, '23:30:00');
    const earlyMorning = at(today, '00:30:00');
    const storeId = await newStore(mall._id);
    const a: Source = { mall, campaignId: (await newCampaign(mall._id, 'wheel_of_fortune'))._id, storeId };
    const b: Source = { mall, campaignId: (await newCampaign(mall._id, 'receipt'))._id, storeId };
    const [c1, c2, c3] = [
      await newCustomer(mall._id),
      await newCustomer(mall._id),
      await newCustomer(mall._id),
    ];

    // Campaign a: c1 first took part 400 days ago, c2 yesterday late, c3 this morning.
    await participate(a, c1, at(addDays(today, -400), '12:00:00'));
    await participate(a, c1, lateEvening);
    await participate(a, c2, lateEvening);
    await participate(a, c2, earlyMorning);
    await participate(a, c3, earlyMorning);
    await code(a, 'used', lateEvening, earlyMorning, c1);
    await code(a, 'given', earlyMorning, undefined, c3);
    await code(a, 'not_used', at(addDays(today, -40), '10:00:00'), undefined, c1);
    await code(a, 'ready');
    await play(a, c1, lateEvening, 'win');
    await play(a, c2, earlyMorning, 'lose');
    await play(a, c3, earlyMorning, 'win');
    // Campaign b: receipts on both days and one 40 days ago.
    await participate(b, c2, at(addDays(today, -40), '18:00:00'));
    await credit(b, c2, yesterday, 150.25, 10, lateEvening);
    await credit(b, c2, today, 99.99, 5, earlyMorning);
    await credit(b, c3, addDays(today, -40), 1000, 50, at(addDays(today, -40), '19:00:00'));

    // Another mall's campaign and figures: never in this mall's report.
    const other = await ctx.newLocation();
    const theirs: Source = { mall: other, campaignId: (await newCampaign(other._id))._id, storeId };
    await participate(theirs, await newCustomer(other._id), earlyMorning);

    // The start-up job: no rows yet, so every day of every campaign.
    expect(await catchUpRollup(ctx.database.db)).toBeGreaterThan(0);
    const ids = [a.campaignId, b.campaignId];
    await expectMatchesSource(mall, ids, today);

    // Run again: the same rows, none written.
    const before = await rollupRows();
    expect(await catchUpRollup(ctx.database.db)).toBe(0);
    expect(await refreshRecentDays(ctx.database.db)).toBe(0);
    expect(await rollupRows()).toEqual(before);

    // More today: a code used, a play, and a receipt of 40 days ago approved only now. The minute job
    // picks them up, the late receipt on its own day.
    const now = new Date();
    await code(a, 'used', at(yesterday, '09:00:00'), now, c2);
    await play(a, c2, now, 'win');
    await participate(a, c1, now);
    await credit(b, c1, addDays(today, -40), 20.5, 2, now);
    expect(await refreshRecentDays(ctx.database.db)).toBeGreaterThan(0);
    await expectMatchesSource(mall, ids, today);
    const after = await rollupRows();
    expect(await refreshRecentDays(ctx.database.db)).toBe(0);
    expect(await rollupRows()).toEqual(after);

    // A row the sources no longer support goes: a play deleted, its day recomputed.
    await ctx.database.db.execute(sql`delete from campaign_game_plays where campaign_id = ${a.campaignId}`);
    await refreshRecentDays(ctx.database.db);
    await expectMatchesSource(mall, ids, today);

    // The list to pick from: this mall's campaigns only.
    const list = await ctx.inject({
      url: `/api/reports/campaign-dashboard-campaign-list?locationId=${mall._id}`,
    });
    expect(list.statusCode).toBe(200);
    expect(
      list
        .json()
        .map((row: { _id: string }) => row._id)
        .sort(),
    ).toEqual([...ids].sort());
    expect(list.json()[0]).toMatchObject({ campaign_state: 'activated' });

    // Another mall's campaign is refused, naming it.
    const refused = await report(
      mall,
      { campaignId: [a.campaignId, theirs.campaignId], interval: 'last_7_days' },
      'en',
    );
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'CAMPAIGN_NOT_FOUND', campaignId: [theirs.campaignId] });
    const noDates = await report(mall, { campaignId: ids, interval: 'date_range' }, 'en');
    expect(noDates.statusCode).toBe(400);
    expect(Object.keys(noDates.json().fields)).toEqual(expect.arrayContaining(['startDate', 'endDate']));
    const reversed = await report(mall, {
      campaignId: ids,
      interval: 'date_range',
      startDate: today,
      endDate: yesterday,
    });
    expect(reversed.statusCode).toBe(400);

    // The excel report: the same figures, a totals and a per-day sheet, headers in the request's language.
    for (const lang of ['tr', 'en'] as const) {
      const file = await ctx.inject({
        method: 'POST',
        url: `/api/reports/campaigns-excel-report?locationId=${mall._id}`,
        headers: { 'accept-language': lang },
        payload: { campaignId: ids, interval: 'last_30_days' },
      });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toContain('spreadsheetml');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
      const [totals, days] = book.worksheets as [ExcelJS.Worksheet, ExcelJS.Worksheet];
      expect(totals.name).toBe(lang === 'tr' ? 'Toplamlar' : 'Totals');
      expect(days.name).toBe(lang === 'tr' ? 'Günlük' : 'Daily');
      expect(totals.getRow(1).getCell(1).value).toBe(lang === 'tr' ? 'Kampanya' : 'Campaign');
      expect(totals.getRow(1).getCell(4).value).toBe(lang === 'tr' ? 'Katılım' : 'Participations');
      const json = (
        await report(mall, { campaignId: ids, interval: 'last_30_days' })
      ).json() as DashboardReport;
      // Row 4: all chosen campaigns; column 4 participations, column 9 receipt amount.
      expect(totals.getRow(4).getCell(4).value).toBe(json.totals.participations);
      expect(totals.getRow(4).getCell(9).value).toBe(json.totals.receipt_amount);
      const dayRows = days.rowCount - 1;
      const nonEmpty = json.campaigns.flatMap((campaign) =>
        campaign.days.filter(
          (day) => day.participations + day.codes_given + day.codes_used + day.receipts + day.plays > 0,
        ),
      );
      expect(dayRows).toBe(nonEmpty.length);
    }
  });

  it('counts a customer or a receipt that several chosen campaigns count once in their totals', async () => {
    const mall = await ctx.newLocation();
    const today = mallToday(mall);
    const yesterday = addDays(today, -1);
    const storeId = await newStore(mall._id);
    const a: Source = { mall, campaignId: (await newCampaign(mall._id, 'receipt'))._id, storeId };
    const b: Source = { mall, campaignId: (await newCampaign(mall._id, 'wheel_of_fortune'))._id, storeId };
    const [both, onlyA, earlier] = [
      await newCustomer(mall._id),
      await newCustomer(mall._id),
      await newCustomer(mall._id),
    ];
    const morning = at(today, '10:00:00');
    // `both` takes part in both campaigns today, `onlyA` in a only; `earlier` took part in a 40 days
    // ago and in b (for the first time) yesterday: new to b in the last 7 days, not to the two of them.
    await participate(a, both, morning);
    await participate(b, both, morning);
    await participate(a, onlyA, morning);
    await participate(a, earlier, at(addDays(today, -40), '12:00:00'));
    await participate(b, earlier, at(yesterday, '12:00:00'));
    // One receipt of `both` counts toward both campaigns: a's multiplier added 30 points, b none.
    const receiptId = await credit(a, both, today, 250.5, 30, morning);
    await creditReceipt(b, receiptId, both, today, 250.5, 0, morning);
    // Another receipt counts toward b only.
    await credit(b, onlyA, yesterday, 100, 0, at(yesterday, '15:00:00'));
    await catchUpRollup(ctx.database.db);

    const body: DashboardReportBody = { campaignId: [a.campaignId, b.campaignId], interval: 'last_7_days' };
    const response = await report(mall, body);
    expect(response.statusCode).toBe(200);
    const answer = response.json() as DashboardReport;
    // Each campaign keeps its own figures: 2 new participants each; each counts the shared receipt.
    const [ofA, ofB] = answer.campaigns;
    expect(ofA!.totals).toMatchObject({
      participants: 2,
      participations: 2,
      receipts: 1,
      receipt_amount: 250.5,
      points: 30,
    });
    expect(ofB!.totals).toMatchObject({
      participants: 2,
      participations: 2,
      receipts: 2,
      receipt_amount: 350.5,
      points: 0,
    });
    // Together: `both` is one new participant (not two) and, with `onlyA`, the only ones new to the two
    // campaigns; two receipts (not three) worth 350.50, with 30 points.
    expect(answer.totals).toMatchObject({
      participants: 2,
      participations: 4,
      receipts: 2,
      receipt_amount: 350.5,
      points: 30,
    });
    const day = (which: string) => answer.days.find((entry) => entry.day === which)!;
    expect(day(today)).toMatchObject({
      participants: 2,
      participations: 3,
      receipts: 1,
      receipt_amount: 250.5,
      points: 30,
    });
    expect(day(yesterday)).toMatchObject({
      participants: 0,
      participations: 1,
      receipts: 1,
      receipt_amount: 100,
    });
    // A customer new to the two campaigns counts on the day of the first: onlyA took part in b
    // yesterday, before a today.
    await participate(b, onlyA, at(yesterday, '16:00:00'));
    // Until the rollup has it, the report stays as it was, its totals too (kept with the rollup's state).
    const before = (await report(mall, body)).json() as DashboardReport;
    expect(before.days.find((entry) => entry.day === yesterday)!.participants).toBe(0);
    await catchUpRollup(ctx.database.db);
    const again = (await report(mall, body)).json() as DashboardReport;
    expect(again.totals.participants).toBe(2);
    expect(again.days.find((entry) => entry.day === yesterday)!.participants).toBe(1);
    expect(again.days.find((entry) => entry.day === today)!.participants).toBe(1);
    await expectMatchesSource(mall, [a.campaignId, b.campaignId], today);
    // One campaign alone: its own figures.
    const alone = (await report(mall, { ...body, campaignId: [a.campaignId] })).json() as DashboardReport;
    expect(alone.totals).toEqual(alone.campaigns[0]!.totals);

    // The excel report's "all chosen campaigns" row has the same totals.
    const file = await ctx.inject({
      method: 'POST',
      url: `/api/reports/campaigns-excel-report?locationId=${mall._id}`,
      headers: { 'accept-language': 'en' },
      payload: body,
    });
    expect(file.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const totals = book.worksheets[0]!;
    const all = totals.getRow(4);
    expect(all.getCell(1).value).toBe('All chosen campaigns');
    // Columns: 3 new participants, 4 participations (five now, with onlyA's in b), 8 receipts, 9 amount,
    // 10 points.
    expect([3, 4, 8, 9, 10].map((column) => all.getCell(column).value)).toEqual([2, 5, 2, 350.5, 30]);
  });

  it('counts each customer and receipt once over any set of overlapping campaigns and any period, as the source rows say', async () => {
    const db = ctx.database.db;
    const mall = await ctx.newLocation();
    const today = mallToday(mall);
    const storeId = await newStore(mall._id);
    const ids: string[] = [];
    for (const type of ['receipt', 'coupon', 'wheel_of_fortune', 'coupon'] as const)
      ids.push((await newCampaign(mall._id, type))._id);
    const people: string[] = [];
    for (let index = 0; index < 30; index++) people.push(await newCustomer(mall._id));
    // A fixed pseudo-random history: customers take part in several campaigns on days over more than
    // a year (more of them lately), and receipts count toward one to four campaigns each.
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    const dayAgo = () => Math.floor(random() ** 2 * 420);
    // Ordinals far apart as well as near (the packed lists' steps take 1 to 4 bytes): half the
    // customers and receipts are numbered after a jump of the numbering.
    const jump = (table: string, column: string, to: number) =>
      db.execute(sql`select setval(pg_get_serial_sequence(${table}, ${column}), ${to})`);
    for (const half of [0, 1]) {
      if (half === 1) await jump('campaign_customer_ordinals', 'customer_ordinal', 100_000);
      await db.insert(campaignParticipations).values(
        Array.from({ length: 120 }, () => {
          const day = addDays(today, -dayAgo());
          return {
            location_id: mall._id,
            campaign_id: pick(ids),
            customer_id: pick(people),
            participation_day: day,
            created_at: at(day, '12:00:00'),
          };
        }),
      );
    }
    for (let index = 0; index < 60; index++) {
      if (index === 30) await jump('campaign_receipt_ordinals', 'receipt_ordinal', 40_000_000);
      const day = addDays(today, -Math.floor(random() ** 2 * 60));
      const customerId = pick(people);
      // One receipt of the largest amount a receipt can have (its amount takes 5 bytes).
      const amount = index === 10 ? 9_999_999_999.99 : Math.round(random() * 100_000) / 100;
      const counted = ids.filter(() => random() < 0.5);
      const [first = pick(ids), ...others] = counted;
      const receiptId = await credit(
        { mall, campaignId: first, storeId },
        customerId,
        day,
        amount,
        5,
        at(day, '15:00:00'),
      );
      for (const campaignId of others)
        await creditReceipt(
          { mall, campaignId, storeId },
          receiptId,
          customerId,
          day,
          amount,
          0,
          at(day, '15:00:00'),
        );
    }
    await catchUpRollup(db);

    // The members kept beside each day's figures are as many as those figures count.
    const kept = await db
      .select({
        campaign_id: campaignDailyStats.campaign_id,
        day: campaignDailyStats.stat_day,
        participants: campaignDailyStats.stat_new_participants,
        receipts: campaignDailyStats.stat_receipts,
        customers: campaignDailyMembers.member_new_customers,
        receiptList: campaignDailyMembers.member_receipts,
        amounts: campaignDailyMembers.member_receipt_amounts,
      })
      .from(campaignDailyStats)
      .leftJoin(
        campaignDailyMembers,
        and(
          eq(campaignDailyMembers.campaign_id, campaignDailyStats.campaign_id),
          eq(campaignDailyMembers.stat_day, campaignDailyStats.stat_day),
        ),
      )
      .where(eq(campaignDailyStats.location_id, mall._id));
    expect(kept.length).toBeGreaterThan(100);
    for (const row of kept) {
      const empty = new Uint8Array();
      expect(membersIn(row.customers ?? empty), `${row.day} customers`).toBe(row.participants);
      expect(membersIn(row.receiptList ?? empty), `${row.day} receipts`).toBe(row.receipts);
      // The amounts: a width byte, then one amount of that width per receipt.
      const amounts = row.amounts ?? empty;
      expect(amounts.length && (amounts.length - 1) / amounts[0]!, `${row.day} amounts`).toBe(row.receipts);
    }

    const sets = [
      [0, 1],
      [1, 2, 3],
      [0, 1, 2, 3],
      [3, 2],
      [2, 0, 3],
    ].map((set) => set.map((index) => ids[index]!));
    const periods: { body: Omit<DashboardReportBody, 'campaignId'>; from: string; to: string }[] = [
      { body: { interval: 'last_7_days' }, from: addDays(today, -6), to: today },
      { body: { interval: 'last_30_days' }, from: addDays(today, -29), to: today },
      { body: { interval: 'last_year' }, from: addDays(today, -364), to: today },
      { body: { interval: 'all_time' }, from: '1900-01-01', to: today },
      {
        body: { interval: 'date_range', startDate: addDays(today, -90), endDate: addDays(today, -20) },
        from: addDays(today, -90),
        to: addDays(today, -20),
      },
    ];
    for (const set of sets)
      for (const { body, from, to } of periods) {
        const response = await report(mall, { campaignId: set, ...body } as DashboardReportBody);
        expect(response.statusCode).toBe(200);
        const answer = response.json() as DashboardReport;
        const label = `${set.map((id) => ids.indexOf(id)).join('+')} ${body.interval}`;
        expect(answer.totals, label).toEqual(withConversion(await directAll(set, from, to)));
        // Day by day: customers on their first day in any of the set, receipts once on their day.
        const byDay = await distinctDays(set, answer.from, answer.to);
        expect(
          answer.days
            .filter((day) => day.participants + day.receipts > 0)
            .map(({ day, participants, receipts, receipt_amount }) => ({
              day,
              participants,
              receipts,
              receipt_amount,
            })),
          label,
        ).toEqual(byDay);
      }
  });

  it('answers only to roles with the campaign dashboard', async () => {
    const mall = await ctx.newLocation();
    const campaign = await newCampaign(mall._id);
    const body = { campaignId: [campaign._id], interval: 'last_7_days' };
    const staff = await ctx.newStaff({ subjects: ['modules:campaigns:campaigns'], locations: [mall] });
    const refused = await ctx.inject({
      method: 'POST',
      url: `/api/reports/campaign-dashboard-report?locationId=${mall._id}`,
      headers: staff.headers,
      payload: body,
    });
    expect(refused.statusCode).toBe(403);
    const allowed = await ctx.newStaff({
      subjects: ['modules:campaigns:campaign-dashboard'],
      locations: [mall],
    });
    const answered = await ctx.inject({
      method: 'POST',
      url: `/api/reports/campaign-dashboard-report?locationId=${mall._id}`,
      headers: allowed.headers,
      payload: body,
    });
    expect(answered.statusCode).toBe(200);
    expect(answered.json().days).toHaveLength(7);
    expect(answered.json().totals.conversion).toBeNull();
  });
});
