import type { ChannelType } from '@avlu/contracts';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { ResourceListPage } from '../../components/resource-list-page/ResourceListPage';
import { channelTypes } from './channels.resource';

const columns: GridColDef<ChannelType>[] = [
  { field: 'channel_type_name', flex: 1, minWidth: 220 },
  {
    field: 'channel_type_exp',
    sortable: false,
    flex: 2,
    minWidth: 260,
    valueGetter: (value: string) => value || '—',
  },
];

/** /registration/channel-tags: the types channels are grouped by (spec §3 "Channel type"). */
export default function ChannelTagsPage() {
  const { t } = useTranslation('channels');
  return (
    <ResourceListPage
      resource={channelTypes}
      columns={columns}
      labels="channels"
      title={t('tags.title')}
      crumbs={[{ label: t('group') }, { label: t('tags.title') }]}
      create={{ to: '/registration/channel-tags/new', label: t('tags.create') }}
      actionsWidth={100}
      rowActions={{
        edit: { to: (row) => `/registration/channel-tags/${row._id}/edit` },
        remove: {
          route: (row) => `/registration/channel-tags/${row._id}/delete`,
          name: (row) => row.channel_type_name,
        },
      }}
    />
  );
}
