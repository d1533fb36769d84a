import { useTranslation } from 'react-i18next';
import { useDeleteRoute, useDeleteTarget } from '../../components/resource-list-page/delete-route';
import { useConfirmedRemove } from '../../lib/data-table';
import { useLanguage } from '../../lib/i18n/use-language';
import { channelName, channels } from './channels.resource';

/** /registration/channels/{channelId}/delete: the list stays behind the question. */
export default function ChannelDeleteRoute() {
  const { t } = useTranslation('channels');
  const language = useLanguage();
  const target = useDeleteTarget('channelId');
  // Read only on a deep link: a row hands its name over.
  const channel = channels.useOne(target.name === undefined ? target.id : undefined);
  const loaded = channel.data ? channelName(channel.data, language) : channel.isError ? null : undefined;
  useDeleteRoute({
    id: target.id,
    name: target.name ?? loaded,
    listPath: '/registration/channels',
    remove: useConfirmedRemove(channels, { title: t('deleteTitle') }),
  });
  return null;
}
