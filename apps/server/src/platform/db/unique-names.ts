import { and, eq, ne, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { AppError } from '../errors';
import type { Database } from './database';

/**
 * Names people pick records by (a mall, a role, a channel, a channel tag) are unique within their
 * scope, compared as a person reads them (issue 12 #7): letter case aside, the Turkish İ/I/ı/i as one
 * letter, compatibility forms (NFKC), invisible format characters and extra spaces ignored. Both
 * engines compare in the C collation and cannot fold that, so each such table stores this key
 * beside the name, computed here, under a unique index: two concurrent creates cannot both pass.
 */
export const nameKey = (name: string): string =>
  name
    .normalize('NFKC')
    .replace(/\p{Cf}/gu, '')
    .replace(/\s+/gu, ' ')
    .trim()
    .toLocaleLowerCase('tr')
    .replace(/ı/g, 'i');

/** 409 NAME_TAKEN naming the fields whose name another record already has. */
export const nameTaken = (fields: readonly string[]) =>
  new AppError('NAME_TAKEN', 409, {
    fields: Object.fromEntries(fields.map((field) => [field, 'nameTaken'])),
  });

export type UniqueName = {
  /** The stored key column (`nameKey` of the name). */
  key: PgColumn;
  /** The name about to be stored. */
  name: string;
  /** The request field it came in, named by the 409. */
  field: string;
};

/**
 * Answers 409 naming every field whose name another row of `table` already has, among the rows of
 * `scope` (a mall's, or all) other than `except` (the row being updated). Call it in the write's
 * transaction, before the write; the unique index settles a race (`rethrowNameTaken`).
 */
export const assertNamesFree = async (
  db: Database,
  table: PgTable,
  id: PgColumn,
  names: readonly UniqueName[],
  options: { scope?: SQL | undefined; except?: string | undefined } = {},
) => {
  const taken: string[] = [];
  for (const { key, name, field } of names) {
    const [row] = await db
      .select({ id })
      .from(table)
      .where(and(options.scope, eq(key, nameKey(name)), options.except ? ne(id, options.except) : undefined))
      .limit(1);
    if (row && !taken.includes(field)) taken.push(field);
  }
  if (taken.length > 0) throw nameTaken(taken);
};

/** The unique index a write violated, as node-postgres and PGlite report it (drizzle wraps it in `cause`). */
export const violatedIndex = (error: unknown): string | undefined => {
  for (let cause = error, depth = 0; cause && typeof cause === 'object' && depth < 3; depth++) {
    const { code, constraint } = cause as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : undefined;
    cause = (cause as { cause?: unknown }).cause;
  }
  return undefined;
};

/**
 * For a write's `.catch`: a violation of one of the given unique indexes (index name → field) is
 * the 409 `assertNamesFree` answers; a concurrent write took the name between the check and the
 * write. Anything else is rethrown as it is.
 */
export const rethrowNameTaken =
  (indexes: Record<string, string>) =>
  (error: unknown): never => {
    const index = violatedIndex(error);
    if (index !== undefined && Object.hasOwn(indexes, index)) throw nameTaken([indexes[index]!]);
    throw error;
  };
