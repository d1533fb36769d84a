import { useTranslation } from 'react-i18next';
import { useDeleteRoute, useDeleteTarget } from '../../components/resource-list-page/delete-route';
import { useConfirmedRemove } from '../../lib/data-table';
import { channelTypes, useAllChannelTypes } from './channels.resource';

/** /registration/channel-tags/{channelTagId}/delete: the list stays behind the question. */
export default function ChannelTagDeleteRoute() {
  const { t } = useTranslation('channels');
  const target = useDeleteTarget('channelTagId');
  // On a deep link the name comes from the full list (the API has no single read of a tag).
  const types = useAllChannelTypes();
  const found = types.data?.data.find((row) => row._id === target.id)?.channel_type_name;
  const loaded = found ?? (types.data || types.isError ? null : undefined);
  useDeleteRoute({
    id: target.id,
    name: target.name ?? loaded,
    listPath: '/registration/channel-tags',
    remove: useConfirmedRemove(channelTypes, { title: t('tags.deleteTitle') }),
  });
  return null;
}
