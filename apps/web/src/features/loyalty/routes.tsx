import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const TiersPage = lazy(() => import('./TiersPage'));
const TierCreatePage = lazy(() => import('./TierCreatePage'));
const TierEditPage = lazy(() => import('./TierEditPage'));

/** Loyalty (spec §2): the tiers so far; receipts, gifts and the customers' points follow (issue 14). */
export const loyaltyRoutes: RouteObject[] = [
  { path: 'loyalty/tiers', element: <TiersPage /> },
  { path: 'loyalty/tiers/new', element: <TierCreatePage /> },
  { path: 'loyalty/tiers/:id/edit', element: <TierEditPage /> },
];
