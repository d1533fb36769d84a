import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { type DatabaseHandle, openPglite, openPostgres } from '../src/platform/db/database';

/**
 * Test databases, migrated once per run (global-setup.ts) and copied for each test file:
 * PGlite loads a dump of the migrated data directory, PostgreSQL creates a database from a migrated
 * template. The root vitest config picks the engine with TEST_ENGINE.
 */
export const engineOf = (env: Record<string, string | undefined>) =>
  env.TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';

export const postgresUrl = () => {
  const url = process.env.TEST_DATABASE_URL;
  if (!url)
    throw new Error(
      'TEST_ENGINE=postgres needs TEST_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/postgres',
    );
  return url;
};

export const withDatabaseName = (url: string, name: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
};

/** Runs statements on the server's maintenance connection (CREATE and DROP DATABASE). */
export const onServer = async (statement: string) => {
  const client = new pg.Client({ connectionString: postgresUrl() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
};

/**
 * `pool.end()` resolves once the pool has let go of its clients, not once their sockets are closed.
 * Dropping `with (force)` at that moment sends the closing clients a FATAL error nobody listens for
 * any more, an unhandled error that fails the run. So wait for them to go (55006: still in use), and
 * force only as a last resort.
 */
const dropDatabase = async (name: string) => {
  for (let attempt = 0; attempt < 40; attempt++) {
    try {
      await onServer(`drop database if exists ${name}`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006') throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  await onServer(`drop database if exists ${name} with (force)`);
};

/**
 * A migrated, empty database of the run's engine for one test file or test. Its `close` also drops
 * a PostgreSQL copy. `source` is what global-setup provided: the PGlite dump file or the template name.
 */
export const openTestDatabase = async (source: string): Promise<DatabaseHandle> => {
  if (engineOf(process.env) === 'pglite')
    return openPglite({ loadDataDir: new Blob([await readFile(source)]) });
  const name = `avlu_test_${randomBytes(6).toString('hex')}`;
  await onServer(`create database ${name} template ${source}`);
  const handle = await openPostgres(withDatabaseName(postgresUrl(), name));
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await dropDatabase(name);
    },
  };
};
