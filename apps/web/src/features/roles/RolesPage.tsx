import type { Role } from '@avlu/contracts';
import Chip from '@mui/material/Chip';
import type { GridColDef } from '@mui/x-data-grid';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourceListPage } from '../../components/resource-list-page/ResourceListPage';
import { isSystemAdmin, useRoleName } from '../../lib/permissions';
import { roles } from './roles.resource';
import './texts';

const useColumns = (roleName: (role: Role) => string): GridColDef<Role>[] => {
  const { t } = useTranslation('roles');
  return useMemo(
    () => [
      { field: 'role_name', flex: 1, minWidth: 220, valueGetter: (_, row) => roleName(row) },
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
    [t, roleName],
  );
};

/** /user/roles: roles and how much each may do (spec §6). */
export default function RolesPage() {
  const { t } = useTranslation('roles');
  const nameOf = useRoleName();
  const roleName = useCallback((role: Role) => nameOf(role.role_name), [nameOf]);
  const columns = useColumns(roleName);
  return (
    <ResourceListPage
      resource={roles}
      columns={columns}
      title={t('title')}
      create={{ to: '/user/roles/new', label: t('actions.create') }}
      rowName={roleName}
      rowActions={{
        // The system admin role may do everything by its name; it is neither edited nor deleted.
        edit: { to: (row) => `/user/roles/${row._id}/edit`, disabled: isSystemAdmin },
        remove: { confirm: t('deleteTitle'), describe: (row) => row.role_name, disabled: isSystemAdmin },
      }}
    />
  );
}
