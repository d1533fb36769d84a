import {
  dashboardAgeGroups,
  dashboardConsentChannels,
  dashboardGenders,
  type Location,
  MALL_DASHBOARD_TOP,
  type MallDashboard,
} from '@avlu/contracts';
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../platform/db/database';
import { newId } from '../../platform/ids';
import { DAY, insertCampaign } from '../campaigns/campaign.fixtures';
import { insertCustomer } from '../customers/customers.fixtures';
import { mallWithStores } from '../receipts/receipts.fixtures';

/**
 * The mall dashboard's test data: a mall's rows of every module the dashboard counts, written straight
 * into the tables (the triggers see every writer alike), and the figures counted from those tables
 * directly, without the rollups, to hold the answer to.
 */

/** Days before now the activity falls on: today, the edges of 7, 30 and 365 days, and older. */
export const OFFSETS = [0, 1, 5, 6, 7, 20, 29, 30, 45, 200, 364, 365, 380, 700] as const;

const one = <T>(rows: T[]) => rows[0]!;

/** A mall with two stores, a campaign, a reservation area and a lending item. */
export const newDashboardMall = async (db: Database, newLocation: () => Promise<Location>) => {
  const { mall, mavi, koton } = await mallWithStores(db, newLocation);
  const campaign = await insertCampaign(db, mall._id);
  const area = one(
    rowsOf<{ _id: string }>(
      await db.execute(sql`
        insert into reservation_areas (_id, location_id, reservation_area_name, reservation_area_name_key,
          reservation_area_type, reservation_start_date, reservation_end_date)
        values (${newId()}, ${mall._id}, 'Çocuk Oyun Alanı', 'cocuk oyun alani', 'other', current_date - 800, current_date + 30)
        returning _id`),
    ),
  );
  const item = one(
    rowsOf<{ _id: string }>(
      await db.execute(sql`
        insert into lending_items (_id, location_id, item_no, item_no_key, item_name, item_image)
        values (${newId()}, ${mall._id}, 'P-1', 'P-1', 'Puset', '/api/files/x.png') returning _id`),
    ),
  );
  return {
    mall,
    stores: [mavi, koton] as const,
    campaignId: campaign._id,
    areaId: area._id,
    itemId: item._id,
  };
};
export type DashboardMall = Awaited<ReturnType<typeof newDashboardMall>>;

/**
 * Activity on each day of OFFSETS (at `hour` UTC on it): customers of each gender with and without
 * birth dates and consents, one deleted; approved, rejected and foreign-currency receipts at both
 * stores, some in the campaign; points earned, burned and refunded and a reset; gifts, one cancelled;
 * SMS, email and push messages sent, delivered, failed and queued; reservations; lendings handed over
 * and waiting.
 */
