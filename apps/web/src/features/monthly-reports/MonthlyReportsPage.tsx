import type { MonthlyReport } from '@avlu/contracts';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourceListPage } from '../../components/resource-list-page/ResourceListPage';
import { formatDateTime } from '../../lib/i18n/dates';
import { useMallTimezone } from '../locations/my-locations';
import { DownloadButtons } from './DownloadButtons';
import { monthlyReports } from './monthly-reports.resource';
import './texts';

const useColumns = (): GridColDef<MonthlyReport>[] => {
  const timezone = useMallTimezone();
  return useMemo(
    () => [
      { field: 'monthly_report_pretty_date', flex: 1, minWidth: 180, sortable: false },
      {
        field: 'createdAt',
        width: 180,
        valueFormatter: (value: string) => formatDateTime(value, { timezone }),
      },
    ],
    [timezone],
  );
};

/**
 * /reports/monthly-reports (spec §2 Reports): the mall's saved monthly reports, newest month first,
 * each opened for its figures or downloaded as Excel or PDF. Reports are saved by the server on the
 * first day of the next month; nothing is made here.
 */
export default function MonthlyReportsPage() {
  const { t } = useTranslation('monthly-reports');
  const columns = useColumns();
  return (
    <ResourceListPage
      resource={monthlyReports}
      columns={columns}
      labels="monthly-reports"
      urlState
      title={t('title')}
      crumbs={[{ label: t('group'), to: '/reports' }, { label: t('title') }]}
      emptyState={{ text: t('empty') }}
      actionsWidth={130}
      rowName={(row) => row.monthly_report_pretty_date}
      rowHref={(row) => `/reports/monthly-reports/${row._id}`}
      rowActions={{
        extra: (row) => <DownloadButtons id={row._id} name={row.monthly_report_pretty_date} />,
      }}
    />
  );
}
