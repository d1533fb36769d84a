import type { ProviderAccount } from '@avlu/contracts';
import Chip from '@mui/material/Chip';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourceListPage } from '../../components/resource-list-page/ResourceListPage';
import { MarketingSettingsCard } from './MarketingSettingsCard';
import { providerAccounts } from './provider-accounts.resource';
import './texts';

const stateColor = { ok: 'success', error: 'error', unchecked: 'default', inactive: 'default' } as const;

/**
 * /settings/provider-accounts: the mall's SMS, email and push accounts (credentials are never shown),
 * and under them the mall's marketing settings.
 */
export default function ProviderAccountsPage() {
  const { t, i18n } = useTranslation('marketing-settings');
  const columns = useMemo<GridColDef<ProviderAccount>[]>(
    () => [
      { field: 'account_channel', width: 110, valueGetter: (value: string) => t(`channels.${value}`) },
      { field: 'account_kind', width: 150, valueGetter: (value: string) => t(`kinds.${value}`) },
      { field: 'account_name', flex: 1, minWidth: 180 },
      {
        field: 'account_sender',
        flex: 1,
        minWidth: 160,
        valueGetter: (value: string | null) => value ?? '—',
      },
      {
        field: 'account_has_credentials',
        width: 130,
        valueGetter: (value: boolean) => (value ? t('credentialsSet') : t('credentialsMissing')),
      },
      {
        field: 'account_state',
        width: 130,
        renderCell: ({ row }) => (
          <Chip
            size="small"
            variant="outlined"
            color={stateColor[row.account_state as keyof typeof stateColor] ?? 'default'}
            label={t(`states.${row.account_state}`, { defaultValue: row.account_state })}
            title={row.account_state_message ?? undefined}
          />
        ),
      },
      {
        field: 'account_credit',
        width: 120,
        valueGetter: (value: number | null) =>
          value === null
            ? '—'
            : new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'TRY' }).format(value),
      },
    ],
    [t, i18n.language],
  );
  return (
    <>
      <ResourceListPage
        resource={providerAccounts}
        columns={columns}
        labels="marketing-settings"
        title={t('title')}
        crumbs={[{ label: t('settings') }, { label: t('title') }]}
        create={{ to: '/settings/provider-accounts/new', label: t('create') }}
        actionsWidth={110}
        emptyState={{ text: t('empty') }}
        rowActions={{
          edit: { to: (row) => `/settings/provider-accounts/${row._id}/edit` },
          remove: {
            route: (row) => `/settings/provider-accounts/${row._id}/delete`,
            name: (row) => row.account_name,
          },
        }}
      />
      <MarketingSettingsCard />
    </>
  );
}
