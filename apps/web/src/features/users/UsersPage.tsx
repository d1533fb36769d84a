import type { AdminProfile } from '@avlu/contracts';
import PersonAddAltOutlinedIcon from '@mui/icons-material/PersonAddAltOutlined';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ResourceListPage } from '../../components/resource-list-page/ResourceListPage';
import { useAuth } from '../../lib/auth';
import { usePermissions, useRoleName } from '../../lib/permissions';
import { fullName, userEditPath, users } from './users.resource';
import './texts';

const useColumns = (): GridColDef<AdminProfile>[] => {
  const { t } = useTranslation('users');
  const roleName = useRoleName();
  return useMemo(
    () => [
      {
        field: 'admin_name',
        headerName: t('fullName'),
        flex: 1,
        minWidth: 200,
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', height: 1 }}>
            <Avatar src={row.admin_profile_photo ?? undefined} sx={{ width: 32, height: 32 }}>
              {row.admin_name.charAt(0)}
            </Avatar>
            <Typography variant="body2" noWrap>
              {fullName(row)}
            </Typography>
          </Stack>
        ),
      },
      { field: 'admin_email', flex: 1, minWidth: 200 },
      {
        field: 'admin_role_name',
        sortable: false,
        minWidth: 160,
        valueGetter: (_, row) => roleName(row.admin_role_name),
      },
      {
        field: 'admin_locations',
        sortable: false,
        flex: 1,
        minWidth: 200,
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: 1, overflow: 'hidden' }}>
            {row.admin_locations.map((location) => (
              <Chip key={location._id} size="small" variant="outlined" label={location.location_name} />
            ))}
          </Stack>
        ),
      },
    ],
    [t, roleName],
  );
};

/** /user/users: the staff who are not system admins (spec §6 noadmin=true). */
export default function UsersPage() {
  const { t } = useTranslation('users');
  const { admin } = useAuth();
  const { canVisit } = usePermissions();
  const columns = useColumns();
  const invite = (variant: 'text' | 'contained') =>
    canVisit('/user/invitations/new') && (
      <Button
        component={RouterLink}
        to="/user/invitations/new"
        variant={variant}
        startIcon={<PersonAddAltOutlinedIcon />}
      >
        {t('actions.invite')}
      </Button>
    );
  return (
    <ResourceListPage
      resource={users}
      columns={columns}
      title={t('title')}
      headerActions={invite('text')}
      create={{ to: '/user/new', label: t('actions.create') }}
      rowName={fullName}
      // Staff usually join by invitation; a user made here needs a password handed over.
      emptyState={{ text: t('empty'), action: invite('contained') || undefined }}
      rowActions={{
        edit: { to: userEditPath },
        remove: {
          confirm: t('deleteTitle'),
          describe: (row) => `${fullName(row)} · ${row.admin_email}`,
          // Nobody deletes themselves.
          disabled: (row) => row._id === admin?._id,
        },
      }}
    />
  );
}
