import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const QrCodesPage = lazy(() => import('./QrCodesPage'));
const QrCodeCreatePage = lazy(() => import('./QrCodeCreatePage'));
const QrCodeEditPage = lazy(() => import('./QrCodeEditPage'));

/** Spec §2 "QR codes": the list, a new code, and a code's page (its image and its values). */
export const qrCodeRoutes: RouteObject[] = [
  { path: 'qr-codes', element: <QrCodesPage /> },
  { path: 'qr-codes/new', element: <QrCodeCreatePage /> },
  { path: 'qr-codes/:id', element: <QrCodeEditPage /> },
];
