import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isSystemAdmin } from './permissions';

/**
 * A role's name as people read it: the system admin role, matched by its stored name (spec §6),
 * reads "Platform Yöneticisi" / "Platform admin" in the language shown; any other role its own name.
 * Every place that shows a role name (pickers, lists, the signed-in card) goes through it.
 */
export const useRoleName = () => {
  const { t } = useTranslation('layout');
  return useCallback(
    (name: string) => (isSystemAdmin({ role_name: name }) ? t('sidebar.platformAdmin') : name),
    [t],
  );
};
