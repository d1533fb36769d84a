import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const NotFoundPage = lazy(() => import('./NotFoundPage'));
const ServerErrorPage = lazy(() => import('./ServerErrorPage'));
const NotFoundInLayout = lazy(() => import('./NotFoundInLayout'));

export const errorRoutes: RouteObject[] = [
  { path: '404', element: <NotFoundPage /> },
  { path: '500', element: <ServerErrorPage /> },
];

/** The signed-in back-office's catch-all: an unknown path shows 404 inside the layout. */
export const notFoundInLayoutRoute: RouteObject = { path: '*', element: <NotFoundInLayout /> };
