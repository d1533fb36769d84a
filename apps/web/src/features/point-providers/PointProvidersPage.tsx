import {
  type PointProvider,
  type PointProviderFilter,
  type PointProviderFilterQuery,
  type PointProviderType,
  pointProviderTypes,
} from '@avlu/contracts';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { GridColDef } from '@mui/x-data-grid';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourceListPage } from '../../components/resource-list-page/ResourceListPage';
import { useUrlFilters } from '../../lib/data-table';
import { DATE_FORMAT } from '../../lib/i18n/dates';
import { useLanguage } from '../../lib/i18n/use-language';
import { LIST_PATH, pointProviders } from './point-providers.resource';
import './texts';

const typeColors = {
  store: 'primary',
  category: 'secondary',
  default: 'default',
  outsource: 'warning',
} as const satisfies Record<PointProviderType, string>;

/** A date-only value as the calendar day it names, whatever the browser's time zone. */
const day = (value: string | null, language: string) =>
  value ? dayjs(value).locale(language).format(DATE_FORMAT) : '—';

const useColumns = (): GridColDef<PointProvider>[] => {
  const { t } = useTranslation('point-providers');
  const language = useLanguage();
  return useMemo(() => {
    const number = (digits: number) => new Intl.NumberFormat(language, { maximumFractionDigits: digits });
    return [
      { field: 'point_provider_name', flex: 1, minWidth: 220 },
      {
        field: 'point_provider_type',
        width: 140,
        renderCell: ({ row }) => (
          <Chip
            size="small"
            variant="outlined"
            color={typeColors[row.point_provider_type]}
            label={t(`types.${row.point_provider_type}`)}
          />
        ),
      },
      { field: 'point_provider_priority', width: 110, type: 'number' },
      {
        field: 'point_provider_min_amount',
        width: 150,
        type: 'number',
        valueFormatter: (value: number, row) =>
          new Intl.NumberFormat(language, { style: 'currency', currency: row.currency }).format(value),
      },
      {
        field: 'point_provider_points_multiplier',
        width: 130,
        type: 'number',
        valueFormatter: (value: number) => number(2).format(value),
      },
      {
        field: 'point_provider_start_at',
        width: 150,
        valueFormatter: (value: string | null) => day(value, language),
      },
      {
        field: 'point_provider_end_at',
        width: 150,
        valueFormatter: (value: string | null) => day(value, language),
      },
    ];
  }, [t, language]);
};

/** The type filter and the list's order, kept in the address so a reload shows the same list. */
const useFilter = () => {
  const { params, set: setFilter } = useUrlFilters();
  const type = pointProviderTypes.find((value) => value === params.get('type')) ?? '';
  const filter = useMemo<PointProviderFilter>(() => (type ? { point_provider_type: type } : {}), [type]);
  const set = (value: string) => setFilter('type', value);
  return { type, filter, set };
};

/** /loyalty/point-providers (spec §2): the mall's earning rules, the highest priority first. */
export default function PointProvidersPage() {
  const { t } = useTranslation('point-providers');
  const columns = useColumns();
  const filter = useFilter();
  const params = useMemo(() => ({ filter: filter.filter }), [filter.filter]);
  return (
    <ResourceListPage<
      PointProvider,
      PointProviderFilterQuery & { pagination: { limit: number; currentPage: number } }
    >
      resource={pointProviders}
      columns={columns}
      params={params}
      urlState
      labels="point-providers"
      title={t('title')}
      crumbs={[{ label: t('group') }, { label: t('title') }]}
      create={{ to: `${LIST_PATH}/new`, label: t('create') }}
      searchPlaceholder={t('list.searchPlaceholder')}
      toolbar={
        <TextField
          select
          size="small"
          label={t('fields.point_provider_type')}
          value={filter.type}
          onChange={(event) => filter.set(event.target.value)}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">{t('list.allTypes')}</MenuItem>
          {pointProviderTypes.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`types.${value}`)}
            </MenuItem>
          ))}
        </TextField>
      }
      emptyState={{ text: t('list.empty') }}
      actionsWidth={100}
      rowActions={{
        edit: { to: (row) => `${LIST_PATH}/${row._id}` },
        remove: { route: (row) => `${LIST_PATH}/${row._id}/delete`, name: (row) => row.point_provider_name },
      }}
    />
  );
}
