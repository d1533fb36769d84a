import {
  addDays,
  conversionOf,
  type DashboardCounts,
  type DashboardReport,
  type DashboardReportBody,
  type Location,
} from '@avlu/contracts';
import { asc, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { nameKey } from '../../platform/db/unique-names';
import { customers } from '../customers/customers.tables';
import { mallToday } from '../customers/mall-date';
import { receiptNoKey } from '../receipts/receipts.service';
import { receipts } from '../receipts/receipts.tables';
import { storeCategoryColumns } from '../stores/stores.service';
import { storeCategories, stores } from '../stores/stores.tables';
import { catchUpRollup, refreshRecentDays } from './campaign-dashboard.service';
import { campaigns } from './campaigns.tables';
import { couponCodes } from './coupons.tables';
import { campaignDailyStats, campaignGamePlays, campaignReceiptCredits } from './mechanics.tables';
import { campaignParticipations } from './participations.tables';

const ctx = useTestApp();
const ZONE = 'Europe/Istanbul';
const DAY = 86_400_000;

/** A moment at a wall-clock time of a mall day in Istanbul (UTC+3 all year). */
const at = (day: string, time: string) => new Date(`${day}T${time}+03:00`);

let serial = 0;
const newCampaign = async (mallId: string, type: 'coupon' | 'wheel_of_fortune' | 'receipt' = 'coupon') => {
  const name = `Pano kampanyası ${++serial}`;
  const [row] = await ctx.database.db
    .insert(campaigns)
    .values({
      location_id: mallId,
      campaign_name: name,
      campaign_name_en: `Dashboard campaign ${serial}`,
      campaign_name_key: nameKey(name),
      campaign_name_en_key: nameKey(`Dashboard campaign ${serial}`),
      campaign_description: 'Açıklama',
      campaign_type: type,
      campaign_status: 'published',
      campaign_start_date: new Date(Date.now() - 500 * DAY),
      campaign_end_date: new Date(Date.now() + 10 * DAY),
      campaign_archive_date: new Date(Date.now() + 20 * DAY),
      campaign_participation: 'unlimited',
    })
    .returning();
  return row!;
};

let phones = 0;
const newCustomer = async (mallId: string) => {
  const [row] = await ctx.database.db
    .insert(customers)
    .values({
      location_id: mallId,
      customer_phone: `+90533${(1_000_000 + ++phones).toString().slice(-7)}`,
      customer_name: 'Ayşe',
      customer_surname: 'Yılmaz',
    })
    .returning();
  return row!._id;
};

const newStore = async (mallId: string) => {
  const db = ctx.database.db;
  const [category] = await db
    .insert(storeCategories)
    .values({
      location_id: mallId,
      ...storeCategoryColumns({
        store_category_name: `Giyim ${++serial}`,
        store_category_name_en: 'Fashion',
      }),
    })
    .returning();
  const [store] = await db
    .insert(stores)
    .values({
      location_id: mallId,
      store_name: `Mavi ${serial}`,
      store_name_key: nameKey(`Mavi ${serial}`),
      store_category_id: category!._id,
      store_floor: 'Zemin Kat',
    })
    .returning();
  return store!._id;
};

type Source = {
  mall: Location;
  campaignId: string;
  storeId: string;
};

const participate = (s: Source, customerId: string, moment: Date) =>
  ctx.database.db.insert(campaignParticipations).values({
    location_id: s.mall._id,
    campaign_id: s.campaignId,
    customer_id: customerId,
    participation_day: mallToday(s.mall, moment),
    created_at: moment,
  });

const code = (
  s: Source,
  status: 'ready' | 'given' | 'used' | 'not_used',
  given?: Date,
  used?: Date,
  customerId?: string,
) =>
  ctx.database.db.insert(couponCodes).values({
    location_id: s.mall._id,
    campaign_id: s.campaignId,
    coupon_code: `PANO${(++serial).toString().padStart(6, '0')}`,
    coupon_status: status,
    coupon_source: 'imported',
    customer_id: customerId ?? null,
    coupon_given_at: given ?? null,
    coupon_used_at: used ?? null,
  });

const credit = async (
  s: Source,
  customerId: string,
  day: string,
  amount: number,
  points: number,
  created = new Date(),
) => {
  const receiptDate = at(day, '14:00:00');
  const no = `FİŞ-${++serial}`;
  const [receipt] = await ctx.database.db
    .insert(receipts)
    .values({
      location_id: s.mall._id,
      customer_id: customerId,
      store_id: s.storeId,
      receipt_no: no,
      receipt_no_key: receiptNoKey(no),
      receipt_amount: amount,
      receipt_date: receiptDate,
      receipt_day: day,
      receipt_status: 'approved',
      receipt_photo: `${'a'.repeat(43)}.jpg`,
      receipt_photo_type: 'jpg',
      receipt_photo_hash: serial.toString(16).padStart(64, '0'),
      receipt_source: 'desk',
    })
    .returning();
  await creditReceipt(s, receipt!._id, customerId, day, amount, points, created);
  return receipt!._id;
};

/** A receipt's credit toward a campaign (the same receipt may count toward several). */
const creditReceipt = (
  s: Source,
  receiptId: string,
  customerId: string,
  day: string,
  amount: number,
  points: number,
  created = new Date(),
) =>
  ctx.database.db.insert(campaignReceiptCredits).values({
    location_id: s.mall._id,
    campaign_id: s.campaignId,
    customer_id: customerId,
    receipt_id: receiptId,
    credit_day: day,
    credit_amount: amount,
    credit_points: points,
    created_at: created,
  });

const play = (s: Source, customerId: string, moment: Date, outcome: 'win' | 'lose') =>
  ctx.database.db.insert(campaignGamePlays).values({
    location_id: s.mall._id,
    campaign_id: s.campaignId,
    customer_id: customerId,
    game_play_key: `key-${++serial}`,
    game_play_draw: outcome === 'win' ? 10 : 9000,
    game_play_outcome: outcome,
    created_at: moment,
  });

const report = (mall: Location, body: DashboardReportBody, lang = 'tr') =>
  ctx.inject({
    method: 'POST',
    url: `/api/reports/campaign-dashboard-report?locationId=${mall._id}`,
    headers: { 'accept-language': lang },
    payload: body,
  });

const numberOf = (value: unknown) => Number(value ?? 0);

/** The figures straight from the source tables, days counted in the mall's zone: what the report must say. */
const direct = async (campaignId: string, from: string, to: string): Promise<DashboardCounts> => {
  const one = async (query: ReturnType<typeof sql>) =>
    ((await ctx.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows[0]!;
  const participation = await one(sql`
    select count(*) as n from campaign_participations
     where campaign_id = ${campaignId} and participation_day between ${from}::date and ${to}::date`);
  const firsts = await one(sql`
    select count(*) as n from (
      select customer_id, min(participation_day) as first_day from campaign_participations
       where campaign_id = ${campaignId} group by customer_id) f
     where f.first_day between ${from}::date and ${to}::date`);
  const given = await one(sql`
    select count(*) as n from coupon_codes
     where campaign_id = ${campaignId} and coupon_given_at is not null
       and (coupon_given_at at time zone ${ZONE})::date between ${from}::date and ${to}::date`);
  const used = await one(sql`
    select count(*) as n from coupon_codes
     where campaign_id = ${campaignId} and coupon_status = 'used'
       and (coupon_used_at at time zone ${ZONE})::date between ${from}::date and ${to}::date`);
  const credits = await one(sql`
    select count(*) as n, coalesce(sum(credit_amount), 0) as amount, coalesce(sum(credit_points), 0) as points
      from campaign_receipt_credits
     where campaign_id = ${campaignId} and credit_day between ${from}::date and ${to}::date`);
  const plays = await one(sql`
    select count(*) as n, count(*) filter (where game_play_outcome = 'win') as wins from campaign_game_plays
     where campaign_id = ${campaignId}
       and (created_at at time zone ${ZONE})::date between ${from}::date and ${to}::date`);
  return {
    participants: numberOf(firsts.n),
    participations: numberOf(participation.n),
    codes_given: numberOf(given.n),
    codes_used: numberOf(used.n),
    receipts: numberOf(credits.n),
    receipt_amount: numberOf(credits.amount),
    points: numberOf(credits.points),
    plays: numberOf(plays.n),
    wins: numberOf(plays.wins),
  };
};

/**
 * The figures of all the campaigns together, straight from the source tables: the new participants are
 * the customers whose first participation in any of them falls in the period, a receipt credited to
 * several is one receipt (its amount once); the rest belong to one campaign each and add up.
 */
const directAll = async (ids: string[], from: string, to: string): Promise<DashboardCounts> => {
  const each = sum(await Promise.all(ids.map((id) => direct(id, from, to))));
  const one = async (query: ReturnType<typeof sql>) =>
    ((await ctx.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows[0]!;
  const list = sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::varchar[]`;
  const participants = await one(sql`
    select count(*) as n from (
      select customer_id, min(participation_day) as first_day from campaign_participations
       where campaign_id = any(${list}) group by customer_id) f
     where f.first_day between ${from}::date and ${to}::date`);
  const credits = await one(sql`
    select count(*) as n, coalesce(sum(r.receipt_amount), 0) as amount,
           coalesce(sum((select sum(c.credit_points) from campaign_receipt_credits c
                          where c.receipt_id = r._id and c.campaign_id = any(${list}))), 0) as points
      from receipts r
     where r.receipt_day between ${from}::date and ${to}::date
       and exists (select 1 from campaign_receipt_credits c where c.receipt_id = r._id and c.campaign_id = any(${list}))`);
  return {
    ...each,
    participants: numberOf(participants.n),
    receipts: numberOf(credits.n),
    receipt_amount: Math.round(numberOf(credits.amount) * 100) / 100,
    points: numberOf(credits.points),
  };
};

const withConversion = (counts: DashboardCounts) => ({
  ...counts,
  conversion: conversionOf(counts.codes_given, counts.codes_used),
});

const sum = (all: DashboardCounts[]) => {
  const total = { ...all[0]! };
  for (const counts of all.slice(1))
    for (const key of Object.keys(total) as (keyof DashboardCounts)[]) total[key] += counts[key];
  total.receipt_amount = Math.round(total.receipt_amount * 100) / 100;
  return total;
};

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
