import type { ListQuery } from '@avlu/contracts';
import Card from '@mui/material/Card';
import type { GridValidRowModel } from '@mui/x-data-grid';
import type { UseMutationResult } from '@tanstack/react-query';
import { type ReactNode, Suspense } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import type { ApiError } from '../../lib/api';
import {
  DataTable,
  type DataTableProps,
  DeleteAction,
  EditAction,
  type ListSource,
  useConfirmedRemove,
} from '../../lib/data-table';
import { usePermissions } from '../../lib/permissions';
import type { MutationFeedback } from '../../lib/resource';
import { CreateButton } from '../page-header/CreateButton';
import { type Crumb, PageHeader } from '../page-header/PageHeader';

/** What a row hands its delete route in the location state: its name, so the question can say it. */
export type DeleteRouteState = { name?: string };

/** How a row's delete button removes it. */
export type RemoveRow<Item> =
  /** Asks in a dialog titled `confirm`, naming the row by `describe`, then deletes it through the resource. */
  | { confirm: string; describe: (row: Item) => ReactNode; disabled?: (row: Item) => boolean }
  /**
   * Opens the row's `…/{id}/delete` route, a child of the list that asks the question while the list
   * stays behind it; the page and search of the list go along, and `name` as `DeleteRouteState`.
   */
  | { route: (row: Item) => string; name: (row: Item) => string; disabled?: (row: Item) => boolean };

export type RowActions<Item> = {
  /** Buttons particular to the feature (export, resend), shown before edit and delete. */
  extra?: (row: Item) => ReactNode;
  /** The row's edit screen, opened by the edit button, and by the row itself unless `rowHref` says otherwise. */
  edit?: { to: (row: Item) => string; disabled?: (row: Item) => boolean };
  remove?: RemoveRow<Item>;
};

type Row = GridValidRowModel & { _id: string };
type Removable = { useRemove: (feedback?: MutationFeedback) => UseMutationResult<unknown, ApiError, string> };

export type ResourceListPageProps<Item extends Row, Query extends ListQuery> = Omit<
  DataTableProps<Item, Query>,
  'resource' | 'rowActions' | 'label'
> & {
  /** A resource from `defineResource`; a `{ useList }` source fits when no row is removed by `confirm`. */
  resource: ListSource<Item, Query> & Partial<Removable>;
  /** Already translated: the page's h1 and the grid's accessible name. */
  title: string;
  crumbs?: Crumb[];
  /** The create screen. The button shows only when the role may open it. */
  create?: { to: string; label: string };
  /** More buttons of the header, left of the create button (invite). */
  headerActions?: ReactNode;
  rowActions?: RowActions<Item>;
};

/**
 * The frame of a back-office list screen: the header with title, breadcrumbs and the create
 * button, a card with the DataTable, and edit and delete row actions. A feature gives its columns
 * and what is particular to it:
 *
 * ```tsx
 * <ResourceListPage resource={roles} title={t('title')} columns={columns}
 *   create={{ to: '/user/roles/new', label: t('actions.create') }}
 *   rowActions={{
 *     edit: { to: (row) => `/user/roles/${row._id}/edit` },
 *     remove: { confirm: t('deleteTitle'), describe: (row) => row.role_name },
 *   }} />
 * ```
 *
 * A child route of the list (a delete route's question) shows over it. Rows open their edit screen
 * (`rowHref` names another), their buttons say the row's name to screen readers (`rowName`, by
 * default the delete route's `name`), and an `emptyState` without an action offers the create button.
 */
export const ResourceListPage = <Item extends Row, Query extends ListQuery = ListQuery>(
  props: ResourceListPageProps<Item, Query>,
) => {
  const remove = props.rowActions?.remove;
  // Separate components, so the confirmed-remove hooks run only on a page whose rows are removed that way.
  return remove && 'confirm' in remove ? (
    <ConfirmedRemoveListPage {...props} remove={remove} />
  ) : (
    <RoutedRemoveListPage {...props} remove={remove} />
  );
};

type ConfirmRemove<Item> = Extract<RemoveRow<Item>, { confirm: string }>;
type RouteRemove<Item> = Extract<RemoveRow<Item>, { route: unknown }>;

const removable = (resource: Partial<Removable> & { name?: string }): Removable => {
  const { useRemove } = resource;
  if (!useRemove) throw new Error(`ResourceListPage: ${resource.name ?? 'this list'} has no useRemove`);
  return { useRemove };
};

const ConfirmedRemoveListPage = <Item extends Row, Query extends ListQuery>({
  remove: { confirm, describe },
  ...props
}: ResourceListPageProps<Item, Query> & { remove: ConfirmRemove<Item> }) => {
  const remove = useConfirmedRemove(removable(props.resource), { title: confirm });
  return <ListPageView<Item, Query> {...props} onRemove={(row) => void remove(row._id, describe(row))} />;
};

const RoutedRemoveListPage = <Item extends Row, Query extends ListQuery>({
  remove,
  ...props
}: ResourceListPageProps<Item, Query> & { remove: RouteRemove<Item> | undefined }) => {
  const navigate = useNavigate();
  const { search } = useLocation();
  const onRemove =
    remove &&
    ((row: Item) =>
      navigate(
        { pathname: remove.route(row), search },
        { state: { name: remove.name(row) } satisfies DeleteRouteState },
      ));
  return <ListPageView<Item, Query> {...props} onRemove={onRemove} />;
};

const ListPageView = <Item extends Row, Query extends ListQuery>({
  title,
  crumbs,
  create,
  headerActions,
  rowActions,
  onRemove,
  resource,
  ...table
}: ResourceListPageProps<Item, Query> & { onRemove?: (row: Item) => void }) => {
  const navigate = useNavigate();
  const { canVisit } = usePermissions();
  const { extra, edit, remove } = rowActions ?? {};
  const showCreate = create && canVisit(create.to);
  const hasRowActions = extra || edit || (remove && onRemove);
  const createButton = showCreate && <CreateButton to={create.to}>{create.label}</CreateButton>;
  const { rowHref, rowName, emptyState } = table;
  return (
    <>
      <PageHeader
        title={title}
        crumbs={crumbs}
        action={
          (headerActions || showCreate) && (
            <>
              {headerActions}
              {createButton}
            </>
          )
        }
      />
      <Card sx={{ p: 2 }}>
        <DataTable
          resource={resource}
          urlState
          {...table}
          label={title}
          rowHref={rowHref ?? (edit && ((row) => (edit.disabled?.(row) ? undefined : edit.to(row))))}
          rowName={rowName ?? (remove && 'name' in remove ? remove.name : undefined)}
          emptyState={emptyState && { ...emptyState, action: emptyState.action ?? createButton }}
          rowActions={
            hasRowActions
              ? (row) => (
                  <>
                    {extra?.(row)}
                    {edit && (
                      <EditAction disabled={edit.disabled?.(row)} onClick={() => navigate(edit.to(row))} />
                    )}
                    {remove && onRemove && (
                      <DeleteAction disabled={remove.disabled?.(row)} onClick={() => onRemove(row)} />
                    )}
                  </>
                )
              : undefined
          }
        />
      </Card>
      {/* A child route's question (delete); the list stays on screen while its code loads. */}
      <Suspense fallback={null}>
        <Outlet />
      </Suspense>
    </>
  );
};
