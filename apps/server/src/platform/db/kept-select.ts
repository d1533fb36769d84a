import { Column, is, SQL, sql } from 'drizzle-orm';
import { PgDialect, type SelectedFields } from 'drizzle-orm/pg-core';
import type { Database } from './database';

/**
 * Selects whose statement text is built once per shape and whose rows are read without drizzle's
 * general mapper.
 *
 * drizzle builds a select anew for every call (walking every column of the selection) and maps each
 * row through a mapper that asks every cell what kind of field it came from. For a list page of forty
 * columns that was a third of the request's CPU. A caller names the shape of its statement (what
 * changes its text: the filter's text, the sort, whether there is an offset) and gives the parameters
 * it expects, in statement order. The first call of a shape builds the statement with drizzle and
 * keeps its text only if its parameters are exactly those: a wrong guess costs speed, never a wrong
 * answer, since an unproven shape keeps drizzle's way. A selection that is not flat (nested objects,
 * subqueries) keeps drizzle's way too.
 */

type Row = Record<string, unknown>;
type Decoding = { mapFromDriverValue: (value: unknown) => unknown };

/** Decodes one cell as drizzle would: through its column's mapping, or its expression's (`mapWith`). */
const decoderOf = (field: unknown): ((value: unknown) => unknown) | undefined => {
  const decoding: Decoding | undefined = is(field, Column)
    ? field
    : is(field, SQL)
      ? (field as unknown as { decoder: Decoding }).decoder
      : is(field, SQL.Aliased)
        ? (field.sql as unknown as { decoder: Decoding }).decoder
        : undefined;
  return decoding && ((value) => (value === null ? null : decoding.mapFromDriverValue(value)));
};

const readerOf = (fields: SelectedFields) => {
  const keys = Object.keys(fields);
  const decoders = keys.map((key) => decoderOf(fields[key]));
  if (!decoders.every((decoder) => decoder !== undefined)) return undefined;
  return (rows: unknown[][]) =>
    rows.map((cells) => {
      const row: Row = {};
      for (let index = 0; index < keys.length; index++) row[keys[index]!] = decoders[index]!(cells[index]);
      return row;
    });
};

type Kept = { read: ((rows: unknown[][]) => Row[]) | undefined; texts: Map<string, string | null> };
const TEXTS_PER_SELECT = 200;
const kept = new WeakMap<object, Kept>();
const dialect = new PgDialect();

/** The text and parameters of a part of a statement (a where-clause, an order), numbered from $1. */
export const partQuery = (part: SQL | SQL[] | undefined): { sql: string; params: unknown[] } => {
  if (part === undefined) return { sql: '', params: [] };
  return dialect.sqlToQuery(Array.isArray(part) ? sql.join(part, sql`, `) : part);
};

/** What drizzle's select builder is to a kept select: a statement to show, and rows when awaited. */
type Built<Result> = { toSQL(): { sql: string; params: unknown[] } } & PromiseLike<Result[]>;

/**
 * The rows of `build()`, from a statement kept under `owner` and `shape` when its first build proved
 * that `params` are all its parameters. `fields` is the flat selection `build` selects (read once per
 * owner: an owner always selects the same fields).
 */
export const keptSelect = async <Result>(
  db: Database,
  selection: { owner: object; fields: SelectedFields; shape: string; params: unknown[] },
  build: () => Built<Result>,
): Promise<Result[]> => {
  const { owner, fields, shape, params } = selection;
  let entry = kept.get(owner);
  if (!entry) {
    entry = { read: readerOf(fields), texts: new Map() };
    kept.set(owner, entry);
  }
  const { read, texts } = entry;
  if (!read) return build();
  let text = texts.get(shape);
  if (text === undefined) {
    const full = build().toSQL();
    const proven =
      full.params.length === params.length && full.params.every((param, index) => param === params[index]);
    text = proven ? full.sql : null;
    if (texts.size >= TEXTS_PER_SELECT) texts.clear();
    texts.set(shape, text);
  }
  if (text === null) return build();
  const rows = await db._.session
    .prepareQuery<{ execute: Row[]; all: unknown; values: unknown }>(
      { sql: text, params },
      undefined,
      undefined,
      true,
      (cells) => read(cells as unknown[][]),
    )
    .execute();
  return rows as Result[];
};

/** drizzle leaves out an offset of 0: a first page is a statement of its own. */
export const pageParams = (limit: number, offset: number) => (offset > 0 ? [limit, offset] : [limit]);
