import { type Query, QueryClient, type QueryFunctionContext } from '@tanstack/react-query';
import { isApiError } from '../lib/api';

/** A query function's context with another `signal`; the original's getter is not called. */
const withSignal = (context: QueryFunctionContext, signal: AbortSignal): QueryFunctionContext => {
  const { signal: _tanstacks, ...others } = Object.getOwnPropertyDescriptors(context);
  return Object.defineProperties({} as QueryFunctionContext, {
    ...others,
    signal: { value: signal, enumerable: true },
  });
};

/**
 * The app's query cache. The API client already retries calls that got no answer; a server's error
 * answer is final, so the query layer does not retry on top of it.
 *
 * A fetch is sent once and cancelled only when nobody wants it any more. TanStack Query cancels a
 * fetch the moment its last component unmounts if the query function read `signal`; React
 * unmounts and mounts every component once more in development (StrictMode), and a page may hand a
 * query in flight over to the next page in the same commit, so every call went out twice with the
 * first cancelled. Query functions therefore get a signal of this cache's own (through the
 * `persister` hook, which wraps every query function), aborted when the query still has no
 * component a moment after its last one left, or when a new fetch of the same query replaces it.
 */
export const createQueryClient = () => {
  const running = new WeakMap<Query, AbortController>();
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => !isApiError(error) && failureCount < 1,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
        // A persister would otherwise make TanStack default to 'offlineFirst'.
        networkMode: 'online',
        persister: async (queryFn, context, query) => {
          running.get(query)?.abort();
          const controller = new AbortController();
          running.set(query, controller);
          try {
            return await queryFn(withSignal(context, controller.signal) as never);
          } finally {
            if (running.get(query) === controller) running.delete(query);
          }
        },
      },
    },
  });
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'observerRemoved') return;
    const { query } = event;
    setTimeout(() => {
      const controller = running.get(query);
      if (!controller || query.getObserversCount() > 0) return;
      // Back to the state before the fetch, so the next component to want it fetches again.
      void query.cancel({ revert: true });
      controller.abort();
    });
  });
  return queryClient;
};
