import { Navigate } from 'react-router';
import { useAuth } from '../../lib/auth';
import { usePermissions } from '../../lib/permissions';
import { firstPermittedPath } from '../layouts/dashboard/nav-config';

/** `/`: the dashboard when the role may use it, else its first permitted screen, else the profile. */
export function RootRedirect() {
  const { status } = useAuth();
  const { canUseSubject, canVisit } = usePermissions();
  // RootLayout shows the loading screen meanwhile; deciding now would send a returning admin to login.
  if (status === 'initialising') return null;
  if (status !== 'authenticated') return <Navigate to="/auth/login" replace />;
  if (canUseSubject('modules:dashboard')) return <Navigate to="/app" replace />;
  return <Navigate to={firstPermittedPath(canVisit) ?? '/user/account'} replace />;
}
