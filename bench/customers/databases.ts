import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { and, count, eq, like, sql } from 'drizzle-orm';
import { prepareFirstStart } from '../../apps/server/src/db/first-start';
import { seedDemoChannels } from '../../apps/server/src/modules/channels/channels.demo';
import { channels } from '../../apps/server/src/modules/channels/channels.tables';
import { customers } from '../../apps/server/src/modules/customers/customers.tables';
import { createLocation } from '../../apps/server/src/modules/locations/locations.service';
import { locations } from '../../apps/server/src/modules/locations/locations.tables';
import { type DatabaseHandle, openPglite, openPostgres } from '../../apps/server/src/platform/db/database';
import { migrationsDir } from '../../apps/server/src/platform/paths';
import { benchConfig } from '../lib/app';
import { onServer } from '../lib/engines';
import { timed } from '../lib/timing';
import { IMPORT_PREFIX } from './data';
import { generateCustomers } from './generate';

export const BENCH_CUSTOMERS = 1_000_000;
export const BENCH_MALL = 'Avlu Bench AVM (1M)';
/** Generated data lives here, outside git (.gitignore): the PGlite data dir and the import file. */
export const benchDir = path.resolve(import.meta.dirname, '../../.bench');
/** `BENCH_DATABASE_NAME` gives a run a database of its own (several benches beside each other). */
const BENCH_DB = process.env.BENCH_DATABASE_NAME ?? 'avlu_bench';

/** Where one engine's million customers are kept between runs; plain data so a child process can open it. */
export type BenchTarget = { engine: 'pglite'; dataDir: string } | { engine: 'postgres'; url: string };

export const openTarget = (target: BenchTarget): Promise<DatabaseHandle> =>
  target.engine === 'pglite' ? openPglite({ dataDir: target.dataDir }) : openPostgres(target.url);

/** PGlite always; PostgreSQL (database avlu_bench on that server) when BENCH_DATABASE_URL or TEST_DATABASE_URL is set. */
export const benchTargets = (): { target: BenchTarget; serverUrl?: string }[] => {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const list: { target: BenchTarget; serverUrl?: string }[] = [];
  if (url) {
    const target = new URL(url);
    target.pathname = `/${BENCH_DB}`;
    list.push({ target: { engine: 'postgres', url: target.toString() }, serverUrl: url });
  }
  list.push({ target: { engine: 'pglite', dataDir: path.join(benchDir, 'pglite') } });
  return list;
};

/** The checked-in migrations' fingerprint: a database made from other migrations is made again. */
export const migrationsFingerprint = async () => {
  const hash = createHash('sha256');
  const walk = async (dir: string) => {
    for (const entry of (await readdir(dir, { withFileTypes: true })).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(file);
      else hash.update(entry.name).update(await readFile(file));
    }
  };
  await walk(migrationsDir);
  return hash.digest('hex');
};

/** The bench's own notes, in a schema of its own beside the app's tables. */
const readMeta = async (handle: DatabaseHandle, key: string) => {
  await handle.db.execute(sql`create schema if not exists bench`);
  await handle.db.execute(
    sql`create table if not exists bench.meta (key text primary key, value text not null)`,
  );
  const result = (await handle.db.execute(
    sql`select value from bench.meta where key = ${key}`,
  )) as unknown as {
    rows: { value: string }[];
  };
  return result.rows[0]?.value;
};

const writeMeta = async (handle: DatabaseHandle, key: string, value: string) => {
  await readMeta(handle, key);
  await handle.db.execute(
    sql`insert into bench.meta values (${key}, ${value}) on conflict (key) do update set value = excluded.value`,
  );
};

/** An empty database: PGlite's folder removed, or avlu_bench dropped and created again. */
const wipe = async (target: BenchTarget, serverUrl: string | undefined) => {
  if (target.engine === 'pglite') {
    await rm(target.dataDir, { recursive: true, force: true });
    await mkdir(target.dataDir, { recursive: true });
  } else {
    await onServer(serverUrl!, `drop database if exists ${BENCH_DB} with (force)`);
    await onServer(serverUrl!, `create database ${BENCH_DB}`);
  }
};

