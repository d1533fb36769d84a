import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';

const LendedCustomersPage = lazy(() => import('./LendedCustomersPage'));
const LendibleItemsPage = lazy(() => import('./LendibleItemsPage'));

/**
 * /lending (the group's root, to the lended customers), /lending/lended-customers and
 * /lending/lendible-items (spec §2; issue 17 #3); contracts' subjectOfPage maps them to `modules:lending`.
 */
export const lendingRoutes: RouteObject[] = [
  { path: 'lending', element: <Navigate to="/lending/lended-customers" replace /> },
  { path: 'lending/lended-customers', element: <LendedCustomersPage /> },
  { path: 'lending/lendible-items', element: <LendibleItemsPage /> },
];
