import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const LoginPage = lazy(() => import('./LoginPage'));
const RegisterPage = lazy(() => import('./RegisterPage'));
const RegisterInvitePage = lazy(() => import('./RegisterInvitePage'));
const ForgetPasswordPage = lazy(() => import('./ForgetPasswordPage'));
const ResetPasswordPage = lazy(() => import('./ResetPasswordPage'));
const VerifyPage = lazy(() => import('./VerifyPage'));
const UnlockAccountPage = lazy(() => import('./UnlockAccountPage'));

/** Guest screens under /auth (spec §2); a signed-in admin is sent to the dashboard root. */
export const authRoutes: RouteObject[] = [
  { path: 'login', element: <LoginPage /> },
  { path: 'register', element: <RegisterPage /> },
  { path: 'register/:inviteId', element: <RegisterInvitePage /> },
  { path: 'forget-password', element: <ForgetPasswordPage /> },
  { path: 'reset-password/:token', element: <ResetPasswordPage /> },
  { path: 'verify', element: <VerifyPage /> },
  { path: 'unlock/:token', element: <UnlockAccountPage /> },
];

/** Guest screens outside /auth: reset links of the shape /reset-password/{token} (spec §2). */
export const guestAliasRoutes: RouteObject[] = [
  { path: 'reset-password/:token', element: <ResetPasswordPage /> },
];

/** The same pages under /auth without the guest guard (spec §2 "-unprotected"). */
export const unprotectedAuthRoutes: RouteObject[] = [
  { path: 'login-unprotected', element: <LoginPage leaveAfterSignIn /> },
  { path: 'register-unprotected', element: <RegisterPage /> },
];
