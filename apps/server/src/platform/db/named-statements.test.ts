import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { onServer, postgresUrl, withDatabaseName } from '../../../test/database';
import { namingClient, StatementNames } from './named-statements';

describe('statement names', () => {
  it('name a text on its third run, the same name ever after, and no more texts than the cap', () => {
    const names = new StatementNames(2, 2);
    expect(names.nameOf('select $1')).toBeUndefined();
    expect(names.nameOf('select $1')).toBeUndefined();
    const name = names.nameOf('select $1');
    expect(name).toMatch(/^avlu_\d+$/);
    expect(names.nameOf('select $1')).toBe(name);
    for (let run = 0; run < 3; run++) names.nameOf('select $1 + 1');
    expect(names.size).toBe(2);
    for (let run = 0; run < 5; run++) expect(names.nameOf('select $1 + 2')).toBeUndefined();
    expect(new Set([name, names.nameOf('select $1 + 1')]).size).toBe(2);
  });
});

/**
 * On PostgreSQL a named statement is parsed and planned once per connection. One connection, so what
 * it has prepared (`pg_prepared_statements`, which lists protocol-level statements too) is visible.
 */
describe.runIf(process.env.TEST_ENGINE === 'postgres')('a pool of naming clients', () => {
  const database = `avlu_named_${process.pid}`;
  let writes = 0;
  const withPool = async (use: (pool: pg.Pool) => Promise<void>) => {
    await onServer(`drop database if exists ${database} with (force)`);
    await onServer(`create database ${database}`);
    const pool = new pg.Pool({
      connectionString: withDatabaseName(postgresUrl(), database),
      max: 1,
      Client: namingClient(new StatementNames(), () => {
        writes++;
      }),
    });
    try {
      await use(pool);
    } finally {
      await pool.end();
      await onServer(`drop database if exists ${database} with (force)`);
    }
  };
  const prepared = async (pool: pg.Pool) =>
    (await pool.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map(
      (row) => row.statement,
    );

  it('prepare a repeated statement with parameters once, and leave statements without parameters as sent', async () => {
    await withPool(async (pool) => {
      const text = 'select $1::int + 1 as next';
      for (let run = 1; run <= 4; run++) {
        const { rows } = await pool.query(text, [run]);
        expect(rows).toEqual([{ next: run + 1 }]);
        // As drizzle sends it: a config object, the values beside it.
        expect((await pool.query({ text: 'select $1::text as word', rowMode: 'array' }, ['a'])).rows).toEqual(
          [['a']],
        );
      }
      expect(await prepared(pool)).toEqual(expect.arrayContaining([text, 'select $1::text as word']));
      // Several commands in one text (a migration, a transaction's start) use the simple protocol.
      await pool.query('create table t (n int); insert into t values (1)');
      await pool.query('create table t2 (n int); insert into t2 values (2)');
      await pool.query('create table t3 (n int); insert into t3 values (3)');
      expect(await prepared(pool)).toHaveLength(2);
      // A named statement that fails, and one in a rolled-back transaction, leave the connection usable.
      for (let run = 0; run < 3; run++)
        await expect(pool.query('select 1 / $1::int', [0])).rejects.toThrow(/division by zero/);
      const client = await pool.connect();
      try {
        await client.query('begin');
        for (let run = 0; run < 3; run++) await client.query('insert into t values ($1)', [run]);
        await client.query('rollback');
      } finally {
        client.release();
      }
      expect((await pool.query('select count(*)::int as n from t where n >= $1', [0])).rows).toEqual([
        { n: 1 },
      ]);
      expect((await pool.query('select $1::int + 1 as next', [9])).rows).toEqual([{ next: 10 }]);
    });
  });

  it('count every statement that may write, and no select', async () => {
    await withPool(async (pool) => {
      await pool.query('create table counted (n int)');
      const before = writes;
      await pool.query('select $1::int as n', [1]);
      await pool.query({ text: 'SELECT count(*) from counted', rowMode: 'array' });
      await pool.query('  select n from counted where n = $1', [1]);
      expect(writes).toBe(before);
      await pool.query('insert into counted values ($1)', [1]);
      await pool.query({ text: 'update counted set n = $1', values: [2] });
      await pool.query('with gone as (delete from counted returning n) select count(*) from gone');
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query('commit');
      } finally {
        client.release();
      }
      expect(writes).toBe(before + 5);
    });
  });
});
