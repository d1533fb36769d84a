import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { useConfirm } from '../../components/confirm-dialog';

/** Whether a form on screen holds changes that leaving would lose; asked at the moment of leaving. */
export type Unsaved = () => boolean;

type Guard = {
  /** The forms on screen; each adds itself while mounted. */
  forms: Set<Unsaved>;
  /** Asks before an action that leaves every form behind; true when nothing is lost or the user chose to. */
  confirmLeave: () => Promise<boolean>;
};

export const UnsavedContext = createContext<Guard | null>(null);

/**
 * Mounted once inside the router (a router has one blocker): asks before the app leaves a page whose
 * form holds unsaved changes. A change of the query string alone (a list's page) is not leaving.
 * Kept apart from the forms (no react-hook-form here), since the root layout mounts it on every page.
 */
export const UnsavedChangesGuard = ({ children }: { children: ReactNode }) => {
  const { t } = useTranslation('form');
  const confirm = useConfirm();
  const forms = useMemo(() => new Set<Unsaved>(), []);
  // Set when the user chose to leave through `confirmLeave`: the next navigation is not asked again.
  const released = useRef(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (currentLocation.pathname === nextLocation.pathname) return false;
    if (released.current) {
      released.current = false;
      return false;
    }
    return [...forms].some((unsaved) => unsaved());
  });

  const ask = useCallback(
    () =>
      confirm({
        title: t('unsaved.title'),
        content: t('unsaved.text'),
        confirmText: t('unsaved.leave'),
        cancelText: t('unsaved.stay'),
        destructive: true,
      }),
    [confirm, t],
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void ask().then((leave) => (leave ? blocker.proceed() : blocker.reset()));
  }, [blocker, ask]);

  const guard = useMemo<Guard>(
    () => ({
      forms,
      confirmLeave: async () => {
        const leave = ![...forms].some((unsaved) => unsaved()) || (await ask());
        released.current = leave;
        return leave;
      },
    }),
    [forms, ask],
  );

  return <UnsavedContext.Provider value={guard}>{children}</UnsavedContext.Provider>;
};

/**
 * For an action that leaves the page's forms behind without navigating first (signing out): resolves
 * true when no form holds changes or the user chose to lose them. Without the guard, always true.
 */
export const useConfirmLeave = () => {
  const guard = useContext(UnsavedContext);
  return guard?.confirmLeave ?? confirmNothing;
};

const confirmNothing = async () => true;
