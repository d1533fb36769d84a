import { type LoyaltyCustomerSummary, loyaltyTierTitle } from '@avlu/contracts';
import CardGiftcardIcon from '@mui/icons-material/CardGiftcardOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, RowAction } from '../../lib/data-table';
import { formatDateTime } from '../../lib/i18n/dates';
import { useLanguage } from '../../lib/i18n/use-language';
import { displayPhone, fullName } from '../customers/customers.resource';
import { loyaltyCustomers } from './loyalty-customers.resource';

/**
 * The loyalty customers (issue 14 #7) on /loyalty/customer-loyalty before one is picked: the largest
 * balance first (the server's default), sortable by balance and lifetime points, searchable by name
 * and phone; a row's action opens that customer's gifts.
 */
export function LoyaltyCustomersList({ onOpen }: { onOpen: (row: LoyaltyCustomerSummary) => void }) {
  const { t } = useTranslation('loyalty');
  const language = useLanguage();
  const columns = useMemo((): GridColDef<LoyaltyCustomerSummary>[] => {
    const number = new Intl.NumberFormat(language);
    const header = (key: string) => t(`loyaltyCustomers.columns.${key}`);
    return [
      {
        field: 'customer',
        headerName: header('customer'),
        sortable: false,
        flex: 1,
        minWidth: 160,
        valueGetter: (_: unknown, row: LoyaltyCustomerSummary) => fullName(row),
      },
      {
        field: 'customer_phone',
        headerName: header('customer_phone'),
        sortable: false,
        width: 150,
        valueFormatter: (value: string) => displayPhone(value),
      },
      {
        field: 'point_balance',
        headerName: header('point_balance'),
        type: 'number',
        width: 120,
        valueFormatter: (value: number) => number.format(value),
      },
      {
        field: 'loyalty_tier_title',
        headerName: header('loyalty_tier_title'),
        sortable: false,
        width: 130,
        valueGetter: (_: unknown, row: LoyaltyCustomerSummary) =>
          row.loyalty_tier_title
            ? loyaltyTierTitle(
                {
                  loyalty_tier_title: row.loyalty_tier_title,
                  loyalty_tier_title_en: row.loyalty_tier_title_en,
                },
                language,
              )
            : t('points.noTier'),
      },
      {
        field: 'point_earned_total',
        headerName: header('point_earned_total'),
        type: 'number',
        width: 150,
        valueFormatter: (value: number) => number.format(value),
      },
      {
        field: 'last_receipt_date',
        headerName: header('last_receipt_date'),
        sortable: false,
        width: 170,
        valueFormatter: (value: string | null) => (value ? formatDateTime(value) : ''),
      },
    ];
  }, [language, t]);
  return (
    <DataTable
      resource={loyaltyCustomers}
      columns={columns}
      label={t('loyaltyCustomers.title')}
      searchPlaceholder={t('loyaltyCustomers.searchPlaceholder')}
      getRowId={(row) => row.customer_id}
      rowName={(row) => fullName(row) || displayPhone(row.customer_phone)}
      emptyState={{ text: t('loyaltyCustomers.empty') }}
      rowActions={(row) => (
        <RowAction
          label={t('loyaltyCustomers.open')}
          icon={<CardGiftcardIcon fontSize="small" />}
          onClick={() => onOpen(row)}
        />
      )}
    />
  );
}
