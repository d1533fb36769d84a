import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';

const SurveysPage = lazy(() => import('./SurveysPage'));
const SurveyCreatePage = lazy(() => import('./SurveyCreatePage'));
const SurveyEditPage = lazy(() => import('./SurveyEditPage'));
const SurveyQuestionsPage = lazy(() => import('./SurveyQuestionsPage'));

/**
 * /surveys (the group's root, to the list), /surveys/list, /surveys/new, /surveys/{surveyId}/edit
 * and /surveys/{surveyId}/questions (spec §2; issue 15 #4). contracts' subjectOfPage maps them all to
 * `modules:survey`.
 */
export const surveyRoutes: RouteObject[] = [
  { path: 'surveys', element: <Navigate to="/surveys/list" replace /> },
  { path: 'surveys/list', element: <SurveysPage /> },
  { path: 'surveys/new', element: <SurveyCreatePage /> },
  { path: 'surveys/:surveyId/edit', element: <SurveyEditPage /> },
  { path: 'surveys/:surveyId/questions', element: <SurveyQuestionsPage /> },
];
