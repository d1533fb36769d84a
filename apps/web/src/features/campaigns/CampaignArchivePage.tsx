import type { Campaign, CampaignListQuery } from '@avlu/contracts';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { ResourceListPage } from '../../components/resource-list-page/ResourceListPage';
import { formatDate } from '../../lib/i18n/dates';
import { useLanguage } from '../../lib/i18n/use-language';
import { useCampaignColumns } from './campaign-columns';
import { archivedCampaigns, campaignName } from './campaigns.resource';

const archiveDate: GridColDef<Campaign>[] = [
  { field: 'campaign_archive_date', width: 150, valueFormatter: (value: string) => formatDate(value) },
];

/** /campaigns/archive: archived campaigns (`GET /campaign?onlyArchived=true`), read only. */
export default function CampaignArchivePage() {
  const { t } = useTranslation('campaigns');
  const language = useLanguage();
  const columns = useCampaignColumns(archiveDate);
  return (
    <ResourceListPage<Campaign, CampaignListQuery>
      resource={archivedCampaigns}
      columns={columns}
      labels="campaigns"
      title={t('archive.title')}
      crumbs={[
        { label: t('group'), to: '/campaigns' },
        { label: t('list.title'), to: '/campaigns/list' },
        { label: t('archive.title') },
      ]}
      searchPlaceholder={t('list.searchPlaceholder')}
      rowName={(row) => campaignName(row, language)}
      emptyState={{ text: t('archive.empty') }}
    />
  );
}
