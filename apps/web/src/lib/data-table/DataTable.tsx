import type { ListQuery, ListResponse } from '@avlu/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import {
  DataGrid,
  type DataGridProps,
  type GridColDef,
  type GridRowId,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { type ReactNode, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../api';
import { EmptyOverlay, SearchingContext } from './EmptyOverlay';
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
  toolbar,
  getRowId = defaultRowId,
  label,
  gridProps,
}: InnerProps<Item, Query> & { state: TableState; setState: SetTableState }) => {
  const { t, i18n } = useTranslation();
  const query = {
    ...params,
    pagination: { limit: state.pageSize, currentPage: state.page },
    ...(state.keyword && { keyword: state.keyword }),
    ...(state.orderBy && { orderBy: state.orderBy, order: state.order ?? 'asc' }),
  } as Query;
  const { data, error, isFetching, refetch } = resource.useList(query);

  // While the next page loads the total is unknown; keeping the last one stops the pager from jumping.
  const lastTotal = useRef(0);
  const lastCapped = useRef(false);
  if (data) {
    lastTotal.current = data.pagination.total;
    lastCapped.current = data.pagination.totalCapped === true;
  }

  const gridColumns = useMemo<GridColDef<Item>[]>(() => {
    const labelled = columns.map((column) => ({
      ...column,
      headerName:
        column.headerName ?? (labels ? t(`${labels}:fields.${column.field}`, column.field) : column.field),
    }));
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
        renderCell: ({ row }) => rowActions(row),
      },
    ];
  }, [columns, labels, rowActions, actionsWidth, t]);

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
      ) : (
        <SearchingContext.Provider value={Boolean(state.keyword)}>
          <DataGrid<Item>
            autoHeight
            disableColumnFilter
            disableRowSelectionOnClick
            {...gridProps}
            aria-label={label}
            rows={data?.data ?? []}
            columns={gridColumns}
            getRowId={getRowId}
            rowCount={data?.pagination.total ?? lastTotal.current}
            loading={isFetching}
            paginationMode="server"
            sortingMode="server"
            pageSizeOptions={[...defaults.pageSizeOptions]}
            paginationModel={paginationModel}
            onPaginationModelChange={(model) => setState({ page: model.page + 1, pageSize: model.pageSize })}
            sortModel={sortModel}
            onSortModelChange={([sort]) =>
              setState({ orderBy: sort?.sort ? sort.field : undefined, order: sort?.sort ?? undefined })
            }
            slots={{ noRowsOverlay: EmptyOverlay, ...gridProps?.slots }}
            {...(lastCapped.current && {
              // A list that stopped counting has at least `count` rows: "1–25 / 10.000+".
              localeText: {
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
        </SearchingContext.Provider>
      )}
    </Stack>
  );
};
