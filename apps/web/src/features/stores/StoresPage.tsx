import {
  displayPhone,
  type Store,
  type StoreFilter,
  type StoreFilterQuery,
  storeSortKeys,
} from '@avlu/contracts';
import CategoryOutlinedIcon from '@mui/icons-material/CategoryOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ResourceListPage } from '../../components/resource-list-page/ResourceListPage';
import { useUrlFilters } from '../../lib/data-table';
import { ExportButton } from '../../lib/excel/ExportButton';
import { useLanguage } from '../../lib/i18n/use-language';
import { categoryName, exportStores, stores, useAllStoreCategories } from './stores.resource';
import './texts';

const useColumns = (): GridColDef<Store>[] => {
  const { t } = useTranslation('stores');
  const language = useLanguage();
  return useMemo(
    () => [
      {
        field: 'store_name',
        flex: 1,
        minWidth: 240,
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', height: 1, minWidth: 0 }}>
            <Avatar
              variant="rounded"
              src={row.store_logo ?? undefined}
              alt=""
              sx={{ width: 32, height: 32, bgcolor: 'action.selected', color: 'text.secondary' }}
            >
              <StorefrontOutlinedIcon fontSize="small" />
            </Avatar>
            <Stack sx={{ minWidth: 0 }}>
              <Typography variant="body2" noWrap>
                {row.store_name}
              </Typography>
              {row.store_phone && (
                <Typography variant="caption" color="text.secondary" noWrap>
                  {displayPhone(row.store_phone)}
                </Typography>
              )}
            </Stack>
          </Stack>
        ),
      },
      {
        field: 'store_category_name',
        headerName: t('fields.store_category_id'),
        minWidth: 180,
        flex: 0.6,
        valueGetter: (_, row) =>
          categoryName(
            {
              store_category_name: row.store_category_name,
              store_category_name_en: row.store_category_name_en,
            },
            language,
          ),
      },
      {
        field: 'store_floor',
        headerName: t('list.location'),
        minWidth: 150,
        valueGetter: (_, row) => [row.store_floor, row.store_unit_no].filter(Boolean).join(' · '),
      },
      {
        field: 'store_is_active',
        headerName: t('list.state'),
        width: 120,
        renderCell: ({ row }) => (
          <Chip
            size="small"
            variant="outlined"
            color={row.store_is_active ? 'success' : 'default'}
            label={row.store_is_active ? t('active') : t('inactive')}
          />
        ),
      },
    ],
    [t, language],
  );
};

/** The list's filters, kept in the address so a reload or a shared link shows the same list. */
const useFilter = () => {
  const { params, set: setFilter } = useUrlFilters();
  const category = params.get('category') ?? '';
  const active = params.get('active') ?? '';
  const filter = useMemo<StoreFilter>(
    () => ({
      ...(category && { store_category_id: category }),
      ...(active && { store_is_active: active === 'true' }),
    }),
    [category, active],
  );
  const set = (key: 'category' | 'active', value: string) => setFilter(key, value);
  const orderBy = storeSortKeys.find((key) => key === params.get('orderBy'));
  const order = params.get('order') === 'desc' ? ('desc' as const) : ('asc' as const);
  return { category, active, filter, set, keyword: params.get('keyword') ?? '', orderBy, order };
};

function Filters({ filter }: { filter: ReturnType<typeof useFilter> }) {
  const { t } = useTranslation('stores');
  const language = useLanguage();
  const categories = useAllStoreCategories();
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
      <TextField
        select
        size="small"
        label={t('list.category')}
        value={filter.category}
        onChange={(event) => filter.set('category', event.target.value)}
        sx={{ minWidth: 200 }}
      >
        <MenuItem value="">{t('list.allCategories')}</MenuItem>
        {(categories.data?.data ?? []).map((row) => (
          <MenuItem key={row._id} value={row._id}>
            {categoryName(row, language)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('list.state')}
        value={filter.active}
        onChange={(event) => filter.set('active', event.target.value)}
        sx={{ minWidth: 150 }}
      >
        <MenuItem value="">{t('list.allStates')}</MenuItem>
        <MenuItem value="true">{t('active')}</MenuItem>
        <MenuItem value="false">{t('inactive')}</MenuItem>
      </TextField>
      <ExportButton
        label={t('actions.export')}
        download={(onProgress) =>
          exportStores(
            {
              filter: filter.filter,
              ...(filter.keyword && { keyword: filter.keyword }),
              ...(filter.orderBy && { orderBy: filter.orderBy, order: filter.order }),
            },
            onProgress,
          )
        }
        done={t('exported')}
      />
    </Stack>
  );
}

/** /settings/stores: the mall's store directory, for the system admin (issue 13 #1). */
export default function StoresPage() {
  const { t } = useTranslation('stores');
  const columns = useColumns();
  const filter = useFilter();
  const params = useMemo(
    () =>
      ({ filter: filter.filter }) as Omit<StoreFilterQuery, 'pagination' | 'keyword' | 'order' | 'orderBy'>,
    [filter.filter],
  );
  return (
    <ResourceListPage<Store, StoreFilterQuery & { pagination: { limit: number; currentPage: number } }>
      resource={stores}
      columns={columns}
      params={params}
      urlState
      labels="stores"
      title={t('title')}
      crumbs={[{ label: t('settings') }, { label: t('title') }]}
      create={{ to: '/settings/stores/new', label: t('actions.create') }}
      headerActions={
        <>
          <Button component={RouterLink} to="/settings/store-categories" startIcon={<CategoryOutlinedIcon />}>
            {t('categories.title')}
          </Button>
          <Button component={RouterLink} to="/settings/stores/import" startIcon={<UploadFileOutlinedIcon />}>
            {t('import.title')}
          </Button>
        </>
      }
      searchPlaceholder={t('list.searchPlaceholder')}
      toolbar={<Filters filter={filter} />}
      emptyState={{ text: t('list.empty') }}
      actionsWidth={100}
      rowActions={{
        edit: { to: (row) => `/settings/stores/${row._id}/edit` },
        remove: { confirm: t('deleteTitle'), describe: (row) => row.store_name },
      }}
      rowName={(row) => row.store_name}
    />
  );
}
