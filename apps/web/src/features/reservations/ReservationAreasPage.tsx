import type { ReservationArea } from '@avlu/contracts';
import Chip from '@mui/material/Chip';
import type { GridColDef } from '@mui/x-data-grid';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { ResourceListPage } from '../../components/resource-list-page/ResourceListPage';
import { DATE_FORMAT } from '../../lib/i18n/dates';
import { useLanguage } from '../../lib/i18n/use-language';
import { AREAS_PATH, reservationAreas } from './reservations.resource';
import './texts';

const useColumns = (): GridColDef<ReservationArea>[] => {
  const { t } = useTranslation('reservations');
  const language = useLanguage();
  return useMemo(
    () => [
      { field: 'reservation_area_name', flex: 1, minWidth: 200 },
      {
        field: 'reservation_area_type',
        width: 190,
        sortable: false,
        valueGetter: (_value, row) =>
          row.reservation_area_store_name
            ? `${t('areaTypes.store')}: ${row.reservation_area_store_name}`
            : t(`areaTypes.${row.reservation_area_type}`),
      },
      {
        field: 'reservation_area_is_active',
        width: 170,
        renderCell: ({ row }) => (
          <Chip
            size="small"
            variant="outlined"
            color={row.reservation_area_is_active ? 'success' : 'default'}
            label={row.reservation_area_is_active ? t('areas.active') : t('areas.inactive')}
          />
        ),
      },
      {
        field: 'reservation_start_date',
        width: 150,
        valueFormatter: (value: string) => dayjs(value).locale(language).format(DATE_FORMAT),
      },
      {
        field: 'reservation_end_date',
        width: 150,
        valueFormatter: (value: string) => dayjs(value).locale(language).format(DATE_FORMAT),
      },
      {
        field: 'reservation_area_hours_by_days',
        width: 190,
        sortable: false,
        valueGetter: (_value, row) =>
          t('areas.hoursCount', {
            count: new Set(row.reservation_area_hours_by_days.map((entry) => entry.time_range)).size,
          }),
      },
    ],
    [t, language],
  );
};

/** /reservation/reservation-area (spec §2): the mall's reservation areas. */
export default function ReservationAreasPage() {
  const { t } = useTranslation('reservations');
  const columns = useColumns();
  return (
    <ResourceListPage<ReservationArea>
      resource={reservationAreas}
      columns={columns}
      urlState
      labels="reservations"
      title={t('areas.title')}
      crumbs={[{ label: t('group') }, { label: t('areas.title') }]}
      create={{ to: `${AREAS_PATH}/new`, label: t('areas.create') }}
      searchPlaceholder={t('areas.searchPlaceholder')}
      emptyState={{ text: t('areas.empty') }}
      actionsWidth={100}
      rowActions={{
        edit: { to: (row) => `/reservation/${row._id}/edit` },
        remove: {
          route: (row) => `${AREAS_PATH}/${row._id}/delete`,
          name: (row) => row.reservation_area_name,
        },
      }}
    />
  );
}
