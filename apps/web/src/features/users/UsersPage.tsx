import type { AdminProfile } from '@avlu/contracts';
import PersonAddAltOutlinedIcon from '@mui/icons-material/PersonAddAltOutlined';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { CreateButton } from '../../components/page-header/CreateButton';
import { PageHeader } from '../../components/page-header/PageHeader';
import { useAuth } from '../../lib/auth';
import { DataTable, DeleteAction, EditAction, useConfirmedRemove } from '../../lib/data-table';
import { usePermissions } from '../../lib/permissions';
import { fullName, userEditPath, users } from './users.resource';

const useColumns = (): GridColDef<AdminProfile>[] => {
  const { t } = useTranslation('users');
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
      { field: 'admin_role_name', sortable: false, minWidth: 160 },
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
    [t],
  );
};

/** /user/users: the staff who are not system admins (spec §6 noadmin=true). */
export default function UsersPage() {
  const { t } = useTranslation('users');
  const navigate = useNavigate();
  const { admin } = useAuth();
  const { canVisit } = usePermissions();
  const remove = useConfirmedRemove(users, { title: t('deleteTitle') });
  const columns = useColumns();
  return (
    <>
      <PageHeader
        title={t('title')}
        action={
          <>
            {canVisit('/user/invitations/new') && (
              <Button
                component={RouterLink}
                to="/user/invitations/new"
                startIcon={<PersonAddAltOutlinedIcon />}
              >
                {t('actions.invite')}
              </Button>
            )}
            <CreateButton to="/user/new">{t('actions.create')}</CreateButton>
          </>
        }
      />
      <Card sx={{ p: 2 }}>
        <DataTable
          resource={users}
          columns={columns}
          urlState
          label={t('title')}
          rowActions={(row) => (
            <>
              <EditAction onClick={() => navigate(userEditPath(row))} />
              <DeleteAction
                disabled={row._id === admin?._id}
                onClick={() => remove(row._id, `${fullName(row)} · ${row.admin_email}`)}
              />
            </>
          )}
        />
      </Card>
    </>
  );
}
