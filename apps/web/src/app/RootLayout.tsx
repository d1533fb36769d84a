import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { LoadingScreen } from '../components/loading-screen/LoadingScreen';
import { OfflineDialog } from '../components/offline-dialog/OfflineDialog';
import { useAuth } from '../lib/auth';
// Not through lib/form's index, which would bring the form fields into the first load.
import { UnsavedChangesGuard } from '../lib/form/leave-guard';

/**
 * Above every page: the offline dialog, the loading screen until the session is known (spec §2),
 * and the question before leaving a changed form.
 */
export function RootLayout() {
  const { status } = useAuth();
  return (
    <>
      {status === 'initialising' ? (
        <LoadingScreen />
      ) : (
        <UnsavedChangesGuard>
          <Suspense fallback={<LoadingScreen />}>
            <Outlet />
          </Suspense>
        </UnsavedChangesGuard>
      )}
      <OfflineDialog />
      <ScrollRestoration />
    </>
  );
}
