import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const LoginPage = lazy(() => import('./LoginPage'));

/**
 * Guest screens under /auth (spec §2). The next issue adds here: login-unprotected, register,
 * register/:inviteId, register-unprotected, forget-password, reset-password/:token and verify.
 */
export const authRoutes: RouteObject[] = [{ path: 'login', element: <LoginPage /> }];
