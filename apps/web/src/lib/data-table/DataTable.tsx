import type { ListQuery, ListResponse } from '@avlu/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import {
  DataGrid,
  type DataGridProps,
  type GridColDef,
  type GridRowId,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import type {} from '@mui/x-data-grid/themeAugmentation';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../api';
import { EmptyOverlay, type EmptyState, EmptyStatePanel, SearchingContext } from './EmptyOverlay';
import { RowNameContext } from './RowAction';
import { type RowHref, useRowOpening, withRowLink } from './row-links';
import { SearchBox } from './SearchBox';
import {
  type SetTableState,
  type TableState,
  type TableStateDefaults,
  useLocalTableState,
  useUrlTableState,
} from './table-state';

/** What the table needs from a list query: a resource's `useList` result fits, so does a hand-written hook. */
export type ListResult<Item> = {
  data?: ListResponse<Item>;
  error: ApiError | null;
  isFetching: boolean;
  /** True while the rows shown are the previous query's, kept on screen as the next one loads. */
  isPlaceholderData?: boolean;
  refetch: () => unknown;
};

/** A resource from `defineResource`, or `{ useList }` for a list the factory does not cover. */
export type ListSource<Item, Query> = { name?: string; useList: (query: Query) => ListResult<Item> };

type TableQueryKey = 'pagination' | 'keyword' | 'order' | 'orderBy';
type ControlledGridProps =
  | 'rows'
  | 'columns'
  | 'rowCount'
  | 'loading'
  | 'paginationMode'
  | 'sortingMode'
  | 'paginationModel'
  | 'onPaginationModelChange'
  | 'sortModel'
  | 'onSortModelChange'
  | 'pageSizeOptions'
  | 'getRowId';

export type DataTableProps<Item extends GridValidRowModel, Query extends ListQuery> = {
  resource: ListSource<Item, Query>;
  columns: readonly GridColDef<Item>[];
  /** Fixed parts of the list query besides paging, sort and keyword: `filter`, `showAll`, `searchType`. */
  params?: Omit<Query, TableQueryKey>;
  /** i18n namespace of column headers without `headerName`: `<labels>:fields.<field>`; the resource name by default. */
  labels?: string;
  searchable?: boolean;
  /** Milliseconds after the last keystroke before searching; 500 by default. */
  searchDelay?: number;
  searchPlaceholder?: string;
  /** Keep page, sort and keyword in the URL; a string prefixes the parameters when a page has two tables. */
  urlState?: boolean | string;
  pageSizeOptions?: readonly number[];
  defaultPageSize?: number;
  rowActions?: (row: Item) => ReactNode;
  actionsWidth?: number;
  /**
   * The row's screen (detail or edit). Its first column becomes a real link, a click anywhere on the
   * row opens it (Ctrl or the middle button in a new tab), and so does Enter on a focused cell.
   */
  rowHref?: RowHref<Item>;
  /** The row's name, said by its action buttons to screen readers: "Sil: Hafta Sonu Standı". */
  rowName?: (row: Item) => string;
  /** What the list says and offers when it is empty (not an empty search). */
  emptyState?: EmptyState;
  /** Feature buttons (create, export) shown right of the search box. */
  toolbar?: ReactNode;
  getRowId?: (row: Item) => GridRowId;
  /** The grid's accessible name. */
  label?: string;
  gridProps?: Omit<DataGridProps<Item>, ControlledGridProps>;
};

const defaultRowId = (row: GridValidRowModel): GridRowId => row._id;

/**
 * A server-paged, server-sorted, searchable list. A feature page gives it a resource and columns:
 *
 * ```tsx
 * <DataTable resource={pointProviders} columns={columns} urlState rowActions={(row) => <EditAction onClick={...} />} />
 * ```
 */
