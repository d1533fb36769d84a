import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';

const ReservationsPage = lazy(() => import('./ReservationsPage'));
const ReservationCreatePage = lazy(() => import('./ReservationCreatePage'));
const ReservationDetailPage = lazy(() => import('./ReservationDetailPage'));
const ReservationAreasPage = lazy(() => import('./ReservationAreasPage'));
const ReservationAreaCreatePage = lazy(() => import('./ReservationAreaCreatePage'));
const ReservationAreaEditPage = lazy(() => import('./ReservationAreaEditPage'));
const ReservationAreaDeleteRoute = lazy(() => import('./ReservationAreaDeleteRoute'));

/**
 * Spec §2 "Reservation": /reservation (to the list), /reservation/reservations, /reservation/new,
 * /reservation/{reservationId}/detail, /reservation/reservation-area (+ /new) and
 * /reservation/{reservationAreaId}/edit; contracts' subjectOfPage maps them to `modules:reservation`.
 */
export const reservationRoutes: RouteObject[] = [
  { path: 'reservation', element: <Navigate to="/reservation/reservations" replace /> },
  { path: 'reservation/reservations', element: <ReservationsPage /> },
  { path: 'reservation/new', element: <ReservationCreatePage /> },
  { path: 'reservation/:reservationId/detail', element: <ReservationDetailPage /> },
  {
    path: 'reservation/reservation-area',
    element: <ReservationAreasPage />,
    children: [{ path: ':reservationAreaId/delete', element: <ReservationAreaDeleteRoute /> }],
  },
  { path: 'reservation/reservation-area/new', element: <ReservationAreaCreatePage /> },
  { path: 'reservation/:reservationAreaId/edit', element: <ReservationAreaEditPage /> },
];
