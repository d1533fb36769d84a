import { usePermissions } from '../lib/permissions';
import { firstPermittedPath } from './layouts/dashboard/nav-config';

/**
 * The first screen the signed-in role may use (spec §2): the dashboard, else its first permitted
 * screen in sidebar order, else the profile. `/` goes there; so do the logo and the first crumb.
 */
export const useHomePath = () => {
  const { canUseSubject, canVisit } = usePermissions();
  if (canUseSubject('modules:dashboard')) return '/app';
  return firstPermittedPath(canVisit) ?? '/user/account';
};
