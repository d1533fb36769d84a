import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const CouponProvidersPage = lazy(() => import('./CouponProvidersPage'));
const CouponProviderCreatePage = lazy(() => import('./CouponProviderCreatePage'));
const CouponProviderDeleteRoute = lazy(() => import('./CouponProviderDeleteRoute'));

/** /campaigns/coupon-providers (+ /new, /{couponProviderId}/delete), spec §2. */
export const couponProviderRoutes: RouteObject[] = [
  {
    path: 'campaigns/coupon-providers',
    element: <CouponProvidersPage />,
    children: [{ path: ':couponProviderId/delete', element: <CouponProviderDeleteRoute /> }],
  },
  { path: 'campaigns/coupon-providers/new', element: <CouponProviderCreatePage /> },
];