export const seedActivity = async (db: Database, target: DashboardMall, now = new Date(), hour = 10) => {
  const mallId = target.mall._id;
  const notifications: Record<string, string> = {};
  for (const kind of ['sms', 'email', 'push'] as const) {
    notifications[kind] = newId();
    await db.execute(sql`insert into notifications (_id, location_id, notification_kind, notification_state)
                         values (${notifications[kind]}, ${mallId}, ${kind}, 'sent')`);
  }
  for (const [index, offset] of OFFSETS.entries()) {
    const day = new Date(now.getTime() - offset * DAY);
    day.setUTCHours(hour, index, 0, 0);
    const at = day.toISOString();
    const people = [];
    for (const [n, gender] of (['female', 'male', 'unknown', 'female'] as const).entries()) {
      people.push(
        await insertCustomer(db, mallId, {
          customer_gender: gender,
          customer_birthdate: n === 2 ? null : `${1950 + ((index * 7 + n * 13) % 60)}-06-15`,
          customer_sms_permission: n % 2 === 0,
          customer_email_permission: n === 1,
          customer_call_permission: n === 3,
          customer_kvkk_permission: n !== 2,
          customer_deletedAt: n === 3 && index % 3 === 0 ? day : null,
          created_at: day,
        }),
      );
    }
    const [first, second] = people;
    const receipts = [
      {
        store: target.stores[0],
        campaign: target.campaignId,
        status: 'approved',
        amount: 150.25 + index,
        currency: 'TRY',
      },
      { store: target.stores[1], campaign: null, status: 'approved', amount: 99.9, currency: 'TRY' },
      {
        store: target.stores[1],
        campaign: target.campaignId,
        status: 'approved',
        amount: 40,
        currency: 'USD',
      },
      {
        store: target.stores[0],
        campaign: target.campaignId,
        status: 'rejected',
        amount: 500,
        currency: 'TRY',
      },
      { store: target.stores[0], campaign: null, status: 'pending', amount: 70, currency: 'TRY' },
    ];
    for (const [n, receipt] of receipts.entries())
      await db.execute(sql`
        insert into receipts (_id, location_id, customer_id, store_id, campaign_id, receipt_no, receipt_no_key,
          receipt_amount, currency, receipt_date, receipt_day, receipt_status, receipt_photo, receipt_photo_type,
          receipt_photo_hash, receipt_source, created_at)
        values (${newId()}, ${mallId}, ${first!._id}, ${receipt.store}, ${receipt.campaign}, ${`F${index}-${n}`},
          ${`F${index}-${n}`}, ${receipt.amount}, ${receipt.currency}, ${at},
          (${at}::timestamptz at time zone ${target.mall.location_meta.timezone})::date, ${receipt.status},
          'x.jpg', 'jpg', ${newId()}, 'desk', ${at})`);
    const entries = [
      ['earn', 120 + index],
      ['earn', 30],
      ['burn', -50],
      ['refund', 20],
      ['reset', -10],
      ['adjust', 5],
    ] as const;
    for (const [n, [kind, amount]] of entries.entries())
      await db.execute(sql`
        insert into point_entries (_id, location_id, customer_id, point_entry_kind, point_entry_amount,
          point_entry_balance_after, point_entry_cause, point_entry_actor, point_entry_idempotency_key, created_at)
        values (${newId()}, ${mallId}, ${second!._id}, ${kind}, ${amount}, 0, 'adjustment', 'system',
          ${`test:${index}:${n}:${newId()}`}, ${at})`);
    for (const status of ['new', 'waiting', 'cancelled'])
      await db.execute(sql`
        insert into loyalty_redemptions (_id, location_id, customer_id, loyalty_customer_gift_title,
          loyalty_customer_points, loyalty_customer_gift_send_type, loyalty_customer_status,
          loyalty_customer_source, created_at)
        values (${newId()}, ${mallId}, ${second!._id}, 'Kahve', 50, 'by_hand', ${status}, 'desk', ${at})`);
    const states = ['sent', 'delivered', 'failed', 'queued'] as const;
    for (const [k, kind] of (['sms', 'email', 'push'] as const).entries())
      for (const [n, person] of people.entries()) {
        const state = states[(n + k + index) % states.length]!;
        await db.execute(sql`
          insert into notification_messages (_id, location_id, notification_id, customer_id, message_state,
            message_is_commercial, message_sent_at, created_at)
          values (${newId()}, ${mallId}, ${notifications[kind]!}, ${person._id}, ${state}, true,
            ${state === 'sent' || state === 'delivered' ? at : null}, ${at})`);
      }
    for (const person of people.slice(0, 2 + (index % 2)))
      await db.execute(sql`
        insert into reservations (_id, location_id, reservation_area_id, customer_id, reservation_customer_name,
          reservation_customer_surname, reservation_customer_gender, reservation_customer_phone,
          reservation_total_person, reservation_request_date, reservation_request_hour, reservation_status,
          reservation_source, created_at)
        values (${newId()}, ${mallId}, ${target.areaId}, ${person._id}, 'Ayşe', 'Yılmaz', 'female',
          ${person.customer_phone}, 2, (${at}::timestamptz)::date, '10:00-11:00', 'pending', 'back-office', ${at})`);
    await db.execute(sql`
      insert into lendings (_id, location_id, lending_item_id, customer_id, lending_status, lending_started_at,
        lending_ended_at, created_at)
      values (${newId()}, ${mallId}, ${target.itemId}, ${first!._id}, 'done', ${at}, ${at}, ${at}),
             (${newId()}, ${mallId}, ${target.itemId}, ${second!._id}, 'in_queue', null, null, ${at})`);
  }
};

type Days = { from: string; to: string } | null;

