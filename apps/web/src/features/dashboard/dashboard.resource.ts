import { type MallDashboard, type MallDashboardQuery, mallDashboard } from '@avlu/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ApiError, api } from '../../lib/api';

/** The query keys of the mall dashboard: one per period (the mall is the session's; changing it reloads). */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  figures: (query: MallDashboardQuery | undefined) => ['dashboard', 'figures', query] as const,
};

/**
 * GET /data/dashboard for the period; idle without one (a date range not yet picked). The figures of
 * the previous period stay on screen while the next one loads.
 */
export const useMallDashboard = (query: MallDashboardQuery | undefined) =>
  useQuery<MallDashboard, ApiError>({
    queryKey: dashboardKeys.figures(query),
    queryFn: ({ signal }) =>
      api.get('/data/dashboard', { query, schema: mallDashboard, signal, dedupe: false }),
    enabled: query !== undefined,
    placeholderData: keepPreviousData,
  });
