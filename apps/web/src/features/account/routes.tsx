import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';

const AccountPage = lazy(() => import('./AccountPage'));

/** /user goes to /user/account (spec §2 "User"). */
export const accountRoutes: RouteObject[] = [
  { path: 'user', element: <Navigate to="/user/account" replace /> },
  { path: 'user/account', element: <AccountPage /> },
];
