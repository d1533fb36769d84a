import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from '../../lib/auth';

/** Where the login page should return to, carried in the router's location state. */
export type ReturnTo = { from?: string };

/** Screens for signed-in staff: anyone else goes to the login page, which brings them back after. */
export function AuthGuard({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const location = useLocation();
  // RootLayout shows the loading screen meanwhile; deciding now would send a returning admin to login.
  if (status === 'initialising') return null;
  if (status !== 'authenticated') {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to="/auth/login" replace state={{ from } satisfies ReturnTo} />;
  }
  return children;
}
