import type { MicroSiteStore } from '@avlu/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type MicroSiteApi, messageOf } from '../lib/api';
import { useSession } from '../lib/session';

/** `GET /ext/app/customers/campaigns`: the running campaigns (the list, and a campaign's page, which finds its own there). */
export const CAMPAIGNS_PATH = '/ext/app/customers/campaigns';

export type Loaded<T> = {
  data: T | undefined;
  error: string | null;
  loading: boolean;
  /** Asks again (after a failure, or once something changed on the server). */
  reload: () => void;
  /** Changes what is shown without asking (the answer of a join). */
  update: (change: (data: T) => T) => void;
};

/**
 * A GET of the micro-site's API for a page. The request is kept in a ref, so StrictMode's second
 * mount (main.tsx) does not send it again; `reload` sends a new one.
 */
export const useMicroSiteGet = <T>(path: string): Loaded<T> => {
  const { api } = useSession();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ data: T | undefined; error: string | null; loading: boolean }>({
    data: undefined,
    error: null,
    loading: true,
  });
  const asked = useRef<{ key: string; promise: Promise<T> } | null>(null);
  useEffect(() => {
    const key = `${path}#${attempt}`;
    if (asked.current?.key !== key) asked.current = { key, promise: api.get<T>(path) };
    let live = true;
    asked.current.promise.then(
      (data) => live && setState({ data, error: null, loading: false }),
      (error: unknown) => live && setState({ data: undefined, error: messageOf(error), loading: false }),
    );
    return () => {
      live = false;
    };
  }, [api, path, attempt]);
  const reload = useCallback(() => {
    setState((current) => ({ ...current, error: null, loading: true }));
    setAttempt((value) => value + 1);
  }, []);
  const update = useCallback(
    (change: (data: T) => T) =>
      setState((current) =>
        current.data === undefined ? current : { ...current, data: change(current.data) },
      ),
    [],
  );
  return { ...state, reload, update };
};

/** The mall's stores by id, asked once per page load (the list and a campaign's page both name them). */
const storeDirectories = new WeakMap<MicroSiteApi, Promise<Map<string, MicroSiteStore>>>();

const storesOf = (api: MicroSiteApi) => {
  let directory = storeDirectories.get(api);
  if (!directory) {
    directory = api
      .get<MicroSiteStore[]>('/ext/data/stores')
      .then((stores) => new Map(stores.map((store) => [store._id, store])));
    // A failure is not kept: the next page asks again. The campaigns show without store names meanwhile.
    directory.catch(() => storeDirectories.delete(api));
    storeDirectories.set(api, directory);
  }
  return directory;
};

/** The stores of the mall by id; empty until they arrive, or when they cannot be had. */
export const useStores = () => {
  const { api } = useSession();
  const [stores, setStores] = useState<Map<string, MicroSiteStore>>(() => new Map());
  useEffect(() => {
    let live = true;
    storesOf(api).then(
      (directory) => live && setStores(directory),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api]);
  return stores;
};
