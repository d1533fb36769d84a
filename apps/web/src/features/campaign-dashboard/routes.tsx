import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const CampaignDashboardPage = lazy(() => import('./CampaignDashboardPage'));

/**
 * /campaigns/dashboard (spec §2; issue 15 #5): contracts' subjectOfPage maps it to
 * `modules:campaigns:campaign-dashboard`.
 */
export const campaignDashboardRoutes: RouteObject[] = [
  { path: 'campaigns/dashboard', element: <CampaignDashboardPage /> },
];
