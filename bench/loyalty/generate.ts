import { type SQL, sql } from 'drizzle-orm';
import { loyaltyTiers } from '../../apps/server/src/modules/loyalty/loyalty.tables';
import { seedDemoPointProviders } from '../../apps/server/src/modules/point-providers/point-providers.demo';
import { seedDemoStores } from '../../apps/server/src/modules/stores/stores.demo';
import { stores } from '../../apps/server/src/modules/stores/stores.tables';
import type { Database } from '../../apps/server/src/platform/db/database';
import { nameKey } from '../../apps/server/src/platform/db/unique-names';

/** Ledger entries per loyalty member: 10,000,000 for a million members. */
export const ENTRIES_PER_MEMBER = 10;
/** Members per INSERT … SELECT (a million entries): one statement and transaction each. */
const CHUNK = 100_000;
/** The burn benchmark's two gifts: one limited by the customers' balances, one by its stock. */
export const BALANCE_GIFT = { title: 'Sinema bileti (bench)', points: 300 };
export const STOCK_GIFT = { title: 'Kahve (bench)', points: 10, stock: 100 };
const TIERS = [
  { title: 'Bronz', en: 'Bronze', min: 0, multiplier: 1, priority: 3 },
  { title: 'Gümüş', en: 'Silver', min: 1000, multiplier: 1.25, priority: 2 },
  { title: 'Altın', en: 'Gold', min: 2500, multiplier: 1.5, priority: 1 },
];

type Rows<T> = { rows: T[] };
export const rowsOf = async <T>(db: Database, query: SQL) =>
  ((await db.execute(query)) as unknown as Rows<T>).rows;

/** The bench's notes (bench.meta, as customers/databases.ts keeps them). */
export const readNote = async (db: Database, key: string) => {
  await db.execute(sql`create schema if not exists bench`);
  await db.execute(sql`create table if not exists bench.meta (key text primary key, value text not null)`);
  return (await rowsOf<{ value: string }>(db, sql`select value from bench.meta where key = ${key}`))[0]
    ?.value;
};
export const writeNote = async (db: Database, key: string, value: string) => {
  await readNote(db, key);
  await db.execute(
    sql`insert into bench.meta values (${key}, ${value}) on conflict (key) do update set value = excluded.value`,
  );
};

/** A fixed-width hex id (the app's 24-hex shape): 8 hex of `epoch`, a 2-hex marker, 14 hex of `n`. */
const idOf = (epoch: string, marker: string, n: string) =>
  sql.raw(`lpad(to_hex(${epoch}), 8, '0') || '${marker}' || lpad(to_hex(${n}), 14, '0')`);

/**
 * Everything the loyalty tables hold, emptied (the bench database holds the bench mall only): before a
 * generation at another scale. Triggers (the ledger's append-only guard among them) do not fire in
 * replica mode, as for a conscious erasure.
 */
const emptyLoyalty = async (db: Database) =>
  db.transaction(async (tx) => {
    // A reset's undo left by a killed run (loyalty-10m.ts) has nothing to undo any more.
    await tx.execute(sql`delete from bench.meta where key = 'loyalty-undo'`);
    await tx.execute(sql`drop table if exists bench.balances_before`);
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`set local avlu.erasure = 'on'`);
    await tx.execute(
      sql`truncate point_entries, point_balances, loyalty_redemptions, loyalty_gift_codes, loyalty_gifts,
          reset_points, receipts, loyalty_tiers`,
    );
  });

/** Secondary indexes of `table`, dropped before a bulk insert and built again after from their definitions. */
const secondaryIndexes = (db: Database, table: string) =>
  rowsOf<{ indexname: string; indexdef: string }>(
    db,
    sql`select indexname, indexdef from pg_indexes
        where schemaname = 'public' and tablename = ${table} and indexname <> ${`${table}_pkey`}`,
  );

/**
 * One chunk of members: their ten entries each (seven receipt earns, a gift burn of a third of what
 * they had earned, one more earn, a carried-over adjustment), every entry with the exact balance after
 * it and in time order over the last two years, and their balance row (the sum of the entries, the
 * tier's points = earned + adjusted, the lifetime earned) placed in the tier those points reach.
 */
