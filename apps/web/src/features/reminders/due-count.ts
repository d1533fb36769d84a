import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/**
 * The bell's count under the reminders resource's root key (`resourceKeys('reminders').all`), so any
 * change to a reminder refreshes it. Written out: importing the key helper split it into a chunk of its own.
 */
export const dueCountKey = ['reminders', 'due-count'] as const;

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
    // Refetched on focus once older than the cache's 30 s; a load's own focus changes send nothing twice.
    refetchInterval: DUE_COUNT_INTERVAL_MS,
    refetchOnWindowFocus: true,
  });