const ensureExists = async (target: BenchTarget, serverUrl: string | undefined) => {
  if (target.engine === 'pglite') await mkdir(target.dataDir, { recursive: true });
  else if (
    (await onServer(serverUrl!, `select 1 from pg_database where datname = '${BENCH_DB}'`)).rowCount === 0
  )
    await onServer(serverUrl!, `create database ${BENCH_DB}`);
};

/** The bench mall's id and its channels; created on a new database. */
const benchMall = async (handle: DatabaseHandle) => {
  const { db } = handle;
  let [mall] = await db
    .select({ _id: locations._id })
    .from(locations)
    .where(eq(locations.location_name, BENCH_MALL));
  if (!mall) {
    mall = await createLocation(db, {
      location_name: BENCH_MALL,
      location_meta: { timezone: 'Europe/Istanbul' },
      location_logo: { thumbnail: null },
      hasMobileApp: false,
    });
    await seedDemoChannels(db, [mall._id]);
  }
  // The system admin (bench-password) signs in to every mall.
  await prepareFirstStart(
    db,
    { ...benchConfig(), demoData: false },
    { save: () => Promise.reject(new Error('no demo files')) },
  );
  const channelIds = (
    await db.select({ _id: channels._id }).from(channels).where(eq(channels.location_id, mall._id))
  ).map((row) => row._id);
  return { locationId: mall._id, channelIds };
};

/** Customers the import benchmark added (their numbers use the import prefix): removed so each run starts alike. */
export const removeImported = async (handle: DatabaseHandle, locationId: string) => {
  await handle.db
    .delete(customers)
    .where(
      and(eq(customers.location_id, locationId), like(customers.customer_phone, `+90${IMPORT_PREFIX}%`)),
    );
  await handle.db.execute(sql`vacuum analyze customers`);
};

export type Prepared = { locationId: string; generation: string };

/**
 * The engine's bench database with exactly BENCH_CUSTOMERS customers in the bench mall, migrated by
 * the server's own migration code. Generated once; a later run finds the count and skips it. A
 * database made from other migrations (the schema changed) is made again.
 */
export const prepareTarget = async (
  target: BenchTarget,
  serverUrl: string | undefined,
  log: (line: string) => void,
): Promise<Prepared> => {
  await ensureExists(target, serverUrl);
  let handle = await openTarget(target);
  try {
    const fingerprint = await migrationsFingerprint();
    if ((await readMeta(handle, 'migrations')) !== fingerprint) {
      log(`${target.engine}: new bench database (migrations changed or first run)`);
      await handle.close();
      await wipe(target, serverUrl);
      handle = await openTarget(target);
      await handle.migrate();
      await writeMeta(handle, 'migrations', fingerprint);
    } else await handle.migrate();
    const { locationId, channelIds } = await benchMall(handle);
    const countIn = async () =>
      (await handle.db.select({ n: count() }).from(customers).where(eq(customers.location_id, locationId)))[0]
        ?.n ?? 0;
    if ((await countIn()) > BENCH_CUSTOMERS) await removeImported(handle, locationId);
    const existing = await countIn();
    if (existing === BENCH_CUSTOMERS)
      return {
        locationId,
        generation: `reused; an earlier run made it in ${(await readMeta(handle, 'generation')) ?? '(not recorded)'}`,
      };
    if (existing > 0) await handle.db.delete(customers).where(eq(customers.location_id, locationId));
    log(`${target.engine}: generating ${BENCH_CUSTOMERS.toLocaleString('en')} customers…`);
    const [ms] = await timed(() =>
      generateCustomers(handle.db, { locationId, channelIds, total: BENCH_CUSTOMERS, log }),
    );
    const generation = `${(ms / 1000).toFixed(1)} s (insert, indexes, vacuum analyze)`;
    await writeMeta(handle, 'generation', generation);
    return { locationId, generation };
  } finally {
    await handle.close();
  }
};
