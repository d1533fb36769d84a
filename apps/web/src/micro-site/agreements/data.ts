import type { Agreement, AgreementFilterBody } from '@avlu/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Loaded } from '../campaigns/data';
import { messageOf } from '../lib/api';
import { useSession } from '../lib/session';
import { AGREEMENTS_PATH } from './texts';

/**
 * The mall's agreements in use (POST /ext/app/agreements with its filter), as useMicroSiteGet loads
 * a page's data: asked once per filter and attempt, so StrictMode's second mount does not ask again.
 */
export const useAgreements = (filter: AgreementFilterBody['filter']): Omit<Loaded<Agreement[]>, 'update'> => {
  const { api } = useSession();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{
    data: Agreement[] | undefined;
    error: string | null;
    loading: boolean;
  }>({ data: undefined, error: null, loading: true });
  const asked = useRef<{ key: string; promise: Promise<Agreement[]> } | null>(null);
  const body = JSON.stringify({ filter });
  useEffect(() => {
    const key = `${body}#${attempt}`;
    if (asked.current?.key !== key)
      asked.current = { key, promise: api.post<Agreement[]>(AGREEMENTS_PATH, JSON.parse(body)) };
    let live = true;
    asked.current.promise.then(
      (data) => live && setState({ data, error: null, loading: false }),
      (error: unknown) => live && setState({ data: undefined, error: messageOf(error), loading: false }),
    );
    return () => {
      live = false;
    };
  }, [api, body, attempt]);
  const reload = useCallback(() => {
    setState((current) => ({ ...current, error: null, loading: true }));
    setAttempt((value) => value + 1);
  }, []);
  return { ...state, reload };
};
