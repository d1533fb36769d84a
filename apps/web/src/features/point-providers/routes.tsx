import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const PointProvidersPage = lazy(() => import('./PointProvidersPage'));
const PointProviderCreatePage = lazy(() => import('./PointProviderCreatePage'));
const PointProviderEditPage = lazy(() => import('./PointProviderEditPage'));
const PointProviderDeleteRoute = lazy(() => import('./PointProviderDeleteRoute'));

/** /loyalty/point-providers (+ /new, /{pointProviderId}, /{pointProviderId}/delete), spec §2. */
export const pointProviderRoutes: RouteObject[] = [
  {
    path: 'loyalty/point-providers',
    element: <PointProvidersPage />,
    children: [{ path: ':pointProviderId/delete', element: <PointProviderDeleteRoute /> }],
  },
  { path: 'loyalty/point-providers/new', element: <PointProviderCreatePage /> },
  { path: 'loyalty/point-providers/:pointProviderId', element: <PointProviderEditPage /> },
];
