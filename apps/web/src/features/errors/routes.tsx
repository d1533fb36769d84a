import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const NotFoundPage = lazy(() => import('./NotFoundPage'));
const ServerErrorPage = lazy(() => import('./ServerErrorPage'));

export const errorRoutes: RouteObject[] = [
  { path: '404', element: <NotFoundPage /> },
  { path: '500', element: <ServerErrorPage /> },
];
