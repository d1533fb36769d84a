import { z } from 'zod';
import { singleLineText } from './text';

/** Spec §9: default page size 10, first page 1. */
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 1000;

export const pagination = z.strictObject({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  currentPage: z.coerce.number().int().min(1).default(1),
});

export const sortOrder = z.enum(['asc', 'desc']);

/** A yes/no query parameter (`showAll=true`, `onlyArchived=false`); left out, it is undefined. */
export const queryFlag = z
  .enum(['true', 'false'])
  .transform((value) => value === 'true')
  .optional();
export type SortOrder = z.infer<typeof sortOrder>;

/**
 * The one list query of every list call (spec §7: pagination{limit,currentPage}, keyword, order,
 * orderBy, filter). A feature narrows `orderBy` to its sortable columns and `filter` to its filter
 * schema with `listQuery({ orderBy, filter })`.
 */
export const listQuery = <
  OrderBy extends z.ZodType<string> = z.ZodString,
  Filter extends z.ZodType = z.ZodUnknown,
>(
  options: { orderBy?: OrderBy; filter?: Filter } = {},
) =>
  z.strictObject({
    pagination: pagination.default({ limit: DEFAULT_PAGE_SIZE, currentPage: 1 }),
    keyword: singleLineText().max(200).optional(),
    order: sortOrder.optional(),
    orderBy: (options.orderBy ?? singleLineText().max(64)).optional() as z.ZodOptional<OrderBy>,
    filter: (options.filter ?? z.unknown()).optional() as z.ZodOptional<Filter>,
  });

export type ListQuery = z.infer<ReturnType<typeof listQuery>>;

/**
 * The same list query as flat query-string parameters, for lists read with GET (spec §7:
 * `GET /marketing/mobile-pages?limit&currentPage&keyword&order&orderBy`). A feature's flat filter
 * parameters sit beside them and arrive in `filter`, so a service sees one `ListQuery` shape
 * whether the list was read with GET or with `POST …/filter`.
 */
export const listSearchParams = <
  OrderBy extends z.ZodType<string> = z.ZodString,
  Filter extends z.ZodRawShape = Record<never, never>,
>(
  options: { orderBy?: OrderBy; filter?: Filter } = {},
) =>
  z
    .strictObject({
      ...options.filter,
      limit: pagination.shape.limit,
      currentPage: pagination.shape.currentPage,
      keyword: singleLineText().max(200).optional(),
      order: sortOrder.optional(),
      orderBy: (options.orderBy ?? singleLineText().max(64)).optional(),
    })
    .transform((params) => {
      // The spread shape is too generic for TypeScript to destructure; its parts are typed again below.
      const { limit, currentPage, keyword, order, orderBy, ...filter } = params as Record<string, unknown>;
      return {
        pagination: { limit: limit as number, currentPage: currentPage as number },
        keyword: keyword as string | undefined,
        order: order as SortOrder | undefined,
        orderBy: orderBy as z.infer<OrderBy> | undefined,
        filter: filter as z.infer<z.ZodObject<Filter>>,
      };
    });

export const paginationResult = z.object({
  total: z.number().int(),
  limit: z.number().int(),
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  /**
   * True when the list stopped counting at `total`: there are at least that many rows. A list of a
   * million rows counts its pager only this far; its exact size has a call of its own.
   */
  totalCapped: z.boolean().optional(),
});
export type PaginationResult = z.infer<typeof paginationResult>;

/** The one list answer: `{ data, pagination: { total, limit, currentPage, totalPages } }`. */
export const listResponse = <Item extends z.ZodType>(item: Item) =>
  z.object({ data: z.array(item), pagination: paginationResult });

export type ListResponse<Item> = { data: Item[]; pagination: PaginationResult };

export const paginationOf = (
  total: number,
  page: { limit: number; currentPage: number },
  cap?: number,
): PaginationResult => {
  const capped = cap !== undefined && total > cap;
  const shown = capped ? cap : total;
  return {
    total: shown,
    limit: page.limit,
    currentPage: page.currentPage,
    totalPages: Math.ceil(shown / page.limit),
    ...(capped && { totalCapped: true }),
  };
};
