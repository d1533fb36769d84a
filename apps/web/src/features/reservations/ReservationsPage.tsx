import { displayPhone, type Reservation, reservationStatuses } from '@avlu/contracts';
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
import { ReservationStatusChip } from './ReservationStatusChip';
import { reservations } from './reservations.resource';
import './texts';

const useColumns = (): GridColDef<Reservation>[] => {
  const { t } = useTranslation('reservations');
  const language = useLanguage();
  return useMemo(
    () => [
      {
        field: 'reservation_customer_name',
        flex: 1,
        minWidth: 180,
        headerName: t('fields.customer'),
        valueGetter: (_value, row) => `${row.reservation_customer_name} ${row.reservation_customer_surname}`,
      },
      {
        field: 'reservation_customer_phone',
        width: 150,
        sortable: false,
        valueFormatter: (value: string) => displayPhone(value),
      },
      { field: 'reservation_area_name', flex: 1, minWidth: 170, headerName: t('fields.reservation_area') },
      {
        field: 'reservation_request_date',
        width: 150,
        valueFormatter: (value: string) => dayjs(value).locale(language).format(DATE_FORMAT),
      },
      { field: 'reservation_request_hour', width: 120, sortable: false },
      { field: 'reservation_total_person', width: 110, type: 'number' },
      {
        field: 'reservation_status',
        width: 130,
        renderCell: ({ row }) => <ReservationStatusChip status={row.reservation_status} />,
      },
    ],
    [t, language],
  );
};

/** /reservation/reservations (spec §2): the mall's reservations, the newest first; a row opens its detail. */
export default function ReservationsPage() {
  const { t } = useTranslation('reservations');
  const columns = useColumns();
  const { params: search, set } = useUrlFilters();
  const status = reservationStatuses.find((value) => value === search.get('status')) ?? '';
  const params = useMemo(() => ({ filter: status ? { reservation_status: status } : {} }), [status]);
  return (
    <ResourceListPage<Reservation>
      resource={reservations}
      columns={columns}
      params={params}
      urlState
      labels="reservations"
      title={t('title')}
      crumbs={[{ label: t('group') }, { label: t('title') }]}
      create={{ to: '/reservation/new', label: t('create') }}
      searchPlaceholder={t('list.searchPlaceholder')}
      emptyState={{ text: t('list.empty') }}
      rowHref={(row) => `/reservation/${row._id}/detail`}
      rowName={(row) =>
        `${row.reservation_customer_name} ${row.reservation_customer_surname}, ${row.reservation_request_date}`
      }
      toolbar={
        <TextField
          select
          size="small"
          label={t('fields.reservation_status')}
          value={status}
          onChange={(event) => set('status', event.target.value)}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">{t('list.allStatuses')}</MenuItem>
          {reservationStatuses.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`statuses.${value}`)}
            </MenuItem>
          ))}
        </TextField>
      }
    />
  );
}
