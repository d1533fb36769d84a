import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

export type BulkColumn =
  | { column: PgColumn; values: readonly unknown[] }
  | { column: PgColumn; value: unknown };

/**
 * `insert into <table> (…) select …, unnest(…)`: many rows with one parameter per column (an array,
 * or one value for every row), where a multi-row VALUES list takes one per cell. Building and planning
 * stay flat with the row count: drizzle's `.values()` of 1,000 rows costs about a second to build,
 * this a few milliseconds. Values go as the driver sends them (Dates as ISO strings are safest);
 * each array is cast to its column's type. Append `on conflict …` and `returning …` to the answer.
 */
export const bulkInsert = (table: PgTable, columns: readonly BulkColumn[]): SQL => {
  const names = sql.join(
    columns.map(({ column }) => sql.identifier(column.name)),
    sql`, `,
  );
  const arrays = columns.filter((entry) => 'values' in entry);
  const selected = sql.join(
    columns.map((entry) =>
      'values' in entry
        ? sql.identifier(`c${arrays.indexOf(entry)}`)
        : sql`${sql.param(entry.value)}::${sql.raw(entry.column.getSQLType())}`,
    ),
    sql`, `,
  );
  const unnest = sql.join(
    arrays.map((entry) => sql`${sql.param(entry.values)}::${sql.raw(entry.column.getSQLType())}[]`),
    sql`, `,
  );
  const aliases = sql.join(
    arrays.map((_, index) => sql.identifier(`c${index}`)),
    sql`, `,
  );
  return sql`insert into ${table} (${names}) select ${selected} from unnest(${unnest}) as rows(${aliases})`;
};
