import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type DatabaseHandle, openPglite, openPostgres } from '../../apps/server/src/platform/db/database';

export type BenchEngine = {
  name: 'pglite' | 'postgres';
  /** A new empty database, as on a first start; `close` removes it. */
  open: () => Promise<DatabaseHandle>;
};

const pglite: BenchEngine = {
  name: 'pglite',
  open: async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'avlu-bench-'));
    const handle = await openPglite({ dataDir: dir });
    return {
      ...handle,
      close: async () => {
        await handle.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  },
};

/** One statement on a PostgreSQL server by a connection of its own (creating and dropping databases). */
export const onServer = async (url: string, statement: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
};

const postgres = (url: string): BenchEngine => ({
  name: 'postgres',
  open: async () => {
    const name = `avlu_bench_${process.pid}_${Date.now()}`;
    await onServer(url, `create database ${name}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    const handle = await openPostgres(target.toString());
    return {
      ...handle,
      close: async () => {
        await handle.close();
        await onServer(url, `drop database if exists ${name} with (force)`);
      },
    };
  },
});

/** The embedded engine always; PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL names a server. */
export const benchEngines = (): BenchEngine[] => {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  return url ? [pglite, postgres(url)] : [pglite];
};
