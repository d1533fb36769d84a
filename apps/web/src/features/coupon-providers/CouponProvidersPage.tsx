import { type CouponProvider, couponProviderTypeLabels, type Language } from '@avlu/contracts';
import Chip from '@mui/material/Chip';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourceListPage } from '../../components/resource-list-page/ResourceListPage';
import { couponProviders } from './coupon-providers.resource';

/** /campaigns/coupon-providers (spec §2): who honours the mall's campaign codes; added and removed, not edited. */
export default function CouponProvidersPage() {
  const { t, i18n } = useTranslation('coupon-providers');
  const columns = useMemo<GridColDef<CouponProvider>[]>(
    () => [
      { field: 'coupon_provider_name', flex: 1, minWidth: 220 },
      {
        field: 'coupon_provider_type',
        width: 140,
        renderCell: ({ row }) => (
          <Chip
            size="small"
            variant="outlined"
            color={row.coupon_provider_type === 'store' ? 'primary' : 'default'}
            label={couponProviderTypeLabels[i18n.language as Language][row.coupon_provider_type]}
          />
        ),
      },
      {
        field: 'coupon_provider_store_name',
        sortable: false,
        flex: 1,
        minWidth: 180,
        valueGetter: (value: string | null) => value ?? '—',
      },
    ],
    [i18n.language],
  );
  return (
    <ResourceListPage
      resource={couponProviders}
      columns={columns}
      labels="coupon-providers"
      title={t('title')}
      crumbs={[{ label: t('group') }, { label: t('title') }]}
      create={{ to: '/campaigns/coupon-providers/new', label: t('create') }}
      actionsWidth={80}
      emptyState={{ text: t('empty') }}
      rowActions={{
        remove: {
          route: (row) => `/campaigns/coupon-providers/${row._id}/delete`,
          name: (row) => row.coupon_provider_name,
        },
      }}
    />
  );
}
