import { subjectOfPage } from '@avlu/contracts';
import { type ReactNode, useEffect } from 'react';
import { useLocation } from 'react-router';
import { PermissionDenied } from '../../features/errors/PermissionDenied';
import { isSystemAdminPath, usePermissions } from '../../lib/permissions';

/** Spec §6: a path the subject map does not list is allowed, and logged so a missing entry is noticed. */
const useLogUnmappedPath = (pathname: string) => {
  useEffect(() => {
    if (!isSystemAdminPath(pathname) && subjectOfPage(pathname) === undefined) {
      console.info(`[permissions] ${pathname} is not in the path → subject map; allowed`);
    }
  }, [pathname]);
};

/**
 * Checks the current screen's path against the role (contracts' subjectOfPage), so every route under
 * the dashboard layout is guarded without each feature wiring it. Nothing renders while no role is known.
 */
export function PermissionGuard({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { role, canVisit } = usePermissions();
  useLogUnmappedPath(pathname);
  if (!role) return null;
  if (!canVisit(pathname)) return <PermissionDenied />;
  return children;
}
