import type { LoyaltyCustomer } from '@avlu/contracts';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../lib/data-table';
import { formatDateTime } from '../../lib/i18n/dates';
import { useLanguage } from '../../lib/i18n/use-language';
import { redemptions } from './gifts.resource';
import { RedemptionStatus } from './RedemptionStatus';

/**
 * The customer detail's gifts tab (issue 14 #8): the customer's redemptions with their status, from
 * the gifted customers' list (`POST /loyalty-customer/filter` by customer), newest first.
 */
export function CustomerRedemptions({ customerId }: { customerId: string }) {
  const { t } = useTranslation('loyalty');
  const language = useLanguage();
  const params = useMemo(() => ({ filter: { loyalty_customer: customerId } }), [customerId]);
  const columns = useMemo((): GridColDef<LoyaltyCustomer>[] => {
    const number = new Intl.NumberFormat(language);
    return [
      { field: 'createdAt', width: 160, valueFormatter: (value: string) => formatDateTime(value) },
      { field: 'loyalty_customer_gift_title', flex: 1, minWidth: 160 },
      {
        field: 'loyalty_customer_points',
        width: 100,
        type: 'number',
        align: 'left',
        headerAlign: 'left',
        valueFormatter: (value: number) => number.format(value),
      },
      { field: 'loyalty_customer_gift_code', sortable: false, width: 140 },
      { field: 'loyalty_customer_tracking_number', sortable: false, width: 170 },
      {
        field: 'loyalty_customer_status',
        sortable: false,
        width: 140,
        renderCell: ({ row }) => <RedemptionStatus status={row.loyalty_customer_status} />,
      },
    ];
  }, [language]);
  return (
    <DataTable
      resource={redemptions}
      columns={columns}
      labels="loyalty"
      params={params}
      searchable={false}
      label={t('customerTabs.gifts')}
      emptyState={{ text: t('customerTabs.noGifts') }}
    />
  );
}
