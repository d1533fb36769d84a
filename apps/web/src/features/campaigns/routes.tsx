import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';

const CampaignsPage = lazy(() => import('./CampaignsPage'));
const CampaignArchivePage = lazy(() => import('./CampaignArchivePage'));
const CampaignCreatePage = lazy(() => import('./CampaignCreatePage'));
const CampaignEditPage = lazy(() => import('./CampaignEditPage'));
const AddCouponsPage = lazy(() => import('./AddCouponsPage'));
const CodeReportPage = lazy(() => import('./CodeReportPage'));
const CarparkReportPage = lazy(() => import('./CarparkReportPage'));

/**
 * /campaigns (the group's root, to the list), /campaigns/list, /campaigns/archive, /campaigns/new and
 * /campaigns/{id}/edit (spec §2; issue 13 point 10), and a campaign's code report
 * (/campaigns/{id}/code-report) and carpark report (/campaigns/{id}/carpark-report). contracts'
 * subjectOfPage maps them all to
 * `modules:campaigns:campaigns`; /campaigns/add-coupons/{id}, the code pool, to
 * `modules:campaigns:code-providers`.
 */
export const campaignRoutes: RouteObject[] = [
  { path: 'campaigns', element: <Navigate to="/campaigns/list" replace /> },
  { path: 'campaigns/list', element: <CampaignsPage /> },
  { path: 'campaigns/archive', element: <CampaignArchivePage /> },
  { path: 'campaigns/new', element: <CampaignCreatePage /> },
  { path: 'campaigns/:campaignId/edit', element: <CampaignEditPage /> },
  { path: 'campaigns/add-coupons/:campaignId', element: <AddCouponsPage /> },
  { path: 'campaigns/:campaignId/code-report', element: <CodeReportPage /> },
  { path: 'campaigns/:campaignId/carpark-report', element: <CarparkReportPage /> },
];
