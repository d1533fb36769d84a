import { createContext, type ReactNode, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { useConfirm } from '../../components/confirm-dialog';

/** Whether a form on screen holds changes that leaving would lose; asked at the moment of leaving. */
export type Unsaved = () => boolean;

export const UnsavedContext = createContext<Set<Unsaved> | null>(null);

/**
 * Mounted once inside the router (a router has one blocker): asks before the app leaves a page whose
 * form holds unsaved changes. A change of the query string alone (a list's page) is not leaving.
 * Kept apart from the forms (no react-hook-form here), since the root layout mounts it on every page.
 */
export const UnsavedChangesGuard = ({ children }: { children: ReactNode }) => {
  const { t } = useTranslation('form');
  const confirm = useConfirm();
  const forms = useMemo(() => new Set<Unsaved>(), []);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname && [...forms].some((unsaved) => unsaved()),
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirm({
      title: t('unsaved.title'),
      content: t('unsaved.text'),
      confirmText: t('unsaved.leave'),
      cancelText: t('unsaved.stay'),
      destructive: true,
    }).then((leave) => (leave ? blocker.proceed() : blocker.reset()));
  }, [blocker, confirm, t]);

  return <UnsavedContext.Provider value={forms}>{children}</UnsavedContext.Provider>;
};
