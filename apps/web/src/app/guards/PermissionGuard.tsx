import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { PermissionDenied } from '../../features/errors/PermissionDenied';
import { usePermissions } from '../../lib/permissions';

/**
 * Checks the current screen's path against the role (contracts' subjectOfPage), so every route under
 * the dashboard layout is guarded without each feature wiring it. Nothing renders while no role is known.
 */
export function PermissionGuard({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { role, canVisit } = usePermissions();
  if (!role) return null;
  if (!canVisit(pathname)) return <PermissionDenied />;
  return children;
}
