import type { ListResponse, SortOrder } from '@avlu/contracts';
import { paginationOf } from '@avlu/contracts';
import { type AnyColumn, and, asc, Column, count, desc, is, type SQL, sql } from 'drizzle-orm';
import type { PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Database } from './database';
import { keptSelect, pageParams, partQuery } from './kept-select';
import { containsKeyword } from './search';

/**
 * What a feature list declares once: where the rows come from, which columns the keyword searches,
 * and the columns a client may sort by (their keys are the `orderBy` values the route accepts).
 */
export type ListSource<Fields extends SelectedFields, SortKey extends string> = {
  table: PgTable;
  fields: Fields;
  /** Breaks ties between equal sort values so that pages never repeat or skip a row. */
  uniqueKey: AnyColumn;
  search: readonly (AnyColumn | SQL)[];
  sortable: Record<SortKey, AnyColumn | SQL>;
  defaultSort: { orderBy: NoInfer<SortKey>; order: SortOrder };
};

export type ListRequest<SortKey extends string> = {
  pagination: { limit: number; currentPage: number };
  keyword?: string | undefined;
  order?: SortOrder | undefined;
  orderBy?: SortKey | undefined;
};

/** Declares a list source with its sort keys inferred from `sortable`. */
export const listSource = <Fields extends SelectedFields, SortKey extends string>(
  source: ListSource<Fields, SortKey>,
) => source;

/** The sort keys as the tuple `z.enum` wants, for the route's `listQuery({ orderBy })`. */
export const sortKeys = <SortKey extends string>(source: { sortable: Record<SortKey, unknown> }) =>
  Object.keys(source.sortable) as [SortKey, ...SortKey[]];

/**
 * The ORDER BY of a list page: the chosen sort (the default when none), then the unique key. Empty
 * values come last in either order: a list sorted by age shows the oldest first, not the customers
 * whose birthdate is unknown. A NOT NULL column keeps the plain order, which its index serves.
 */
export const listOrder = <SortKey extends string>(
  source: Pick<ListSource<SelectedFields, SortKey>, 'sortable' | 'defaultSort' | 'uniqueKey'>,
  request: Pick<ListRequest<SortKey>, 'orderBy' | 'order'>,
): SQL[] => {
  const sortBy = source.sortable[request.orderBy ?? source.defaultSort.orderBy];
  const descending = (request.order ?? source.defaultSort.order) === 'desc';
  const direction = descending ? desc : asc;
  const neverNull = is(sortBy, Column) && sortBy.notNull;
  // Ascending already puts nulls last; descending puts them first unless told.
  const first = descending && !neverNull ? sql`${sortBy} desc nulls last` : direction(sortBy);
  return [first, direction(source.uniqueKey)];
};

/** Each source's selection with the list's total riding along every row. */
const withTotals = new WeakMap<object, SelectedFields>();
const withTotal = (source: ListSource<SelectedFields, string>) => {
  let fields = withTotals.get(source);
  if (!fields) {
    fields = { ...source.fields, listTotal: sql<number>`count(*) over ()`.mapWith(Number) };
    withTotals.set(source, fields);
  }
  return fields;
};

/** One page's rows, each with the list's total as `listTotal`; its statement kept per shape (kept-select.ts). */
const pageRows = <SortKey extends string>(
  db: Database,
  source: ListSource<SelectedFields, SortKey>,
  request: ListRequest<SortKey>,
  filter: SQL | undefined,
): Promise<Record<string, unknown>[]> => {
  const { limit, currentPage } = request.pagination;
  const offset = (currentPage - 1) * limit;
  const fields = withTotal(source);
  const order = listOrder(source, request);
  const where = partQuery(filter);
  const params = [...where.params, ...partQuery(order).params, ...pageParams(limit, offset)];
  return keptSelect(
    db,
    {
      owner: source,
      fields,
      shape: `${request.orderBy ?? ''} ${request.order ?? ''} ${params.length} ${where.sql}`,
      params,
    },
    () =>
      db
        .select(fields)
        .from(source.table)
        .where(filter)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
  );
};

/**
 * One page of a list with its total, in one round trip: the total rides along each row as a window
 * count. Only a page past the end, which has no row to carry it, costs a second count query.
 */
export const listPage = async <Fields extends SelectedFields, SortKey extends string>(
  db: Database,
  source: ListSource<Fields, SortKey>,
  request: ListRequest<SortKey>,
  where?: SQL,
): Promise<ListResponse<SelectResultFields<Fields>>> => {
  const keyword = request.keyword?.trim();
  const filter = and(where, keyword ? containsKeyword(source.search, keyword) : undefined);
  const rows: { listTotal?: number }[] = await pageRows(db, source, request, filter);
  const total =
    rows[0]?.listTotal ??
    (request.pagination.currentPage === 1
      ? 0
      : ((await db.select({ total: count() }).from(source.table).where(filter))[0]?.total ?? 0));
  // The count goes as it came, last: deleting an object's newest property is a step back in V8, where
  // an object rest copies every field (a cost each list row paid).
  for (const row of rows) delete row.listTotal;
  const data = rows as SelectResultFields<Fields>[];
  return { data, pagination: paginationOf(total, request.pagination) };
};
