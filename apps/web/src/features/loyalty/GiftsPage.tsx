import { type LoyaltyGift, loyaltyTierTitle } from '@avlu/contracts';
import Chip from '@mui/material/Chip';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourceListPage } from '../../components/resource-list-page/ResourceListPage';
import { useLanguage } from '../../lib/i18n/use-language';
import { gifts } from './gifts.resource';

const useColumns = (): GridColDef<LoyaltyGift>[] => {
  const { t } = useTranslation('loyalty');
  const language = useLanguage();
  return useMemo(() => {
    const format = new Intl.NumberFormat(language);
    const numeric = { type: 'number', align: 'left', headerAlign: 'left' } as const;
    return [
      { field: 'loyalty_gift_title', flex: 1, minWidth: 180 },
      {
        field: 'loyalty_gift_point_quantity',
        width: 130,
        ...numeric,
        valueFormatter: (value: number) => format.format(value),
      },
      {
        field: 'loyalty_gift_stock_quantity',
        width: 120,
        ...numeric,
        valueFormatter: (value: number) => format.format(value),
      },
      {
        field: 'loyalty_gift_min_tier_title',
        sortable: false,
        width: 150,
        valueGetter: (_: unknown, row: LoyaltyGift) =>
          row.loyalty_gift_min_tier_title
            ? loyaltyTierTitle(
                {
                  loyalty_tier_title: row.loyalty_gift_min_tier_title,
                  loyalty_tier_title_en: row.loyalty_gift_min_tier_title_en,
                },
                language,
              )
            : '',
      },
      {
        field: 'loyalty_gift_send_type',
        sortable: false,
        width: 160,
        valueFormatter: (value: LoyaltyGift['loyalty_gift_send_type']) => t(`gifts.sendTypes.${value}`),
      },
      {
        field: 'loyalty_gift_available_codes',
        sortable: false,
        width: 120,
        ...numeric,
        valueGetter: (_: unknown, row: LoyaltyGift) =>
          row.loyalty_gift_codes_used + row.loyalty_gift_available_codes === 0
            ? null
            : row.loyalty_gift_available_codes,
      },
      {
        field: 'loyalty_gift_is_active',
        sortable: false,
        width: 110,
        renderCell: ({ row }) => (
          <Chip
            size="small"
            color={row.loyalty_gift_is_active ? 'success' : 'default'}
            label={row.loyalty_gift_is_active ? t('gifts.active') : t('gifts.inactive')}
          />
        ),
      },
    ];
  }, [language, t]);
};

/** /loyalty/gifts: the mall's gifts, newest first. */
export default function GiftsPage() {
  const { t } = useTranslation('loyalty');
  const columns = useColumns();
  return (
    <ResourceListPage
      resource={gifts}
      columns={columns}
      labels="loyalty"
      urlState
      title={t('gifts.title')}
      crumbs={[{ label: t('title') }, { label: t('gifts.title') }]}
      create={{ to: '/loyalty/gifts/new', label: t('gifts.create') }}
      emptyState={{ text: t('gifts.empty') }}
      actionsWidth={100}
      rowName={(row) => row.loyalty_gift_title}
      rowActions={{
        edit: { to: (row) => `/loyalty/gifts/${row._id}/edit` },
        remove: {
          confirm: t('gifts.deleteTitle'),
          describe: (row) => t('gifts.deleteText', { name: row.loyalty_gift_title }),
        },
      }}
    />
  );
}
