import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/platform/db/database';
import {
  emailHosts,
  femaleNames,
  frequencies,
  maleNames,
  mobilePrefixes,
  type Place,
  places,
  surnames,
} from './data';

/** Rows per INSERT … SELECT: one statement and transaction each, so progress shows and memory stays small. */
const CHUNK = 100_000;
const TURKISH = 'İIıŞşĞğÜüÖöÇç';
const ASCII = 'iiissgguuoocc';

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;
const textArray = (values: readonly string[]) => sql.raw(`array[${values.map(quote).join(',')}]::text[]`);
/** A random element of an SQL array literal of `length` elements, from the random column `r`. */
const pick = (array: SQL, length: number, r: string) =>
  sql`(${array})[1 + floor(${sql.raw(r)} * ${length})::int]`;

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(db: Database, query: SQL) => ((await db.execute(query)) as unknown as Rows<T>).rows;

/** The places table the generator joins on: real provinces, districts and neighbourhoods, numbered from 0. */
const loadPlaces = async (db: Database, list: readonly Place[]) => {
  await db.execute(sql`create schema if not exists bench`);
  await db.execute(sql`drop table if exists bench.places`);
  await db.execute(
    sql`create table bench.places (n int primary key, province text not null, district text not null, locality text not null, plate text not null)`,
  );
  for (let start = 0; start < list.length; start += 500) {
    const values = list
      .slice(start, start + 500)
      .map(
        (place, offset) =>
          sql`(${start + offset}, ${place.province}, ${place.district}, ${place.locality}, ${place.plate})`,
      );
    await db.execute(sql`insert into bench.places values ${sql.join(values, sql`, `)}`);
  }
};

/**
 * Customers `from`..`to` (1-based) of one mall as one INSERT … SELECT over generate_series. Every
 * random draw is a column of the innermost select, so each row draws once per column; the phone is
 * a bijection of the row number (see data.ts generatedPhone), so numbers never collide.
 */
