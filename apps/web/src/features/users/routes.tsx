import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const UsersPage = lazy(() => import('./UsersPage'));
const UserCreatePage = lazy(() => import('./UserCreatePage'));
const UserEditPage = lazy(() => import('./UserEditPage'));

/** /user/users, /user/new, /user/{name}/edit (spec §2 "User"). */
export const userRoutes: RouteObject[] = [
  { path: 'user/users', element: <UsersPage /> },
  { path: 'user/new', element: <UserCreatePage /> },
  { path: 'user/:name/edit', element: <UserEditPage /> },
];
