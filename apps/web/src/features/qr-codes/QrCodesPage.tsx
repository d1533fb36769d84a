import type { QrCode } from '@avlu/contracts';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourceListPage } from '../../components/resource-list-page/ResourceListPage';
import { useLanguage } from '../../lib/i18n/use-language';
import { qrCodes } from './qr-codes.resource';
import './texts';

const useColumns = (): GridColDef<QrCode>[] => {
  const { t } = useTranslation('qr-codes');
  const language = useLanguage();
  return useMemo(
    () => [
      { field: 'qr_code_title', flex: 1, minWidth: 200 },
      { field: 'qr_code_campaign_name', flex: 1, minWidth: 180, sortable: false },
      {
        field: 'qr_code_type',
        width: 170,
        sortable: false,
        valueFormatter: (value: QrCode['qr_code_type']) => t(`types.${value}`),
      },
      {
        field: 'qr_code_generation',
        width: 120,
        sortable: false,
        valueFormatter: (value: QrCode['qr_code_generation']) => t(`generations.${value}`),
      },
      {
        field: 'qr_code_scan_count',
        width: 110,
        type: 'number',
        align: 'left',
        headerAlign: 'left',
        valueFormatter: (value: number) => new Intl.NumberFormat(language).format(value),
      },
      {
        field: 'createdAt',
        width: 150,
        valueFormatter: (value: string) => new Date(value).toLocaleDateString(language),
      },
    ],
    [t, language],
  );
};

/** /qr-codes: the mall's QR codes with their scans. */
export default function QrCodesPage() {
  const { t } = useTranslation('qr-codes');
  const columns = useColumns();
  return (
    <ResourceListPage
      resource={qrCodes}
      columns={columns}
      labels="qr-codes"
      urlState
      title={t('title')}
      crumbs={[{ label: t('title') }]}
      create={{ to: '/qr-codes/new', label: t('new') }}
      emptyState={{ text: t('empty') }}
      actionsWidth={100}
      rowName={(row) => row.qr_code_title}
      rowActions={{
        edit: { to: (row) => `/qr-codes/${row._id}` },
        remove: { confirm: t('deleteTitle'), describe: (row) => row.qr_code_title },
      }}
    />
  );
}
