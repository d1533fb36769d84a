import { Navigate } from 'react-router';
import { usePermissions } from '../../lib/permissions';
import { useHomePath } from '../home-path';
import { firstPermittedPathIn } from '../layouts/dashboard/nav-config';

/**
 * A sidebar group's root (`/loyalty`) has no screen of its own: it goes to the group's first screen
 * in sidebar order that the role may open, else to the role's home.
 */
export function GroupRedirect({ group }: { group: string }) {
  const { canVisit } = usePermissions();
  const home = useHomePath();
  return <Navigate to={firstPermittedPathIn(group, canVisit) ?? home} replace />;
}