const insertChunk = (
  locationId: string,
  channelIds: readonly string[],
  placeCount: number,
  total: number,
  from: number,
  to: number,
) => {
  const female = textArray(femaleNames);
  const male = textArray(maleNames);
  const anyName = textArray([...femaleNames, ...maleNames]);
  const channels = textArray(channelIds);
  return sql`
    insert into customers (
      _id, location_id, customer_phone, customer_name, customer_surname, customer_email, customer_gender,
      customer_birthdate, customer_address, customer_province, customer_district, customer_locality,
      customer_number_of_children, customer_frequency, customer_is_developer, customer_vehicle_plate,
      customer_is_parent, channel_id,
      customer_sms_permission, customer_sms_permission_date, customer_email_permission, customer_email_permission_date,
      customer_call_permission, customer_call_permission_date, customer_kvkk_permission, customer_kvkk_permission_date,
      created_at, updated_at)
    select
      lpad(to_hex(extract(epoch from s.created)::bigint), 8, '0') || 'b3' || lpad(to_hex(s.i), 14, '0'),
      ${locationId},
      '+90' || (${textArray(mobilePrefixes)})[1 + s.i % ${mobilePrefixes.length}]
        || lpad(((s.i::bigint * 7919 + 1234567) % 10000000)::text, 7, '0'),
      s.name,
      s.surname,
      case when s.r_email < 0.6 then
        lower(translate(s.name || '.' || s.surname, ${TURKISH}, ${ASCII})) || (s.i % 1000)::text || '@'
          || ${pick(textArray(emailHosts), emailHosts.length, 's.r_host')}
      end,
      s.gender,
      case when s.r_birth < 0.97 then date '1950-01-01' + floor(s.r_birth_day * 20800)::int end,
      case when s.r_address < 0.4 then p.locality || ', ' || (1 + s.i % 120)::text || '. Sokak No: ' || (1 + s.i % 60)::text end,
      p.province,
      p.district,
      p.locality,
      s.children,
      ${pick(textArray(frequencies), frequencies.length, 's.r_frequency')},
      s.r_developer < 0.001,
      case when s.r_plate < 0.35 then
        p.plate || chr(65 + floor(s.r_letter1 * 26)::int) || chr(65 + floor(s.r_letter2 * 26)::int) || (100 + s.i % 900)::text
      end,
      s.children > 0,
      case when s.r_channel < 0.85 and ${channelIds.length} > 0 then ${pick(channels, channelIds.length, 's.r_channel_pick')} end,
      s.sms, case when s.sms then s.created + interval '2 minutes' end,
      s.email, case when s.email then s.created + interval '2 minutes' end,
      s.call, case when s.call then s.created + interval '2 minutes' end,
      s.kvkk, case when s.kvkk then s.created + interval '1 minute' end,
      s.created,
      s.created
    from (
      select t.*,
        case t.gender
          when 'female' then ${pick(female, femaleNames.length, 't.r_name')}
          when 'male' then ${pick(male, maleNames.length, 't.r_name')}
          else ${pick(anyName, femaleNames.length + maleNames.length, 't.r_name')}
        end as name,
        -- Common surnames are more common: the list is in order of frequency.
        (${textArray(surnames)})[1 + floor(power(t.r_surname, 1.7) * ${surnames.length})::int] as surname,
        floor(power(t.r_children, 2) * 4)::int as children,
        t.r_sms < 0.62 as sms, t.r_email_consent < 0.45 as email, t.r_call < 0.3 as call, t.r_kvkk < 0.97 as kvkk,
        -- Registered over three years, more of them lately, in row order as a live table fills up.
        now() - power(1 - t.i::float8 / ${total}, 1.3) * interval '1095 days' - t.r_created * interval '1 minute' as created
      from (
        select g.i,
          case when random() < 0.49 then 'female' when random() < 0.95 then 'male' else 'unknown' end as gender,
          random() as r_name, random() as r_surname, random() as r_email, random() as r_host,
          random() as r_birth, random() as r_birth_day, random() as r_address, random() as r_children,
          random() as r_frequency, random() as r_developer, random() as r_plate, random() as r_letter1,
          random() as r_letter2, random() as r_channel, random() as r_channel_pick, random() as r_sms,
          random() as r_email_consent, random() as r_call, random() as r_kvkk, random() as r_created,
          floor(random() * ${placeCount})::int as place
        from generate_series(${from}::int, ${to}::int) as g(i)
      ) t
    ) s
    join bench.places p on p.n = s.place`;
};

/**
 * Fills one mall with `total` customers, set-based in SQL. The customers table's secondary indexes
 * are dropped first and built again from their own definitions afterwards (one sort per index beats
 * a million index insertions), and foreign keys are not checked row by row (the mall and channels
 * are known to exist), nor do the triggers that keep customer_facts fire, so it is filled in one
 * statement at the end; then VACUUM ANALYZE sets the visibility map and the planner's statistics.
 */
export const generateCustomers = async (
  db: Database,
  options: { locationId: string; channelIds: readonly string[]; total: number; log: (line: string) => void },
) => {
  const list = places();
  await loadPlaces(db, list);
  const indexes = await rowsOf<{ indexname: string; indexdef: string }>(
    db,
    sql`select indexname, indexdef from pg_indexes
        where schemaname = 'public' and tablename = 'customers' and indexname <> 'customers_pkey'`,
  );
  for (const index of indexes) await db.execute(sql.raw(`drop index ${index.indexname}`));
  for (let from = 1; from <= options.total; from += CHUNK) {
    const to = Math.min(options.total, from + CHUNK - 1);
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(
        insertChunk(options.locationId, options.channelIds, list.length, options.total, from, to),
      );
    });
    options.log(`  ${to.toLocaleString('en')} customers inserted`);
  }
  for (const index of indexes) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
      await tx.execute(sql.raw(index.indexdef));
    });
    options.log(`  index ${index.indexname} built`);
  }
  // Triggers keep customer_facts, but replica mode above skipped them: fill it from its definition.
  await db.execute(sql`insert into customer_facts select * from customer_facts_source`);
  options.log('  customer_facts filled');
  await db.execute(sql`vacuum analyze customers`);
  await db.execute(sql`vacuum analyze customer_facts`);
};
