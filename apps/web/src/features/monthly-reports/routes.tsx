import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const MonthlyReportsPage = lazy(() => import('./MonthlyReportsPage'));
const MonthlyReportPage = lazy(() => import('./MonthlyReportPage'));

/**
 * /reports/monthly-reports and one report, /reports/monthly-reports/{reportId} (spec §2 Reports;
 * issue 18 #3); contracts' subjectOfPage maps them to `modules:reports:monthly-reports`. The group's
 * root, /reports, is app/routes.tsx's: it goes to the first report screen the role may open.
 */
export const monthlyReportRoutes: RouteObject[] = [
  { path: 'reports/monthly-reports', element: <MonthlyReportsPage /> },
  { path: 'reports/monthly-reports/:reportId', element: <MonthlyReportPage /> },
];
