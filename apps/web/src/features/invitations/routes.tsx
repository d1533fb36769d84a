import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const InvitationsPage = lazy(() => import('./InvitationsPage'));
const InvitationCreatePage = lazy(() => import('./InvitationCreatePage'));

/** /user/invitations and /user/invitations/new (spec §2 "User"). */
export const invitationRoutes: RouteObject[] = [
  { path: 'user/invitations', element: <InvitationsPage /> },
  { path: 'user/invitations/new', element: <InvitationCreatePage /> },
];
