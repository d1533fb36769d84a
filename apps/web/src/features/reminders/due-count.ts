import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { resourceKeys } from '../../lib/resource/query-keys';

/** The reminders' query keys: the bell's count lives under them, so any change to a reminder refreshes it. */
export const reminderKeys = resourceKeys('reminders');
export const dueCountKey = [...reminderKeys.all, 'due-count'] as const;

/** How often the top bar asks again while the page is shown (and at once when it gets the focus back). */
export const DUE_COUNT_INTERVAL_MS = 60_000;

/**
 * The signed-in user's due reminders in the mall, counted: `GET /reminder?status=due&limit=1`, whose
 * total is the count. Kept tiny: it runs on every back-office page, so it reads no schema and no texts.
 */
export const useDueReminderCount = () =>
  useQuery({
    queryKey: dueCountKey,
    queryFn: async ({ signal }) => {
      const answer = await api.get<{ pagination?: { total?: unknown } }>('/reminder', {
        query: { status: 'due', limit: 1 },
        signal,
        dedupe: false,
      });
      const total = answer?.pagination?.total;
      return typeof total === 'number' ? total : 0;
    },
    staleTime: 0,
    refetchInterval: DUE_COUNT_INTERVAL_MS,
    refetchOnWindowFocus: true,
    retry: false,
  });
