import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api';

/**
 * The API client already retries calls that got no answer; a server's error answer is final, so
 * the query layer does not retry on top of it.
 */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => !isApiError(error) && failureCount < 1,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
    },
  });
