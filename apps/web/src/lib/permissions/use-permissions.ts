import { useMemo } from 'react';
import { useAuth } from '../auth';
import { canUseSubject, canVisit, isSystemAdmin } from './permissions';

/** What the signed-in admin's role may see; everything is refused while no role is known. */
export const usePermissions = () => {
  const { role } = useAuth();
  return useMemo(
    () => ({
      role,
      isSystemAdmin: isSystemAdmin(role),
      canVisit: (path: string) => canVisit(role, path),
      canUseSubject: (subject: string) => canUseSubject(role, subject),
    }),
    [role],
  );
};
