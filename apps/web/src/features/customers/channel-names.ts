import { useMemo } from 'react';
import { useLanguage } from '../../lib/i18n/use-language';
import { channelName, channels, everyRow } from '../channels/channels.resource';

/**
 * The mall's channels by id, named in the screen's language, for the channel column and the channel
 * condition. A role without the channels module is refused the list; ids then stay unnamed.
 */
export const useChannelNames = () => {
  const language = useLanguage();
  const list = channels.useList(everyRow, { staleTime: 60_000, retry: false });
  return useMemo(() => {
    const names = new Map((list.data?.data ?? []).map((row) => [row._id, channelName(row, language)]));
    return { names, ids: [...names.keys()], loading: list.isPending, failed: list.isError };
  }, [list.data, list.isPending, list.isError, language]);
};
