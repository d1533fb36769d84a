import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const NotificationValidationPage = lazy(() => import('./NotificationValidationPage'));

/** /ext/customers/notification/validation (spec §2 External): a customer confirms a consent by code, no sign-in. */
export const notificationValidationRoutes: RouteObject[] = [
  { path: 'ext/customers/notification/validation', element: <NotificationValidationPage /> },
];