export const DataTable = <Item extends GridValidRowModel, Query extends ListQuery = ListQuery>({
  urlState = false,
  pageSizeOptions = [10, 25, 50, 100],
  defaultPageSize = pageSizeOptions[0] ?? 10,
  ...props
}: DataTableProps<Item, Query>) => {
  const defaults = { pageSize: defaultPageSize, pageSizeOptions };
  // Separate components so the URL and the local state hooks are never switched inside one component.
  return urlState === false ? (
    <LocalStateTable defaults={defaults} {...props} />
  ) : (
    <UrlStateTable defaults={defaults} prefix={urlState === true ? '' : urlState} {...props} />
  );
};

type InnerProps<Item extends GridValidRowModel, Query extends ListQuery> = Omit<
  DataTableProps<Item, Query>,
  'urlState' | 'pageSizeOptions' | 'defaultPageSize'
> & { defaults: TableStateDefaults };

const LocalStateTable = <Item extends GridValidRowModel, Query extends ListQuery>({
  defaults,
  ...props
}: InnerProps<Item, Query>) => {
  const [state, setState] = useLocalTableState(defaults);
  return <DataTableView state={state} setState={setState} defaults={defaults} {...props} />;
};

const UrlStateTable = <Item extends GridValidRowModel, Query extends ListQuery>({
  defaults,
  prefix,
  ...props
}: InnerProps<Item, Query> & { prefix: string }) => {
  const [state, setState] = useUrlTableState(defaults, prefix);
  return <DataTableView state={state} setState={setState} defaults={defaults} {...props} />;
};