/** The figures of some days (null: all) counted from the module tables, as the answer words them. */
export const directFigures = async (db: Database, mall: Location, days: Days, currentYear: number) => {
  const tz = mall.location_meta.timezone;
  const local = (column: string) => sql.raw(`(${column} at time zone '${tz}')::date`);
  const within = (column: ReturnType<typeof sql.raw>) =>
    days ? sql`${column} between ${days.from}::date and ${days.to}::date` : sql`true`;
  const live = sql`location_id = ${mall._id} and customer_deleted_at is null and ${within(local('created_at'))}`;
  const customers = rowsOf<{
    gender: string;
    age_group: string;
    month: string;
    sms: number;
    email: number;
    call: number;
    kvkk: number;
    n: number;
  }>(
    await db.execute(sql`
      select customer_gender as gender,
             case when customer_birthdate is null then 'unknown'
                  when ${currentYear} - extract(year from customer_birthdate) < 18 then 'under_18'
                  when ${currentYear} - extract(year from customer_birthdate) < 25 then '18_24'
                  when ${currentYear} - extract(year from customer_birthdate) < 35 then '25_34'
                  when ${currentYear} - extract(year from customer_birthdate) < 45 then '35_44'
                  when ${currentYear} - extract(year from customer_birthdate) < 55 then '45_54'
                  when ${currentYear} - extract(year from customer_birthdate) < 65 then '55_64'
                  else '65_plus' end as age_group,
             to_char(${local('created_at')}, 'YYYY-MM') as month,
             count(*) filter (where customer_sms_permission)::int as sms,
             count(*) filter (where customer_email_permission)::int as email,
             count(*) filter (where customer_call_permission)::int as call,
             count(*) filter (where customer_kvkk_permission)::int as kvkk,
             count(*)::int as n
        from customers where ${live} group by 1, 2, 3`),
  );
  const sum = <K extends keyof (typeof customers)[number]>(
    key: K,
    where: (row: (typeof customers)[number]) => boolean = () => true,
  ) => customers.filter(where).reduce((total, row) => total + Number(row[key]), 0);
  const receiptRows = rowsOf<{ store_id: string; campaign_id: string | null; n: number; amount: number }>(
    await db.execute(sql`
      select store_id, campaign_id, count(*)::int as n,
             coalesce(sum(receipt_amount) filter (where currency = 'TRY'), 0)::float8 as amount
        from receipts
       where location_id = ${mall._id} and receipt_status = 'approved' and ${within(sql.raw('receipt_day'))}
       group by 1, 2`),
  );
  const by = (key: 'store_id' | 'campaign_id') => {
    const map = new Map<string, { receipts: number; receipt_amount: number }>();
    for (const row of receiptRows) {
      const id = row[key];
      if (id === null) continue;
      const entry = map.get(id) ?? { receipts: 0, receipt_amount: 0 };
      entry.receipts += row.n;
      entry.receipt_amount = Math.round((entry.receipt_amount + row.amount) * 100) / 100;
      map.set(id, entry);
    }
    return map;
  };
  /** The first MALL_DASHBOARD_TOP by amount, then receipts, then id. */
  const top = (map: Map<string, { receipts: number; receipt_amount: number }>) =>
    new Map(
      [...map.entries()]
        .sort(
          ([a, x], [b, y]) =>
            y.receipt_amount - x.receipt_amount || y.receipts - x.receipts || (a < b ? -1 : 1),
        )
        .slice(0, MALL_DASHBOARD_TOP),
    );
  const storesAll = by('store_id');
  const campaignsAll = by('campaign_id');
  const scalar = async (query: ReturnType<typeof sql>) =>
    Number(one(rowsOf<{ n: number | string | null }>(await db.execute(query))).n ?? 0);
  const messages = async (kind: string) =>
    scalar(sql`
      select count(*)::int as n from notification_messages m join notifications n on n._id = m.notification_id
       where m.location_id = ${mall._id} and n.notification_kind = ${kind}
         and m.message_state in ('sent', 'delivered') and m.message_sent_at is not null
         and ${within(local('m.message_sent_at'))}`);
  return {
    customers: sum('n'),
    genders: Object.fromEntries(
      dashboardGenders.map((gender) => [gender, sum('n', (row) => row.gender === gender)]),
    ),
    ageGroups: Object.fromEntries(
      dashboardAgeGroups.map((group) => [group, sum('n', (row) => row.age_group === group)]),
    ),
    months: customers.reduce<Record<string, number>>((map, row) => {
      map[row.month] = (map[row.month] ?? 0) + row.n;
      return map;
    }, {}),
    consents: Object.fromEntries(dashboardConsentChannels.map((channel) => [channel, sum(channel)])),
    receipts: receiptRows.reduce((total, row) => total + row.n, 0),
    receiptAmount: Math.round(receiptRows.reduce((total, row) => total + row.amount, 0) * 100) / 100,
    stores: top(storesAll),
    campaigns: top(campaignsAll),
    storesAll,
    campaignsAll,
    pointsEarned: await scalar(sql`
      select sum(point_entry_amount)::int as n from point_entries
       where location_id = ${mall._id} and point_entry_kind = 'earn' and ${within(local('created_at'))}`),
    pointsBurned: await scalar(sql`
      select -sum(point_entry_amount)::int as n from point_entries
       where location_id = ${mall._id} and point_entry_kind in ('burn', 'refund') and ${within(local('created_at'))}`),
    gifts: await scalar(sql`
      select count(*)::int as n from loyalty_redemptions
       where location_id = ${mall._id} and loyalty_customer_status <> 'cancelled' and ${within(local('created_at'))}`),
    sms: await messages('sms'),
    email: await messages('email'),
    push: await messages('push'),
    reservations: await scalar(sql`
      select count(*)::int as n from reservations where location_id = ${mall._id} and ${within(local('created_at'))}`),
    lendings: await scalar(sql`
      select count(*)::int as n from lendings
       where location_id = ${mall._id} and lending_started_at is not null and ${within(local('lending_started_at'))}`),
  };
};
export type DirectFigures = Awaited<ReturnType<typeof directFigures>>;

