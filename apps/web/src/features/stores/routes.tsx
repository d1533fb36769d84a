import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const StoresPage = lazy(() => import('./StoresPage'));
const StoreCreatePage = lazy(() => import('./StoreCreatePage'));
const StoreEditPage = lazy(() => import('./StoreEditPage'));
const StoreImportPage = lazy(() => import('./StoreImportPage'));
const StoreCategoriesPage = lazy(() => import('./StoreCategoriesPage'));
const StoreCategoryCreatePage = lazy(() => import('./StoreCategoryCreatePage'));
const StoreCategoryEditPage = lazy(() => import('./StoreCategoryEditPage'));

/** The store directory under Ayarlar (issue 13 #1); lib/permissions keeps /settings to the system admin. */
export const storeRoutes: RouteObject[] = [
  { path: 'settings/stores', element: <StoresPage /> },
  { path: 'settings/stores/new', element: <StoreCreatePage /> },
  { path: 'settings/stores/import', element: <StoreImportPage /> },
  { path: 'settings/stores/:id/edit', element: <StoreEditPage /> },
  { path: 'settings/store-categories', element: <StoreCategoriesPage /> },
  { path: 'settings/store-categories/new', element: <StoreCategoryCreatePage /> },
  { path: 'settings/store-categories/:id/edit', element: <StoreCategoryEditPage /> },
];
