import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const RolesPage = lazy(() => import('./RolesPage'));
const RoleCreatePage = lazy(() => import('./RoleCreatePage'));
const RoleEditPage = lazy(() => import('./RoleEditPage'));

/** /user/roles, /user/roles/new, /user/roles/{id}/edit (spec §2 "User"). */
export const roleRoutes: RouteObject[] = [
  { path: 'user/roles', element: <RolesPage /> },
  { path: 'user/roles/new', element: <RoleCreatePage /> },
  { path: 'user/roles/:id/edit', element: <RoleEditPage /> },
];