/**
 * The answer's figures of one period (`value`, else `previous`) in the shape of `directFigures`; the
 * top lists are the current period's, so the previous values of their rows are checked by `expectTopPrevious`.
 */
export const answerFigures = (answer: MallDashboard, which: 'value' | 'previous') => {
  const pick = (figure: { value: number; previous: number | null }) => figure[which];
  const top = (
    rows: MallDashboard['dashboard_top_stores'] | MallDashboard['dashboard_top_campaigns'],
    id: (row: never) => string,
  ) =>
    new Map(
      rows
        .map((row) => ({
          id: id(row as never),
          receipts: which === 'value' ? row.receipts : row.previous_receipts!,
          receipt_amount: which === 'value' ? row.receipt_amount : row.previous_receipt_amount!,
        }))
        .filter((row) => row.receipts !== 0 || row.receipt_amount !== 0)
        .map(({ id, ...row }) => [id, row]),
    );
  return {
    customers: pick(answer.dashboard_customers),
    genders: Object.fromEntries(answer.dashboard_customers_by_gender.map((row) => [row.gender, pick(row)])),
    ageGroups: Object.fromEntries(
      answer.dashboard_customers_by_age_group.map((row) => [row.age_group, pick(row)]),
    ),
    consents: Object.fromEntries(answer.dashboard_consents.map((row) => [row.channel, pick(row)])),
    receipts: pick(answer.dashboard_receipts),
    receiptAmount: pick(answer.dashboard_receipt_amount),
    stores: top(answer.dashboard_top_stores, (row: { store_id: string }) => row.store_id),
    campaigns: top(answer.dashboard_top_campaigns, (row: { campaign_id: string }) => row.campaign_id),
    pointsEarned: pick(answer.dashboard_points_earned),
    pointsBurned: pick(answer.dashboard_points_burned),
    gifts: pick(answer.dashboard_gifts_given),
    sms: pick(answer.dashboard_sms_sent),
    email: pick(answer.dashboard_email_sent),
    push: pick(answer.dashboard_push_sent),
    reservations: pick(answer.dashboard_reservations),
    lendings: pick(answer.dashboard_lendings),
  };
};

/** The previous period's receipts and amount of each current top row, against the previous period's counts. */
export const expectedTopPrevious = (answer: MallDashboard, before: DirectFigures) => ({
  stores: answer.dashboard_top_stores.map((row) => ({
    id: row.store_id,
    receipts: row.previous_receipts,
    receipt_amount: row.previous_receipt_amount,
  })),
  expectedStores: answer.dashboard_top_stores.map((row) => ({
    id: row.store_id,
    receipts: before.storesAll.get(row.store_id)?.receipts ?? 0,
    receipt_amount: before.storesAll.get(row.store_id)?.receipt_amount ?? 0,
  })),
  campaigns: answer.dashboard_top_campaigns.map((row) => ({
    id: row.campaign_id,
    receipts: row.previous_receipts,
    receipt_amount: row.previous_receipt_amount,
  })),
  expectedCampaigns: answer.dashboard_top_campaigns.map((row) => ({
    id: row.campaign_id,
    receipts: before.campaignsAll.get(row.campaign_id)?.receipts ?? 0,
    receipt_amount: before.campaignsAll.get(row.campaign_id)?.receipt_amount ?? 0,
  })),
});
