import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Logger as QueryLogger } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Logger } from 'pino';
import * as schema from '../../db/schema';
import type { Config } from '../config';
import { migrationsDir } from '../paths';
import { lockDataDir } from './data-dir-lock';
import { namingClient, StatementNames } from './named-statements';
import { type Notices, pgliteNotices, postgresNotices } from './notices';
import { retryWithBackoff } from './retry';

/** The one database type of every service: the same queries run on PGlite and on node-postgres. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The rows of a `db.execute(sql`…`)` answer, as the caller types them (both drivers answer `{ rows }`). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export type Engine = 'pglite' | 'postgres';

/** What pg-boss needs to run its SQL on our connection (its `db` option). */
export type SqlExecutor = { executeSql: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }> };

export type DatabaseHandle = {
  db: Database;
  engine: Engine;
  queue: SqlExecutor;
  /** NOTIFY as every process on this database hears it (caches kept fresh across processes). */
  notices: Notices;
  /** Applies the checked-in migrations that are not applied yet. */
  migrate: () => Promise<void>;
  close: () => Promise<void>;
};

export const pgliteExtensions = { pg_trgm };

/** Hears every query the services send, with its parameters (the throughput benchmark replays them). */
export type { QueryLogger };

export const pgliteHandle = (lite: PGlite, queryLogger?: QueryLogger): DatabaseHandle => {
  const db = drizzlePglite(lite, { schema, logger: queryLogger });
  const notices = pgliteNotices(lite);
  return {
    db,
    engine: 'pglite',
    queue: {
      // pg-boss sends multi-statement scripts without parameters; only exec() runs those on PGlite.
      executeSql: async (text, values) => {
        if (values?.length) return lite.query(text, values);
        const results = await lite.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      },
    },
    notices,
    migrate: () => migratePglite(db, { migrationsFolder: migrationsDir }),
    close: async () => {
      await notices.close();
      await lite.close();
    },
  };
};

/**
 * Whether `db` is the embedded engine, whose one connection every request shares: long work sizes
 * its transactions to stay short there (see the coupon generation), and may take bigger bites on
 * PostgreSQL, where other requests have other connections.
 */
export const isEmbedded = (db: Database): boolean =>
  (db as unknown as { $client?: unknown }).$client instanceof PGlite;

export const openPglite = async (
  options: Omit<PGliteOptions, 'extensions'> = {},
  queryLogger?: QueryLogger,
): Promise<DatabaseHandle> =>
  pgliteHandle(await PGlite.create({ ...options, extensions: pgliteExtensions }), queryLogger);

/** Any number is fine while all instances agree: it serialises migrations of instances started together. */
const MIGRATION_LOCK = 4_116_020_251;

export type PostgresOptions = {
  logger?: Logger;
  /** How long to keep retrying the first connection (with back-off) before giving up; 0 tries once. */
  startTimeoutMs?: number;
  queryLogger?: QueryLogger;
};

/** A query waits at most this long for a connection, so requests fail (503) instead of hanging on a lost server. */
const CONNECT_TIMEOUT_MS = 5_000;

export const openPostgres = async (
  connectionString: string,
  { logger, startTimeoutMs = 0, queryLogger }: PostgresOptions = {},
): Promise<DatabaseHandle> => {
  let writesSent = 0;
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    Client: namingClient(new StatementNames(), () => {
      writesSent++;
    }),
  });
  // A backend that ends (a database restart, a failover, a proxy's idle timeout, pg_terminate_backend)
  // makes its client emit 'error'; an EventEmitter error nobody listens to ends the process. The pool
  // drops that client and opens a new one for the next query, so hearing it is all reconnecting takes.
  // Idle clients report through the pool; a checked-out one also fails its caller's query.
  pool.on('error', (error) =>
    logger?.warn({ err: error }, 'database connection lost; reconnecting on next use'),
  );
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  try {
    await retryWithBackoff(() => pool.query('select 1'), {
      timeoutMs: startTimeoutMs,
      onRetry: (error, attempt, delayMs) =>
        logger?.warn(
          { err: error, attempt, retryInMs: delayMs },
          'database not reachable yet; retrying the first connection',
        ),
    });
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
  const db = drizzlePostgres(pool, { schema, logger: queryLogger });
  const notices = postgresNotices(
    connectionString,
    (channel, payload) => pool.query('select pg_notify($1, $2)', [channel, payload]),
    () => writesSent,
    logger,
  );
  const migrate = async () => {
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migratePostgres(db, { migrationsFolder: migrationsDir });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
      client.release();
    }
  };
  return {
    db,
    engine: 'postgres',
    queue: { executeSql: (text, values) => pool.query(text, values) },
    notices,
    migrate,
    close: async () => {
      await notices.close();
      await pool.end();
    },
  };
};

/** The configured database: PostgreSQL when DATABASE_URL is set, else PGlite stored under DATA_DIR/pglite. */
export const openDatabase = async (config: Config, logger?: Logger): Promise<DatabaseHandle> => {
  if (config.databaseUrl)
    return openPostgres(config.databaseUrl, {
      logger,
      startTimeoutMs: config.databaseStartTimeoutSeconds * 1000,
    });
  const dataDir = path.join(config.dataDir, 'pglite');
  await mkdir(dataDir, { recursive: true });
  const unlock = await lockDataDir(config.dataDir);
  try {
    const handle = await openPglite({ dataDir });
    return { ...handle, close: () => handle.close().finally(unlock) };
  } catch (error) {
    await unlock();
    throw error;
  }
};