const insertChunk = (locationId: string, epoch: number, from: number, to: number) => sql`
  with base as (
    select m.n, m.customer_id, g.j,
      -- Pseudo-random amounts (hashint4), larger for some members than others (f: 1 to 4).
      case when g.j = 10 then 5 + m.n % 46
        else 5 + ((hashint4(m.n * 16 + g.j)::bigint & 2147483647) % 400)::int
          * (1 + ((hashint4(-m.n)::bigint & 2147483647) % 4)::int) / 2 end as gross
    from bench.loyalty_members m cross join generate_series(1, ${sql.raw(String(ENTRIES_PER_MEMBER))}) as g(j)
    where m.n between ${from} and ${to}
  ), signed as (
    select b.n, b.customer_id, b.j,
      case when b.j = 8 then -(sum(case when b.j <= 7 then b.gross else 0 end) over (partition by b.n) / 3)
        else b.gross end as amount
    from base b
  ), e as (
    select s.*, sum(s.amount) over (partition by s.n order by s.j)::int as balance_after,
      now() - (700 - 70 * s.j + s.n % 50) * interval '1 day' - (s.n % 86400) * interval '1 second' as created,
      ${idOf(String(epoch), 'e1', '(s.n::bigint - 1) * 10 + s.j')} as id,
      ${idOf(String(epoch), 'c1', '(s.n::bigint - 1) * 10 + s.j')} as cause_id
    from signed s
  ), entries as (
    insert into point_entries (_id, location_id, customer_id, point_entry_kind, point_entry_amount,
      point_entry_balance_after, point_entry_cause, point_entry_cause_id, point_entry_note,
      point_entry_actor, point_entry_idempotency_key, created_at)
    select e.id, ${locationId}, e.customer_id,
      case e.j when 8 then 'burn' when 10 then 'adjust' else 'earn' end,
      e.amount, e.balance_after,
      case e.j when 8 then 'gift_redemption' when 10 then 'adjustment' else 'receipt' end,
      case when e.j = 10 then null else e.cause_id end,
      case e.j when 8 then ${BALANCE_GIFT.title} when 10 then 'Önceki sadakat sisteminden devreden puan' end,
      case e.j when 8 then 'customer' else 'system' end,
      case e.j when 8 then 'gift:' || e.cause_id when 10 then 'adjust:' || e.id
        else 'receipt:' || e.cause_id || ':earn' end,
      e.created
    from e
  ), sums as (
    select e.customer_id, sum(e.amount)::int as balance,
      sum(case when e.j = 8 then 0 else e.amount end)::int as tier_points,
      sum(case when e.j in (8, 10) then 0 else e.amount end)::int as earned,
      max(e.created) as last_at
    from e group by e.n, e.customer_id
  )
  insert into point_balances (customer_id, location_id, point_balance, point_tier_points,
    point_earned_total, loyalty_tier_id, point_last_entry_at)
  select s.customer_id, ${locationId}, s.balance, s.tier_points, s.earned,
    (select t._id from ${loyaltyTiers} t where t.location_id = ${locationId}
      and t.loyalty_tier_min_points <= s.tier_points
      order by t.loyalty_tier_min_points desc, t.loyalty_tier_priority asc limit 1),
    s.last_at
  from sums s`;

/**
 * Pending receipts (the review queue the approval benchmark works through), `count` more, from the
 * members at the mall's active stores, above every point provider's minimum amount.
 */
export const addPendingReceipts = async (
  db: Database,
  locationId: string,
  members: number,
  count: number,
) => {
  const shops = (
    await rowsOf<{ _id: string }>(
      db,
      sql`select _id from ${stores} where location_id = ${locationId} and store_is_active order by _id`,
    )
  ).map((row) => row._id);
  if (shops.length === 0) throw new Error('the bench mall has no active store');
  const epoch = Math.floor(Date.now() / 1000);
  const shopArray = sql.raw(`array[${shops.map((id) => `'${id}'`).join(',')}]::varchar[]`);
  await db.execute(sql`
    insert into receipts (_id, location_id, customer_id, store_id, receipt_no, receipt_no_key,
      receipt_amount, currency, receipt_date, receipt_day, receipt_status, receipt_photo,
      receipt_photo_type, receipt_photo_hash, receipt_source, send_sms, receipt_language, created_at,
      updated_at)
    select r.id, ${locationId}, m.customer_id, (${shopArray})[1 + r.g % ${shops.length}],
      'B' || ${epoch}::text || '-' || r.g::text, 'B' || ${epoch}::text || '-' || r.g::text,
      (400 + (r.g::bigint * 7919) % 250000 / 100.0)::numeric(12, 2), 'TRY', r.at,
      (r.at at time zone 'Europe/Istanbul')::date, 'pending', 'bench/receipt.jpg', 'jpg',
      md5(r.id) || md5('photo' || r.id), 'micro_site', false, 'tr', r.at + interval '5 minutes',
      r.at + interval '5 minutes'
    from (
      select g, ${idOf(String(epoch), 'f1', 'g')} as id, now() - (1 + g % 72) * interval '1 hour' as at
      from generate_series(1, ${count}) as g
    ) r
    join bench.loyalty_members m on m.n = 1 + (r.g::bigint * 7919) % ${members}`);
};

