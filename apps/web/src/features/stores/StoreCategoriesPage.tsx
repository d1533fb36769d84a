import type { StoreCategory } from '@avlu/contracts';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourceListPage } from '../../components/resource-list-page/ResourceListPage';
import { useLanguage } from '../../lib/i18n/use-language';
import { categoryName, storeCategories } from './stores.resource';
import './texts';

const useColumns = (): GridColDef<StoreCategory>[] => {
  const language = useLanguage();
  return useMemo(
    () => [
      { field: 'store_category_name', flex: 1, minWidth: 200 },
      { field: 'store_category_name_en', flex: 1, minWidth: 200 },
      {
        field: 'store_count',
        sortable: false,
        width: 140,
        type: 'number',
        align: 'left',
        headerAlign: 'left',
        valueFormatter: (value: number) => new Intl.NumberFormat(language).format(value),
      },
    ],
    [language],
  );
};

/** /settings/store-categories: the categories of the mall's store directory. */
export default function StoreCategoriesPage() {
  const { t } = useTranslation('stores');
  const language = useLanguage();
  const columns = useColumns();
  return (
    <ResourceListPage
      resource={storeCategories}
      columns={columns}
      labels="stores"
      urlState
      title={t('categories.title')}
      crumbs={[
        { label: t('settings') },
        { label: t('title'), to: '/settings/stores' },
        { label: t('categories.title') },
      ]}
      create={{ to: '/settings/store-categories/new', label: t('categories.create') }}
      emptyState={{ text: t('categories.empty') }}
      actionsWidth={100}
      rowName={(row) => categoryName(row, language)}
      rowActions={{
        edit: { to: (row) => `/settings/store-categories/${row._id}/edit` },
        remove: { confirm: t('categories.deleteTitle'), describe: (row) => categoryName(row, language) },
      }}
    />
  );
}
