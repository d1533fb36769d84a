import { useMemo } from 'react';
import { useLanguage } from '../../lib/i18n/use-language';
import { usePermissions } from '../../lib/permissions';
import { channelName, channels, everyRow } from '../channels/channels.resource';

/**
 * The mall's channels by id, named in the screen's language, for the channel column and the channel
 * condition. A role without the channels module is not asked for them (the server would refuse and
 * audit the refusal); ids then stay unnamed.
 */
export const useChannelNames = () => {
  const language = useLanguage();
  const allowed = usePermissions().canUseSubject('modules:customer-registration:channels');
  const list = channels.useList(everyRow, { staleTime: 60_000, retry: false, enabled: allowed });
  return useMemo(() => {
    const names = new Map((list.data?.data ?? []).map((row) => [row._id, channelName(row, language)]));
    return {
      names,
      ids: [...names.keys()],
      loading: allowed && list.isPending,
      failed: !allowed || list.isError,
    };
  }, [list.data, list.isPending, list.isError, language, allowed]);
};