/**
 * The loyalty data of the bench mall, set-wise in SQL: `members` of its customers (in id order) with
 * ENTRIES_PER_MEMBER ledger entries each and their balance rows, three tiers, the mall's stores and
 * point providers (the demo's), the burn benchmark's two gifts and 50,000 pending receipts. The
 * ledger's and balances' secondary indexes are dropped first and built again after (one sort per
 * index beats ten million insertions); foreign keys and triggers do not fire row by row (replica
 * mode: the customers and the mall are known to exist); then VACUUM ANALYZE.
 */
export const generateLoyalty = async (
  db: Database,
  options: { locationId: string; members: number; log: (line: string) => void },
) => {
  const { locationId, members, log } = options;
  await emptyLoyalty(db);
  const [shop] = await rowsOf(db, sql`select 1 from ${stores} where location_id = ${locationId} limit 1`);
  if (!shop) {
    await seedDemoStores(db, locationId, 1);
    await seedDemoPointProviders(db, locationId, 1);
  }
  await db.insert(loyaltyTiers).values(
    TIERS.map((tier) => ({
      location_id: locationId,
      loyalty_tier_title: tier.title,
      loyalty_tier_title_en: tier.en,
      loyalty_tier_min_points: tier.min,
      loyalty_tier_point_multiplier: tier.multiplier,
      loyalty_tier_priority: tier.priority,
    })),
  );
  await db.execute(sql`drop table if exists bench.loyalty_members`);
  await db.execute(sql`
    create table bench.loyalty_members as
    select (row_number() over (order by _id))::int as n, _id as customer_id from customers
    where location_id = ${locationId} and customer_deleted_at is null order by _id limit ${members}`);
  await db.execute(sql`alter table bench.loyalty_members add primary key (n)`);
  const indexes = [
    ...(await secondaryIndexes(db, 'point_entries')),
    ...(await secondaryIndexes(db, 'point_balances')),
  ];
  for (const index of indexes) await db.execute(sql.raw(`drop index ${index.indexname}`));
  const epoch = Math.floor(Date.now() / 1000);
  for (let from = 1; from <= members; from += CHUNK) {
    const to = Math.min(members, from + CHUNK - 1);
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`set local work_mem = '256MB'`);
      await tx.execute(insertChunk(locationId, epoch, from, to));
    });
    log(`  ${(to * ENTRIES_PER_MEMBER).toLocaleString('en')} entries, ${to.toLocaleString('en')} balances`);
  }
  for (const index of indexes) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local maintenance_work_mem = '512MB'`);
      await tx.execute(sql.raw(index.indexdef));
    });
    log(`  index ${index.indexname} built`);
  }
  for (const gift of [
    { ...BALANCE_GIFT, stock: 1_000_000, sendType: 'by_hand' },
    { ...STOCK_GIFT, sendType: 'by_hand' },
  ])
    await db.execute(sql`
      insert into loyalty_gifts (_id, location_id, loyalty_gift_title, loyalty_gift_title_key,
        loyalty_gift_point_quantity, loyalty_gift_stock_quantity, loyalty_gift_send_type)
      values (${idOf(String(epoch), gift.points === STOCK_GIFT.points ? 'a2' : 'a1', '1')}, ${locationId},
        ${gift.title}, ${nameKey(gift.title)}, ${gift.points}, ${gift.stock}, ${gift.sendType})`);
  await addPendingReceipts(db, locationId, members, 50_000);
  log('  gifts and 50,000 pending receipts added');
  for (const table of ['point_entries', 'point_balances', 'receipts'])
    await db.execute(sql.raw(`vacuum analyze ${table}`));
};
