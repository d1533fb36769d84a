import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const CodeValidationPage = lazy(() => import('./CodeValidationPage'));

/**
 * /campaigns/code-validation (spec §2; issue 13 #8): the store's coupon code validation. contracts'
 * subjectOfPage maps it to `modules:campaign-code-validation`.
 */
export const codeValidationRoutes: RouteObject[] = [
  { path: 'campaigns/code-validation', element: <CodeValidationPage /> },
];
