/**
 * The list of every back-office page: server paging (1-based `currentPage`), server sorting
 * (`orderBy`, `order`), debounced keyword search, loading, error and empty states, row actions.
 *
 * ```tsx
 * const columns: GridColDef<PointProvider>[] = [
 *   { field: 'point_provider_name', flex: 1 },          // header: t('point-providers:fields.point_provider_name')
 *   { field: 'priority', width: 120 },
 * ];
 * export const PointProviderListPage = () => {
 *   const remove = useConfirmedRemove(pointProviders); // asks, deletes, toasts, refreshes
 *   return (
 *     <DataTable resource={pointProviders} columns={columns} urlState
 *       toolbar={<Button href="new">{t('common:actions.create')}</Button>}
 *       rowActions={(row) => <><EditAction onClick={() => navigate(row._id)} /><DeleteAction onClick={() => remove(row._id, row.point_provider_name)} /></>} />
 *   );
 * };
 * ```
 */
export { DataTable, type DataTableProps, type ListResult, type ListSource } from './DataTable';
export { DeleteAction, EditAction, RowAction, ViewAction } from './RowAction';
export { initialTableState, type TableState, useUrlFilters } from './table-state';
export { useConfirmedRemove } from './use-confirmed-remove';
