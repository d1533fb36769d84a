import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const AgreementsPage = lazy(() => import('./AgreementsPage'));
const AgreementCreatePage = lazy(() => import('./AgreementCreatePage'));
const AgreementReviewPage = lazy(() => import('./AgreementReviewPage'));

/** Spec §2 "Agreements": the list, a new text, and a text's review. */
export const agreementRoutes: RouteObject[] = [
  { path: 'agreements', element: <AgreementsPage /> },
  { path: 'agreements/new', element: <AgreementCreatePage /> },
  { path: 'agreements/:id', element: <AgreementReviewPage /> },
];
