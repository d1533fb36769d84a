import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from '../../lib/auth';
import type { ReturnTo } from './AuthGuard';

/** Login and the other auth screens are for guests; a signed-in admin goes where they were headed, or home. */
export function GuestGuard({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const location = useLocation();
  // RootLayout shows the loading screen meanwhile; deciding now would flash the login form.
  if (status === 'initialising') return null;
  if (status === 'authenticated') {
    const from = (location.state as ReturnTo | null)?.from;
    // Only an in-app path: the state could have been written by anyone with history access.
    const target = from?.startsWith('/') && !from.startsWith('//') ? from : '/';
    return <Navigate to={target} replace />;
  }
  return children;
}
