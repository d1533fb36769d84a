import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const ProviderAccountsPage = lazy(() => import('./ProviderAccountsPage'));
const ProviderAccountCreatePage = lazy(() => import('./ProviderAccountCreatePage'));
const ProviderAccountEditPage = lazy(() => import('./ProviderAccountEditPage'));
const ProviderAccountDeleteRoute = lazy(() => import('./ProviderAccountDeleteRoute'));

/** /settings/provider-accounts (+ /new, /{accountId}/edit, /{accountId}/delete): system admin, under Ayarlar. */
export const marketingAccountRoutes: RouteObject[] = [
  {
    path: 'settings/provider-accounts',
    element: <ProviderAccountsPage />,
    children: [{ path: ':accountId/delete', element: <ProviderAccountDeleteRoute /> }],
  },
  { path: 'settings/provider-accounts/new', element: <ProviderAccountCreatePage /> },
  { path: 'settings/provider-accounts/:accountId/edit', element: <ProviderAccountEditPage /> },
];
