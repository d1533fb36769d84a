import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { LoadingScreen } from '../components/loading-screen/LoadingScreen';
import { OfflineDialog } from '../components/offline-dialog/OfflineDialog';
import { useAuth } from '../lib/auth';

/** Above every page: the offline dialog, and the loading screen until the session is known (spec §2). */
export function RootLayout() {
  const { status } = useAuth();
  return (
    <>
      {status === 'initialising' ? (
        <LoadingScreen />
      ) : (
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
        </Suspense>
      )}
      <OfflineDialog />
      <ScrollRestoration />
    </>
  );
}
