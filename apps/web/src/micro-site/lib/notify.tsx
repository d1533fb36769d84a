import type { AlertColor } from '@mui/material/Alert';
import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useState } from 'react';

// The snackbar's code arrives with the first message, not with the first page.
const Notice = lazy(() => import('../components/Notice'));

export type NoticeValue = { key: number; message: string; severity: AlertColor };
type Notify = (message: string, severity?: AlertColor) => void;

const NotifyContext = createContext<Notify>(() => {});

/** Snackbar messages (spec §8): one at a time at the top of the phone screen, 3 s each. */
export const useNotify = () => useContext(NotifyContext);

export function NotifyProvider({ children }: { children: ReactNode }) {
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  const [open, setOpen] = useState(false);
  const notify = useCallback<Notify>((message, severity = 'info') => {
    setNotice({ key: Date.now(), message, severity });
    setOpen(true);
  }, []);
  return (
    <NotifyContext.Provider value={notify}>
      {children}
      {notice && (
        <Suspense fallback={null}>
          <Notice notice={notice} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </NotifyContext.Provider>
  );
}
