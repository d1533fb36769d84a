import { type ListQuery, type ListResponse, paginationOf } from '@avlu/contracts';
import type { HttpMethod, QueryParams, QueryValue } from '../api';

/** One call of a resource: what the client sends for it. */
export type RequestSpec = { method: HttpMethod; path: string; query?: QueryParams; body?: unknown };

const isQueryValue = (value: unknown): value is QueryValue =>
  value === null ||
  ['string', 'number', 'boolean', 'undefined'].includes(typeof value) ||
  Array.isArray(value);

/**
 * The list query as query-string parameters, for lists read with GET
 * (`/marketing/mobile-pages?limit&currentPage&keyword&order&orderBy`). A flat filter object is spread
 * into the parameters; anything deeper travels as JSON in `filter`.
 */
export const listQueryParams = ({
  pagination,
  filter,
  ...rest
}: ListQuery & Record<string, unknown>): QueryParams => {
  const params: QueryParams = { limit: pagination.limit, currentPage: pagination.currentPage };
  for (const [key, value] of Object.entries(rest)) if (isQueryValue(value)) params[key] = value;
  if (filter === undefined) return params;
  const flat = typeof filter === 'object' && filter !== null && Object.values(filter).every(isQueryValue);
  return flat ? { ...params, ...(filter as QueryParams) } : { ...params, filter: JSON.stringify(filter) };
};

/** A list read with GET and the list query in the query string (the REST default). */
export const queryList =
  (path: string, fixed?: QueryParams) =>
  (query: ListQuery): RequestSpec => ({
    method: 'GET',
    path,
    query: { ...listQueryParams(query), ...fixed },
  });

/** A list read with `POST <path>` and the list query as the JSON body (`/customer/filter`, `/campaign/filter`). */
export const filterList =
  (path: string, fixed?: Record<string, unknown>) =>
  (query: ListQuery): RequestSpec => ({ method: 'POST', path, body: { ...query, ...fixed } });

/**
 * Some lists answer with a bare array (`?showAll`); they become one page so that every list has the
 * same shape for the table.
 */
export const asListResponse = <Item>(answer: ListResponse<Item> | Item[]): ListResponse<Item> =>
  Array.isArray(answer)
    ? {
        data: answer,
        pagination: paginationOf(answer.length, { limit: Math.max(answer.length, 1), currentPage: 1 }),
      }
    : answer;

export const restEndpoints = (path: string) => ({
  list: queryList(path),
  get: (id: string): RequestSpec => ({ method: 'GET', path: `${path}/${id}` }),
  create: (input: unknown): RequestSpec => ({ method: 'POST', path, body: input }),
  update: (id: string, input: unknown): RequestSpec => ({
    method: 'PUT',
    path: `${path}/${id}`,
    body: input,
  }),
  remove: (id: string): RequestSpec => ({ method: 'DELETE', path: `${path}/${id}` }),
});
