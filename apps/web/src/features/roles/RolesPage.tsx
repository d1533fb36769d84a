import type { Role } from '@avlu/contracts';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CreateButton } from '../../components/page-header/CreateButton';
import { PageHeader } from '../../components/page-header/PageHeader';
import { DataTable, DeleteAction, EditAction, useConfirmedRemove } from '../../lib/data-table';
import { isSystemAdmin } from '../../lib/permissions';
import { roles } from './roles.resource';

const useColumns = (): GridColDef<Role>[] => {
  const { t } = useTranslation(['roles', 'layout']);
  return useMemo(
    () => [
      {
        field: 'role_name',
        flex: 1,
        minWidth: 220,
        valueGetter: (_, row) => (isSystemAdmin(row) ? t('layout:sidebar.platformAdmin') : row.role_name),
      },
      {
        field: 'modules',
        sortable: false,
        width: 200,
        renderCell: ({ row }) => (
          <Chip
            size="small"
            color={isSystemAdmin(row) ? 'primary' : 'default'}
            label={
              isSystemAdmin(row) ? t('allPermissions') : t('permissionCount', { count: row.modules.length })
            }
          />
        ),
      },
    ],
    [t],
  );
};

/** /user/roles: roles and how much each may do (spec §6). */
export default function RolesPage() {
  const { t } = useTranslation('roles');
  const navigate = useNavigate();
  const remove = useConfirmedRemove(roles, { title: t('deleteTitle') });
  const columns = useColumns();
  return (
    <>
      <PageHeader
        title={t('title')}
        action={<CreateButton to="/user/roles/new">{t('actions.create')}</CreateButton>}
      />
      <Card sx={{ p: 2 }}>
        <DataTable
          resource={roles}
          columns={columns}
          urlState
          label={t('title')}
          rowActions={(row) => (
            <>
              <EditAction
                disabled={isSystemAdmin(row)}
                onClick={() => navigate(`/user/roles/${row._id}/edit`)}
              />
              <DeleteAction disabled={isSystemAdmin(row)} onClick={() => remove(row._id, row.role_name)} />
            </>
          )}
        />
      </Card>
    </>
  );
}
