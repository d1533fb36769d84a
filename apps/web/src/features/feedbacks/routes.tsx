import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';

const FeedbacksPage = lazy(() => import('./FeedbacksPage'));
const FeedbackCreatePage = lazy(() => import('./FeedbackCreatePage'));
const FeedbackDetailPage = lazy(() => import('./FeedbackDetailPage'));
const FeedbackTypesPage = lazy(() => import('./FeedbackTypesPage'));

/** /feedbacks, /feedbacks/list, /feedbacks/new, /feedbacks/{feedbackId}, /feedbacks/types (spec §2; issue 17 #7). */
export const feedbackRoutes: RouteObject[] = [
  { path: 'feedbacks', element: <Navigate to="/feedbacks/list" replace /> },
  { path: 'feedbacks/list', element: <FeedbacksPage /> },
  { path: 'feedbacks/new', element: <FeedbackCreatePage /> },
  { path: 'feedbacks/types', element: <FeedbackTypesPage /> },
  { path: 'feedbacks/:feedbackId', element: <FeedbackDetailPage /> },
];
