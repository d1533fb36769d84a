import type { LocationSettings } from '@avlu/contracts';
import Avatar from '@mui/material/Avatar';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourceListPage } from '../../components/resource-list-page/ResourceListPage';
import { locations } from './locations.resource';
import './texts';

const useColumns = (): GridColDef<LocationSettings>[] => {
  const { t } = useTranslation('locations');
  return useMemo(
    () => [
      {
        field: 'location_name',
        flex: 1,
        minWidth: 220,
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', height: 1 }}>
            <Avatar
              variant="rounded"
              src={row.location_logo.thumbnail ?? undefined}
              sx={{ width: 32, height: 32 }}
            >
              {row.location_name.charAt(0)}
            </Avatar>
            <Typography variant="body2" noWrap>
              {row.location_name}
            </Typography>
          </Stack>
        ),
      },
      {
        field: 'timezone',
        sortable: false,
        minWidth: 180,
        valueGetter: (_, row) => row.location_meta.timezone,
      },
      {
        field: 'hasMobileApp',
        sortable: false,
        width: 190,
        renderCell: ({ row }) => (
          <Chip
            size="small"
            color={row.hasMobileApp ? 'success' : 'default'}
            label={row.hasMobileApp ? t('yes') : t('no')}
          />
        ),
      },
    ],
    [t],
  );
};

/** /settings/locations: the malls of the platform, for the system admin. */
export default function LocationsPage() {
  const { t } = useTranslation('locations');
  const columns = useColumns();
  return (
    <ResourceListPage
      resource={locations}
      columns={columns}
      title={t('title')}
      crumbs={[{ label: t('settings') }, { label: t('title') }]}
      create={{ to: '/settings/locations/new', label: t('actions.create') }}
      actionsWidth={80}
      rowActions={{ edit: { to: (row) => `/settings/locations/${row._id}/edit` } }}
    />
  );
}
