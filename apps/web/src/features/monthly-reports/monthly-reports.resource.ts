import { type MonthlyReport, monthlyReport, monthlyReportDetail } from '@avlu/contracts';
import { api, type DownloadProgress } from '../../lib/api';
import { defineResource, queryList } from '../../lib/resource';

/** The mall's saved monthly reports (spec §7 `GET /reports/monthly-reports`): read only, saved by the server's job. */
export const monthlyReports = defineResource<MonthlyReport>({
  name: 'monthly-reports',
  path: '/reports/monthly-reports',
  item: monthlyReport,
  list: queryList('/reports/monthly-reports'),
});

/** One report with its figures (`GET /reports/monthly-reports/{id}`). */
export const monthlyReportDetails = defineResource({
  name: 'monthly-reports',
  path: '/reports/monthly-reports',
  item: monthlyReportDetail,
});

export type ReportFormat = 'xlsx' | 'pdf';

/** `GET /reports/monthly-reports/{id}/xlsx` or `/pdf`: the report as a file, in the interface's language. */
export const downloadReport = (
  id: string,
  format: ReportFormat,
  onProgress: (progress: DownloadProgress) => void,
) => api.download('GET', `/reports/monthly-reports/${id}/${format}`, { onProgress });
