import { conversionOf, type DashboardCounts, type DashboardReportBody, type Location } from '@avlu/contracts';
import { sql } from 'drizzle-orm';
import type { TestContext } from '../../../test/helper';
import { nameKey } from '../../platform/db/unique-names';
import { insertCustomer } from '../customers/customers.fixtures';
import { mallToday } from '../customers/mall-date';
import { receiptNoKey } from '../receipts/receipts.service';
import { receipts } from '../receipts/receipts.tables';
import { storeCategoryColumns } from '../stores/stores.service';
import { storeCategories, stores } from '../stores/stores.tables';
import { DAY, insertCampaign } from './campaign.fixtures';
import { couponCodes } from './coupons.tables';
import { campaignGamePlays, campaignReceiptCredits } from './mechanics.tables';
import { campaignParticipations } from './participations.tables';

export const ZONE = 'Europe/Istanbul';
/** A moment at a wall-clock time of a mall day in Istanbul (UTC+3 all year). */
export const at = (day: string, time: string) => new Date(`${day}T${time}+03:00`);

export type Source = {
  mall: Location;
  campaignId: string;
  storeId: string;
};

export const numberOf = (value: unknown) => Number(value ?? 0);

export const withConversion = (counts: DashboardCounts) => ({
  ...counts,
  conversion: conversionOf(counts.codes_given, counts.codes_used),
});

export const sum = (all: DashboardCounts[]) => {
  const total = { ...all[0]! };
  for (const counts of all.slice(1))
    for (const key of Object.keys(total) as (keyof DashboardCounts)[]) total[key] += counts[key];
  total.receipt_amount = Math.round(total.receipt_amount * 100) / 100;
  return total;
};

/**
 * Test helpers of the campaign dashboard: campaigns, customers and stores of a mall, its source rows
 * straight into the tables (participations, codes, receipts with their credits, plays), the report
 * through the API, and what the source tables say the report must answer.
 */
export const dashboardFixtures = (ctx: TestContext) => {
  let serial = 0;
  const newCampaign = (mallId: string, type: 'coupon' | 'wheel_of_fortune' | 'receipt' = 'coupon') =>
    insertCampaign(ctx.database.db, mallId, {
      type,
      participation: 'unlimited',
      start: new Date(Date.now() - 500 * DAY),
    });

  const newCustomer = async (mallId: string) => (await insertCustomer(ctx.database.db, mallId))._id;

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

  /** Per day, straight from the source rows: new participants of the set and its receipts, each once. */
  const distinctDays = async (ids: string[], from: string, to: string) => {
    const list = sql`array[${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}]::varchar[]`;
    const result = (await ctx.database.db.execute(sql`
    with firsts as (
      select customer_id, min(participation_day) as day from campaign_participations
       where campaign_id = any(${list}) group by customer_id
    ),
    people as (
      select day, count(distinct customer_id) as n from firsts
       where day between ${from}::date and ${to}::date group by day
    ),
    counted as (
      select r.receipt_day as day, count(distinct r._id) as n, sum(r.receipt_amount) as amount
        from receipts r
       where r.receipt_day between ${from}::date and ${to}::date
         and r._id in (select receipt_id from campaign_receipt_credits where campaign_id = any(${list}))
       group by r.receipt_day
    )
    select coalesce(p.day, c.day)::text as day, coalesce(p.n, 0) as participants, coalesce(c.n, 0) as receipts,
           coalesce(c.amount, 0) as amount
      from people p full join counted c on c.day = p.day
     order by 1`)) as unknown as { rows: Record<string, unknown>[] };
    return result.rows.map((row) => ({
      day: String(row.day),
      participants: numberOf(row.participants),
      receipts: numberOf(row.receipts),
      receipt_amount: Math.round(numberOf(row.amount) * 100) / 100,
    }));
  };

  return {
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
  };
};
