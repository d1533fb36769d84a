import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const LocationsPage = lazy(() => import('./LocationsPage'));
const LocationCreatePage = lazy(() => import('./LocationCreatePage'));
const LocationEditPage = lazy(() => import('./LocationEditPage'));

/** Mall settings (issue 3 item 5); lib/permissions keeps /settings to the system admin. */
export const locationRoutes: RouteObject[] = [
  { path: 'settings/locations', element: <LocationsPage /> },
  { path: 'settings/locations/new', element: <LocationCreatePage /> },
  { path: 'settings/locations/:id/edit', element: <LocationEditPage /> },
];
