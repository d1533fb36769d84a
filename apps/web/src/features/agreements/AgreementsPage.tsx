import type { Agreement } from '@avlu/contracts';
import Switch from '@mui/material/Switch';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourceListPage } from '../../components/resource-list-page/ResourceListPage';
import { useLanguage } from '../../lib/i18n/use-language';
import { agreements, useInUseChange } from './agreements.resource';
import './texts';

function InUseSwitch({ row }: { row: Agreement }) {
  const { t } = useTranslation('agreements');
  const change = useInUseChange();
  return (
    <Switch
      checked={row.agreement_in_use}
      disabled={change.isPending}
      slotProps={{ input: { 'aria-label': `${t('fields.agreement_in_use')}: ${row.agreement_title}` } }}
      onClick={(event) => event.stopPropagation()}
      onChange={(_, on) => change.mutate({ id: row._id, agreement_in_use: on })}
    />
  );
}

const useColumns = (): GridColDef<Agreement>[] => {
  const { t } = useTranslation('agreements');
  const language = useLanguage();
  return useMemo(
    () => [
      { field: 'agreement_title', flex: 1, minWidth: 200 },
      {
        field: 'agreement_type',
        width: 180,
        valueFormatter: (value: Agreement['agreement_type']) => t(`types.${value}`),
      },
      {
        field: 'agreement_target',
        width: 210,
        sortable: false,
        valueFormatter: (value: Agreement['agreement_target']) => t(`targets.${value}`),
      },
      { field: 'agreement_version', width: 220, sortable: false },
      {
        field: 'agreement_in_use',
        width: 110,
        sortable: false,
        renderCell: ({ row }) => <InUseSwitch row={row} />,
      },
      {
        field: 'createdAt',
        width: 130,
        valueFormatter: (value: string) => new Date(value).toLocaleDateString(language),
      },
    ],
    [t, language],
  );
};

/** /agreements: every version of the mall's texts, each in use or not. */
export default function AgreementsPage() {
  const { t } = useTranslation('agreements');
  const columns = useColumns();
  return (
    <ResourceListPage
      resource={agreements}
      columns={columns}
      labels="agreements"
      urlState
      title={t('title')}
      crumbs={[{ label: t('title') }]}
      create={{ to: '/agreements/new', label: t('new') }}
      emptyState={{ text: t('empty') }}
      actionsWidth={100}
      rowName={(row) => row.agreement_title}
      rowActions={{
        edit: { to: (row) => `/agreements/${row._id}` },
        remove: {
          confirm: t('deleteTitle'),
          describe: (row) => `${row.agreement_title} (${row.agreement_version})`,
        },
      }}
    />
  );
}
