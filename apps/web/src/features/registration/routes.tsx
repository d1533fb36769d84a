import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';

const ChooseChannelPage = lazy(() => import('./ChooseChannelPage'));
const ByPhonePage = lazy(() => import('./ByPhonePage'));
const NewCustomerPage = lazy(() => import('./NewCustomerPage'));
const DeskCouponsPage = lazy(() => import('./DeskCouponsPage'));
const DeskReceiptPage = lazy(() => import('./DeskReceiptPage'));

/**
 * Staff-assisted customer registration (spec §2 "Registration"): /registration goes to the channel
 * choice, then a phone look-up or the new-customer form through the chosen channel, or the desk's
 * coupon screen, which gives a customer a code of a campaign the channel gives, or its receipt entry.
 */
export const registrationRoutes: RouteObject[] = [
  { path: 'registration', element: <Navigate to="/registration/customer" replace /> },
  { path: 'registration/customer', element: <ChooseChannelPage /> },
  { path: 'registration/customer/by-phone/:channelId', element: <ByPhonePage /> },
  { path: 'registration/customer/new/:channelId', element: <NewCustomerPage /> },
  { path: 'registration/customer/coupons/:channelId', element: <DeskCouponsPage /> },
  { path: 'registration/customer/receipts/new/:channelId', element: <DeskReceiptPage /> },
];
