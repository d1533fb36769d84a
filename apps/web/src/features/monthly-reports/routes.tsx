import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';

const MonthlyReportsPage = lazy(() => import('./MonthlyReportsPage'));
const MonthlyReportPage = lazy(() => import('./MonthlyReportPage'));

/**
 * /reports (the group's root, to its one kind of report), /reports/monthly-reports and one report,
 * /reports/monthly-reports/{reportId} (spec §2 Reports; issue 18 #3). contracts' subjectOfPage maps
 * them to `modules:reports` and `modules:reports:monthly-reports`.
 */
export const monthlyReportRoutes: RouteObject[] = [
  { path: 'reports', element: <Navigate to="/reports/monthly-reports" replace /> },
  { path: 'reports/monthly-reports', element: <MonthlyReportsPage /> },
  { path: 'reports/monthly-reports/:reportId', element: <MonthlyReportPage /> },
];
