import { Navigate } from 'react-router';
import { useAuth } from '../../lib/auth';
import { useHomePath } from '../home-path';

/** `/`: the dashboard when the role may use it, else its first permitted screen, else the profile. */
export function RootRedirect() {
  const { status } = useAuth();
  const home = useHomePath();
  // RootLayout shows the loading screen meanwhile; deciding now would send a returning admin to login.
  if (status === 'initialising') return null;
  if (status !== 'authenticated') return <Navigate to="/auth/login" replace />;
  return <Navigate to={home} replace />;
}
