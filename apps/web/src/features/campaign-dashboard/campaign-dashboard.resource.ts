import {
  type DashboardCampaign,
  type DashboardReport,
  type DashboardReportBody,
  dashboardCampaignList,
  dashboardReport,
} from '@avlu/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ApiError, api, type DownloadProgress } from '../../lib/api';

/** GET /reports/campaign-dashboard-campaign-list: every campaign of the mall to pick from. */
export const useDashboardCampaigns = () =>
  useQuery<DashboardCampaign[], ApiError>({
    queryKey: ['campaign-dashboard', 'campaigns'],
    queryFn: ({ signal }) =>
      api.get('/reports/campaign-dashboard-campaign-list', {
        schema: dashboardCampaignList,
        signal,
        dedupe: false,
      }),
  });

/** POST /reports/campaign-dashboard-report for the chosen campaigns and period; idle without a body. */
export const useDashboardReport = (body: DashboardReportBody | undefined) =>
  useQuery<DashboardReport, ApiError>({
    queryKey: ['campaign-dashboard', 'report', body],
    queryFn: ({ signal }) =>
      api.post('/reports/campaign-dashboard-report', body, {
        schema: dashboardReport,
        signal,
        dedupe: false,
      }),
    enabled: body !== undefined,
    placeholderData: keepPreviousData,
    // The rollup moves at most once a minute.
    staleTime: 30_000,
  });

/** POST /reports/campaigns-excel-report: the same report as an xlsx. */
export const exportDashboard = (
  body: DashboardReportBody,
  onProgress: (progress: DownloadProgress) => void,
) =>
  api.download('POST', '/reports/campaigns-excel-report', {
    body,
    onProgress,
    filename: 'kampanya-raporu.xlsx',
  });
