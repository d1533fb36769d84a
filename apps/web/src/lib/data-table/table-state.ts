import { DEFAULT_PAGE_SIZE, type SortOrder } from '@avlu/contracts';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';

/** What the user chose in a table; page is 1-based like the list query's `currentPage`. */
export type TableState = {
  page: number;
  pageSize: number;
  keyword: string;
  orderBy?: string;
  order?: SortOrder;
};

export type TableStateDefaults = { pageSize: number; pageSizeOptions: readonly number[] };

/** A change of the state; `history: 'replace'` for steps back/forward should skip (each typed letter). */
export type SetTableState = (patch: Partial<TableState>, options?: { history?: 'push' | 'replace' }) => void;

export const initialTableState = (pageSize = DEFAULT_PAGE_SIZE): TableState => ({
  page: 1,
  pageSize,
  keyword: '',
});

/**
 * A new keyword, sort or page size shows the first page again: page 4 of the old result set means
 * nothing in the new one.
 */
const withPageReset = (state: TableState, patch: Partial<TableState>): TableState => {
  const resets = (['keyword', 'orderBy', 'order', 'pageSize'] as const).some(
    (key) => key in patch && patch[key] !== state[key],
  );
  return { ...state, ...patch, ...(resets && { page: 1 }) };
};

export const useLocalTableState = (defaults: TableStateDefaults): [TableState, SetTableState] => {
  const [state, setState] = useState(() => initialTableState(defaults.pageSize));
  const set = useCallback<SetTableState>((patch) => setState((current) => withPageReset(current, patch)), []);
  return [state, set];
};

const positiveInt = (raw: string | null) => {
  const value = Number(raw);
  return Number.isInteger(value) && value >= 1 ? value : undefined;
};

/** Keeps page, page size, sort and keyword in the URL so reload and back/forward restore them. */
export const useUrlTableState = (defaults: TableStateDefaults, prefix = ''): [TableState, SetTableState] => {
  const [params, setParams] = useSearchParams();
  const name = useCallback((key: keyof TableState) => `${prefix}${key}`, [prefix]);

  const state = useMemo<TableState>(() => {
    const pageSize = positiveInt(params.get(name('pageSize')));
    const order = params.get(name('order'));
    return {
      page: positiveInt(params.get(name('page'))) ?? 1,
      pageSize: pageSize && defaults.pageSizeOptions.includes(pageSize) ? pageSize : defaults.pageSize,
      keyword: params.get(name('keyword')) ?? '',
      orderBy: params.get(name('orderBy')) ?? undefined,
      order: order === 'asc' || order === 'desc' ? order : undefined,
    };
  }, [params, name, defaults.pageSize, defaults.pageSizeOptions]);

  const set = useCallback<SetTableState>(
    (patch, { history = 'push' } = {}) => {
      const next = withPageReset(state, patch);
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          const write = (
            key: keyof TableState,
            value: string | number | undefined,
            fallback?: string | number,
          ) => {
            if (value === undefined || value === '' || value === fallback) updated.delete(name(key));
            else updated.set(name(key), String(value));
          };
          write('page', next.page, 1);
          write('pageSize', next.pageSize, defaults.pageSize);
          write('keyword', next.keyword);
          write('orderBy', next.orderBy);
          write('order', next.orderBy ? next.order : undefined);
          return updated;
        },
        { replace: history === 'replace' },
      );
    },
    [state, setParams, name, defaults.pageSize],
  );

  return [state, set];
};

/**
 * A list's own filters, kept in the URL beside the table's state so reload and back/forward restore
 * them. `set` writes one (an empty value removes it); any change shows the first page again, as a new
 * keyword does: page 4 of the old filter means nothing in the new one.
 */
export const useUrlFilters = () => {
  const [params, setParams] = useSearchParams();
  const change = useCallback(
    (edit: (next: URLSearchParams) => void) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          edit(next);
          next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const set = useCallback(
    (key: string, value: string) => change((next) => (value ? next.set(key, value) : next.delete(key))),
    [change],
  );
  return { params, set, change };
};
