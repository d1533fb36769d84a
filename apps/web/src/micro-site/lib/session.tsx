import type {
  MicroSiteCustomer,
  MicroSiteKvkkBody,
  MicroSiteProfileBody,
  MicroSiteSession,
} from '@avlu/contracts';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { type CustomerCredentials, createMicroSiteApi, type MicroSiteApi } from './api';
import { customerSessionKeys } from './contract';

export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';

export type SessionValue = {
  locationToken: string;
  /** `/micro-site/{locationToken}`: every path of the site starts with it. */
  base: string;
  api: MicroSiteApi;
  status: SessionStatus;
  customer: MicroSiteCustomer | null;
  /** Stores what login or register answered and loads the profile (spec §4). */
  signIn: (session: MicroSiteSession) => Promise<void>;
  /** POST /ext/app/customers/profile; the answer replaces the customer. */
  updateProfile: (body: MicroSiteProfileBody) => Promise<void>;
  /** Ends the session on the server when it can and forgets the token and id (spec §4). */
  logout: () => Promise<void>;
  /** DELETE /ext/app/customers/profile, then logout. */
  deleteAccount: () => Promise<void>;
  /** POST /ext/app/customers/kvkk: gives or withdraws the KVKK consent; the answer replaces the customer. */
  setKvkkConsent: (accepts: boolean, agreementVersion?: string) => Promise<void>;
};

const SessionContext = createContext<SessionValue | null>(null);

export const useSession = () => {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
};

const readCredentials = (locationToken: string): CustomerCredentials | null => {
  const keys = customerSessionKeys(locationToken);
  const token = localStorage.getItem(keys.token);
  const id = localStorage.getItem(keys.id);
  return token && id ? { token, id } : null;
};

const clearCredentials = (locationToken: string) => {
  const keys = customerSessionKeys(locationToken);
  localStorage.removeItem(keys.token);
  localStorage.removeItem(keys.id);
};

/** The profile answer is the customer itself or `{ customer }`; either is accepted. */
const customerOf = (answer: unknown): MicroSiteCustomer => {
  const value = answer as { customer?: MicroSiteCustomer } & MicroSiteCustomer;
  return value && typeof value.customer === 'object' && value.customer ? value.customer : value;
};

/**
 * The customer session of one mall (spec §3, §4): loading until known; a stored token and id are
 * checked by fetching the profile, and a deleted profile or any failure means not authenticated.
 */
export function SessionProvider({ locationToken, children }: { locationToken: string; children: ReactNode }) {
  const api = useMemo(
    () => createMicroSiteApi(locationToken, () => readCredentials(locationToken)),
    [locationToken],
  );
  const [state, setState] = useState<{ status: SessionStatus; customer: MicroSiteCustomer | null }>(() => ({
    status: readCredentials(locationToken) ? 'loading' : 'unauthenticated',
    customer: null,
  }));

  const loadProfile = useCallback(async () => {
    const customer = customerOf(await api.get('/ext/app/customers/profile'));
    if (!customer?._id || customer.customer_deletedAt) throw new Error('deleted');
    return customer;
  }, [api]);

  const signOut = useCallback(() => {
    clearCredentials(locationToken);
    setState({ status: 'unauthenticated', customer: null });
  }, [locationToken]);

  // The stored session is checked once per page load: StrictMode runs effects twice in development.
  const restored = useRef<Promise<MicroSiteCustomer | null> | null>(null);
  useEffect(() => {
    if (!readCredentials(locationToken)) return;
    restored.current ??= loadProfile().catch(() => {
      clearCredentials(locationToken);
      return null;
    });
    let live = true;
    void restored.current.then(
      (customer) =>
        live &&
        setState(
          customer ? { status: 'authenticated', customer } : { status: 'unauthenticated', customer: null },
        ),
    );
    return () => {
      live = false;
    };
  }, [locationToken, loadProfile]);

  const value = useMemo<SessionValue>(
    () => ({
      locationToken,
      base: `/micro-site/${locationToken}`,
      api,
      ...state,
      signIn: async (session) => {
        const keys = customerSessionKeys(locationToken);
        localStorage.setItem(keys.token, session.mobileToken);
        localStorage.setItem(keys.id, session.customer._id);
        try {
          setState({ status: 'authenticated', customer: await loadProfile() });
        } catch (error) {
          signOut();
          throw error;
        }
      },
      updateProfile: async (body) => {
        const customer = customerOf(await api.post('/ext/app/customers/profile', body));
        setState({ status: 'authenticated', customer });
      },
      logout: async () => {
        // Signing out must work offline too: the server's session then simply expires.
        await api.post('/ext/app/customers/logout').catch(() => undefined);
        signOut();
      },
      deleteAccount: async () => {
        await api.delete('/ext/app/customers/profile');
        signOut();
      },
      setKvkkConsent: async (accepts, agreementVersion) => {
        const body: MicroSiteKvkkBody = {
          customer_accepts_kvkk: accepts,
          ...(agreementVersion && { agreement_version: agreementVersion }),
        };
        const customer = customerOf(await api.post('/ext/app/customers/kvkk', body));
        setState({ status: 'authenticated', customer });
      },
    }),
    [locationToken, api, state, loadProfile, signOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
