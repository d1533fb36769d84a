import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const DashboardPage = lazy(() => import('./DashboardPage'));

export const dashboardRoutes: RouteObject[] = [{ path: 'app', element: <DashboardPage /> }];
