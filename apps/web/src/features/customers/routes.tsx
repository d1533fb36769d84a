import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const CustomersPage = lazy(() => import('./CustomersPage'));
const SearchByPhonePage = lazy(() => import('./SearchByPhonePage'));
const CustomerDetailPage = lazy(() => import('./CustomerDetailPage'));
const CustomerImportPage = lazy(() => import('./CustomerImportPage'));

/** /customers, /customers/filter, /customers/search-by-phone, /customers/{customerId}/detail, /customers/import (spec §2). */
export const customerRoutes: RouteObject[] = [
  { path: 'customers', element: <CustomersPage /> },
  { path: 'customers/filter', element: <CustomersPage /> },
  { path: 'customers/search-by-phone', element: <SearchByPhonePage /> },
  { path: 'customers/:customerId/detail', element: <CustomerDetailPage /> },
  { path: 'customers/import', element: <CustomerImportPage /> },
];