const DataTableView = <Item extends GridValidRowModel, Query extends ListQuery>({
  state,
  setState,
  defaults,
  resource,
  columns,
  params,
  labels = resource.name,
  searchable = true,
  searchDelay = 500,
  searchPlaceholder,
  rowActions,
  actionsWidth = 120,
  rowHref,
  rowName,
  emptyState,
  toolbar,
  getRowId = defaultRowId,
  label,
  gridProps,
}: InnerProps<Item, Query> & { state: TableState; setState: SetTableState }) => {
  const { t, i18n } = useTranslation();
  const [typing, setTyping] = useState(false);
  // The language's grid texts from the theme: a localeText prop replaces them as a whole, not key by key.
  const themeLocaleText = useTheme().components?.MuiDataGrid?.defaultProps?.localeText;
  const query = {
    ...params,
    pagination: { limit: state.pageSize, currentPage: state.page },
    ...(state.keyword && { keyword: state.keyword }),
    ...(state.orderBy && { orderBy: state.orderBy, order: state.order ?? 'asc' }),
  } as Query;
  const { data, error, isFetching, isPlaceholderData = false, refetch } = resource.useList(query);
  const rows = data?.data ?? [];
  const opening = useRowOpening(rows, getRowId, rowHref);
  // Rows that answer an older question: typed text waiting for its search, or the last page kept
  // on screen while the next one loads.
  const stale = typing || isPlaceholderData;
  // Nothing here yet (not an empty search): the explanation stands in place of the grid.
  const nothingYet = emptyState && !state.keyword && !isFetching && data?.pagination.total === 0;

  // While the next page loads the total is unknown; keeping the last one stops the pager from jumping.
  const lastTotal = useRef(0);
  const lastCapped = useRef(false);
  if (data) {
    lastTotal.current = data.pagination.total;
    lastCapped.current = data.pagination.totalCapped === true;
  }

  const gridColumns = useMemo<GridColDef<Item>[]>(() => {
    const labelled = columns.map((column, index) => {
      const headed = {
        ...column,
        headerName:
          column.headerName ?? (labels ? t(`${labels}:fields.${column.field}`, column.field) : column.field),
      };
      return index === 0 && rowHref ? withRowLink(headed, rowHref) : headed;
    });
    if (!rowActions) return labelled;
    return [
      ...labelled,
      {
        field: '__actions',
        headerName: t('table:actions'),
        sortable: false,
        filterable: false,
        disableColumnMenu: true,
        align: 'right',
        headerAlign: 'right',
        width: actionsWidth,
        renderCell: ({ row }) => (
          <RowNameContext.Provider value={rowName?.(row)}>{rowActions(row)}</RowNameContext.Provider>
        ),
      },
    ];
  }, [columns, labels, rowActions, rowName, rowHref, actionsWidth, t]);

  // Stable models: the grid treats a new array or object as a change and jumps back to the first page.
  const { page, pageSize, orderBy, order } = state;
  const sortModel = useMemo<GridSortModel>(
    () => (orderBy ? [{ field: orderBy, sort: order ?? 'asc' }] : []),
    [orderBy, order],
  );
  const paginationModel = useMemo(() => ({ page: page - 1, pageSize }), [page, pageSize]);

  return (
    <Stack spacing={2}>
      {(searchable || toolbar) && (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          {searchable && (
            <SearchBox
              keyword={state.keyword}
              delay={searchDelay}
              placeholder={searchPlaceholder}
              onSearch={(keyword) => setState({ keyword }, { history: 'replace' })}
              onPendingChange={setTyping}
              loading={isPlaceholderData}
            />
          )}
          <Stack direction="row" spacing={1} sx={{ ml: 'auto' }}>
            {toolbar}
          </Stack>
        </Stack>
      )}
      {error && !error.canceled ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => refetch()}>
              {t('common:actions.retry')}
            </Button>
          }
        >
          {error.message}
        </Alert>
      ) : nothingYet ? (
        <EmptyStatePanel {...emptyState} label={label} />
      ) : (
        <SearchingContext.Provider value={Boolean(state.keyword)}>
          <Box
            {...opening}
            aria-busy={stale}
            sx={{
              '& .MuiDataGrid-row': {
                ...(rowHref && { cursor: 'pointer' }),
                transition: 'opacity 150ms',
                ...(stale && { opacity: 0.45 }),
              },
              // The actions column is the last: its header separator would reach past the grid and
              // make it scroll sideways a few pixels for nothing.
              '& .MuiDataGrid-columnHeader[data-field="__actions"] .MuiDataGrid-columnSeparator': {
                display: 'none',
              },
              // Arrow keys move this focus from cell to cell: it must be plain to see (WCAG 2.4.7).
              '& .MuiDataGrid-root .MuiDataGrid-cell:focus-within, & .MuiDataGrid-root .MuiDataGrid-columnHeader:focus-within':
                {
                  outline: '2px solid',
                  outlineColor: 'primary.main',
                  outlineOffset: '-2px',
                },
            }}
          >
            <DataGrid<Item>
              autoHeight
              disableColumnFilter
              disableRowSelectionOnClick
              {...gridProps}
              aria-label={label}
              rows={rows}
              columns={gridColumns}
              getRowId={getRowId}
              rowCount={data?.pagination.total ?? lastTotal.current}
              loading={isFetching}
              paginationMode="server"
              sortingMode="server"
              pageSizeOptions={[...defaults.pageSizeOptions]}
              paginationModel={paginationModel}
              onPaginationModelChange={(model) =>
                setState({ page: model.page + 1, pageSize: model.pageSize })
              }
              sortModel={sortModel}
              onSortModelChange={([sort]) =>
                setState({ orderBy: sort?.sort ? sort.field : undefined, order: sort?.sort ?? undefined })
              }
              slots={{ noRowsOverlay: EmptyOverlay, ...gridProps?.slots }}
              {...(lastCapped.current && {
                // A list that stopped counting has at least `count` rows: "1–25 / 10.000+".
                localeText: {
                  ...themeLocaleText,
                  ...gridProps?.localeText,
                  paginationDisplayedRows: ({ from, to, count }) =>
                    t('table:displayedRowsCapped', {
                      from: from.toLocaleString(i18n.language),
                      to: to.toLocaleString(i18n.language),
                      count: count.toLocaleString(i18n.language),
                    }),
                },
              })}
            />
          </Box>
        </SearchingContext.Provider>
      )}
    </Stack>
  );
};
