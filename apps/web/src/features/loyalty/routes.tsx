import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const TiersPage = lazy(() => import('./TiersPage'));
const TierCreatePage = lazy(() => import('./TierCreatePage'));
const TierEditPage = lazy(() => import('./TierEditPage'));
const GiftsPage = lazy(() => import('./GiftsPage'));
const GiftCreatePage = lazy(() => import('./GiftCreatePage'));
const GiftEditPage = lazy(() => import('./GiftEditPage'));
const CustomerLoyaltyPage = lazy(() => import('./CustomerLoyaltyPage'));
const GiftedCustomersPage = lazy(() => import('./GiftedCustomersPage'));
const ResetPointsPage = lazy(() => import('./ResetPointsPage'));
const ResetPointCreatePage = lazy(() => import('./ResetPointCreatePage'));
const ResetPointEditPage = lazy(() => import('./ResetPointEditPage'));
const ReceiptsPage = lazy(() => import('./ReceiptsPage'));
const ReceiptReviewPage = lazy(() => import('./ReceiptReviewPage'));

/**
 * Loyalty (spec §2): tiers, gifts, the customers' points and gifts, point resets and the receipt
 * desk. /loyalty itself, which only redirects, is routed in app/routes outside the layout's guard.
 */
export const loyaltyRoutes: RouteObject[] = [
  { path: 'loyalty/tiers', element: <TiersPage /> },
  { path: 'loyalty/tiers/new', element: <TierCreatePage /> },
  { path: 'loyalty/tiers/:id/edit', element: <TierEditPage /> },
  { path: 'loyalty/gifts', element: <GiftsPage /> },
  { path: 'loyalty/gifts/new', element: <GiftCreatePage /> },
  { path: 'loyalty/gifts/:id/edit', element: <GiftEditPage /> },
  { path: 'loyalty/customer-loyalty', element: <CustomerLoyaltyPage /> },
  { path: 'loyalty/gifted-customer-list', element: <GiftedCustomersPage /> },
  { path: 'loyalty/reset-points', element: <ResetPointsPage /> },
  { path: 'loyalty/reset-points/new', element: <ResetPointCreatePage /> },
  { path: 'loyalty/reset-points/:id/edit', element: <ResetPointEditPage /> },
  { path: 'loyalty/receipts', element: <ReceiptsPage /> },
  { path: 'loyalty/receipts/:id', element: <ReceiptReviewPage /> },
];
