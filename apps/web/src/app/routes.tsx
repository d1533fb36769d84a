import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { accountRoutes } from '../features/account/routes';
import { agreementRoutes } from '../features/agreements/routes';
import { authRoutes, guestAliasRoutes, unprotectedAuthRoutes } from '../features/auth/routes';
import { campaignDashboardRoutes } from '../features/campaign-dashboard/routes';
import { campaignRoutes } from '../features/campaigns/routes';
import { channelRoutes } from '../features/channels/routes';
import { codeValidationRoutes } from '../features/code-validation/routes';
import { couponProviderRoutes } from '../features/coupon-providers/routes';
import { customerRoutes } from '../features/customers/routes';
import { dashboardRoutes } from '../features/dashboard/routes';
import { RouteError } from '../features/errors/RouteError';
import { errorRoutes, notFoundInLayoutRoute } from '../features/errors/routes';
import { feedbackRoutes } from '../features/feedbacks/routes';
import { invitationRoutes } from '../features/invitations/routes';
import { lendingRoutes } from '../features/lending/routes';
import { locationRoutes } from '../features/locations/routes';
import { loyaltyRoutes } from '../features/loyalty/routes';
import { marketingRoutes, marketingSettingsRoutes } from '../features/marketing/routes';
import { marketingAccountRoutes } from '../features/marketing-settings/routes';
import { monthlyReportRoutes } from '../features/monthly-reports/routes';
import { notificationValidationRoutes } from '../features/notification-validation/routes';
import { pointProviderRoutes } from '../features/point-providers/routes';
import { qrCodeRoutes } from '../features/qr-codes/routes';
import { registrationRoutes } from '../features/registration/routes';
import { reservationRoutes } from '../features/reservations/routes';
import { roleRoutes } from '../features/roles/routes';
import { storeRoutes } from '../features/stores/routes';
import { surveyRoutes } from '../features/surveys/routes';
import { userRoutes } from '../features/users/routes';
import { AuthGuard } from './guards/AuthGuard';
import { GroupRedirect } from './guards/GroupRedirect';
import { GuestGuard } from './guards/GuestGuard';
import { RootRedirect } from './guards/RootRedirect';
import { RootLayout } from './RootLayout';

// Layouts are split off too: the first paint needs neither the sidebar nor the login form's code.
const AuthLayout = lazy(() => import('./layouts/auth/AuthLayout'));
const DashboardLayout = lazy(() => import('./layouts/dashboard/DashboardLayout'));

/**
 * Every route of the app (spec §2). A feature exports its own `RouteObject[]` with lazily loaded
 * pages and is listed once here, in the tree it belongs to; paths are relative to that tree.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <RootRedirect /> },
      {
        // Guests only: login, register, forget-password, reset-password and verify.
        path: 'auth',
        element: (
          <GuestGuard>
            <AuthLayout />
          </GuestGuard>
        ),
        children: authRoutes,
      },
      {
        // Guests only, outside /auth: /reset-password/{token}.
        element: (
          <GuestGuard>
            <AuthLayout />
          </GuestGuard>
        ),
        children: guestAliasRoutes,
      },
      // The same auth pages without the guest guard (/auth/login-unprotected, /auth/register-unprotected).
      { path: 'auth', element: <AuthLayout />, children: unprotectedAuthRoutes },
      {
        // /loyalty goes to the first loyalty screen the role may open. It sits outside the layout,
        // whose guard would check the root's own subject (modules:loyalty): a role given only some
        // loyalty screens lacks it, yet should land on them. Each screen is guarded where it lands.
        path: 'loyalty',
        element: (
          <AuthGuard>
            <GroupRedirect group="loyalty" />
          </AuthGuard>
        ),
      },
      {
        // /reports goes the same way to the first report screen the role may open (the monthly reports).
        path: 'reports',
        element: (
          <AuthGuard>
            <GroupRedirect group="reports" />
          </AuthGuard>
        ),
      },
      {
        // Signed-in staff; DashboardLayout checks each path against the role (contracts' subjectOfPage).
        element: (
          <AuthGuard>
            <DashboardLayout />
          </AuthGuard>
        ),
        children: [
          ...dashboardRoutes,
          ...accountRoutes,
          ...userRoutes,
          ...invitationRoutes,
          ...roleRoutes,
          ...locationRoutes,
          ...storeRoutes,
          ...registrationRoutes,
          ...channelRoutes,
          ...customerRoutes,
          ...campaignDashboardRoutes,
          ...campaignRoutes,
          ...couponProviderRoutes,
          ...codeValidationRoutes,
          ...loyaltyRoutes,
          ...pointProviderRoutes,
          ...surveyRoutes,
          ...marketingRoutes,
          ...marketingSettingsRoutes,
          ...marketingAccountRoutes,
          ...reservationRoutes,
          ...lendingRoutes,
          ...feedbackRoutes,
          ...qrCodeRoutes,
          ...agreementRoutes,
          ...monthlyReportRoutes,
          // Feature route lists go here: reports, feedbacks, agreements, qr-codes,
          // reservation, lending.
          notFoundInLayoutRoute,
        ],
      },
      // Customers, no sign-in: the double opt-in's confirmation (its link's token is the proof).
      ...notificationValidationRoutes,
      ...errorRoutes,
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];
