import { type LoyaltyTier, loyaltyTierTitle } from '@avlu/contracts';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourceListPage } from '../../components/resource-list-page/ResourceListPage';
import { useLanguage } from '../../lib/i18n/use-language';
import { tiers } from './tiers.resource';

const useColumns = (): GridColDef<LoyaltyTier>[] => {
  const language = useLanguage();
  return useMemo(() => {
    const number = (maximumFractionDigits = 0) => {
      const format = new Intl.NumberFormat(language, {
        maximumFractionDigits,
        minimumFractionDigits: maximumFractionDigits,
      });
      return (value: number) => format.format(value);
    };
    const numeric = { type: 'number', align: 'left', headerAlign: 'left' } as const;
    return [
      { field: 'loyalty_tier_priority', width: 110, ...numeric },
      { field: 'loyalty_tier_title', flex: 1, minWidth: 160 },
      { field: 'loyalty_tier_title_en', flex: 1, minWidth: 160 },
      { field: 'loyalty_tier_min_points', width: 170, ...numeric, valueFormatter: number() },
      { field: 'loyalty_tier_point_multiplier', width: 150, ...numeric, valueFormatter: number(2) },
      {
        field: 'loyalty_tier_customer_count',
        sortable: false,
        width: 150,
        ...numeric,
        valueFormatter: number(),
      },
    ];
  }, [language]);
};

/** /loyalty/tiers (spec §2 "membership status"): the mall's tiers, by priority. */
export default function TiersPage() {
  const { t } = useTranslation('loyalty');
  const language = useLanguage();
  const columns = useColumns();
  return (
    <ResourceListPage
      resource={tiers}
      columns={columns}
      labels="loyalty"
      urlState
      title={t('tiers.title')}
      crumbs={[{ label: t('title') }, { label: t('tiers.title') }]}
      create={{ to: '/loyalty/tiers/new', label: t('tiers.create') }}
      emptyState={{ text: t('tiers.empty') }}
      actionsWidth={100}
      rowName={(row) => loyaltyTierTitle(row, language)}
      rowActions={{
        edit: { to: (row) => `/loyalty/tiers/${row._id}/edit` },
        remove: {
          confirm: t('tiers.deleteTitle'),
          describe: (row) =>
            t('tiers.deleteText', {
              name: loyaltyTierTitle(row, language),
              count: row.loyalty_tier_customer_count,
            }),
        },
      }}
    />
  );
}
