import type { Invitation } from '@avlu/contracts';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import Chip, { type ChipProps } from '@mui/material/Chip';
import type { GridColDef } from '@mui/x-data-grid';
import { useSnackbar } from 'notistack';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../components/confirm-dialog';
import { ResourceListPage } from '../../components/resource-list-page/ResourceListPage';
import { RowAction } from '../../lib/data-table';
import { formatDateTime } from '../../lib/i18n/dates';
import { useRoleName } from '../../lib/permissions';
import { invitations, inviteFailure, resendInvitation } from './invitations.resource';
import './texts';

const statusColor: Record<Invitation['status'], ChipProps['color']> = {
  pending: 'warning',
  accepted: 'success',
  expired: 'default',
};

const useColumns = (): GridColDef<Invitation>[] => {
  const { t } = useTranslation('invitations');
  const roleName = useRoleName();
  return useMemo(
    () => [
      { field: 'admin_invite_email', flex: 1, minWidth: 220 },
      {
        field: 'admin_invite_role_name',
        sortable: false,
        minWidth: 160,
        valueGetter: (_, row) => roleName(row.admin_invite_role_name),
      },
      {
        field: 'status',
        sortable: false,
        width: 150,
        renderCell: ({ row }) => (
          <Chip size="small" color={statusColor[row.status]} label={t(`statuses.${row.status}`)} />
        ),
      },
      { field: 'createdAt', width: 170, valueGetter: (_, row) => formatDateTime(row.created_at) },
      { field: 'expiresAt', width: 170, valueGetter: (_, row) => formatDateTime(row.expiresAt) },
    ],
    [t, roleName],
  );
};

/** /user/invitations: who was invited, with resend and delete (spec §6). */
export default function InvitationsPage() {
  const { t } = useTranslation('invitations');
  const { enqueueSnackbar } = useSnackbar();
  const confirm = useConfirm();
  const resend = invitations.useAction(resendInvitation, { success: 'invitations:sent', error: false });
  const columns = useColumns();

  const askResend = async (row: Invitation) => {
    const content = t('resendText', { email: row.admin_invite_email });
    if (!(await confirm({ title: t('resendTitle'), content }))) return;
    resend.mutateAsync(row._id).catch((error: unknown) => {
      const message = inviteFailure(error, t('sendFailed'));
      if (message) enqueueSnackbar(message, { variant: 'error' });
    });
  };

  return (
    <ResourceListPage
      resource={invitations}
      columns={columns}
      title={t('title')}
      create={{ to: '/user/invitations/new', label: t('actions.create') }}
      rowName={(row) => row.admin_invite_email}
      emptyState={{ text: t('empty') }}
      rowActions={{
        extra: (row) => (
          <RowAction
            label={t('actions.resend')}
            icon={<SendOutlinedIcon fontSize="small" />}
            disabled={row.status === 'accepted'}
            onClick={() => askResend(row)}
          />
        ),
        remove: { confirm: t('deleteTitle'), describe: (row) => row.admin_invite_email },
      }}
    />
  );
}
