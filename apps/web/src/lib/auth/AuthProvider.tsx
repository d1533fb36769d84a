import { useQueryClient } from '@tanstack/react-query';
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
import { session } from '../session/storage';
import type { AdminProfile, AuthClient, AuthState, LoginBody, TokenResponse } from './types';

export type AuthContextValue = AuthState & {
  /** Signs in, stores the token, then loads profile and role; rejects with the server's error. */
  login: (credentials: LoginBody) => Promise<void>;
  /** Starts a session from a token the server gave by another way (register by invitation). */
  signInWithToken: (answer: TokenResponse) => Promise<void>;
  /** Loads the profile again after the admin changed it, keeping the current location. */
  refreshProfile: () => Promise<void>;
  /** Ends the session on the server, then forgets it here; rejects (and keeps the session) on failure. */
  logout: () => Promise<void>;
};

const AuthContext = createContext<AuthContextValue | null>(null);

const signedOut = { status: 'unauthenticated', admin: null, role: null } as const;
const initialising = { status: 'initialising', admin: null, role: null } as const;

/** The first location is current after login; after a reload the stored one stays if still allowed. */
const rememberLocations = (admin: AdminProfile, afterLogin: boolean) => {
  const locations = admin.admin_locations;
  session.setLocations(locations);
  const currentId = session.currentLocationId();
  const keep = !afterLogin && locations.some((location) => location._id === currentId);
  if (!keep && locations[0]) session.setCurrentLocation(locations[0]);
};

// Leaving the page (a reload, a link to another page) cuts its calls off: that says nothing about the
// token, so the check at start must not sign the admin out for it.
let leavingPage = false;
window.addEventListener('pagehide', () => {
  leavingPage = true;
});
window.addEventListener('pageshow', () => {
  leavingPage = false;
});

export function AuthProvider({ client, children }: { client: AuthClient; children: ReactNode }) {
  const queryClient = useQueryClient();
  // Spec §4: a stored token counts as valid until the profile call says otherwise.
  const [state, setState] = useState<AuthState>(() => (session.accessToken() ? initialising : signedOut));

  const loadSession = useCallback(
    async (afterLogin: boolean) => {
      const admin = await client.profile();
      const role = await client.role(admin.admin_role_id);
      rememberLocations(admin, afterLogin);
      session.setRole(role);
      return { status: 'authenticated', admin, role } as const;
    },
    [client],
  );

  // The stored token is checked once per page load. React runs effects twice in development
  // (StrictMode), and the API client would cancel the first profile call for the second: both runs
  // share the one check instead.
  const restored = useRef<Promise<AuthState | null> | null>(null);
  useEffect(() => {
    if (!session.accessToken()) return;
    restored.current ??= loadSession(false).catch(() => {
      if (leavingPage) return null;
      session.clear();
      return signedOut;
    });
    let live = true;
    void restored.current.then((next) => live && next && setState(next));
    return () => {
      live = false;
    };
  }, [loadSession]);

  // Any call refused for the token (expired, revoked) ends the session here too, whichever screen made it.
  useEffect(
    () =>
      client.onSessionRejected(() => {
        session.clear();
        queryClient.clear();
        setState(signedOut);
      }),
    [client, queryClient],
  );

  const signInWithToken = useCallback(
    async (answer: TokenResponse) => {
      session.signIn(answer.token);
      try {
        setState(await loadSession(true));
      } catch (error) {
        session.clear();
        throw error;
      }
    },
    [loadSession],
  );

  const login = useCallback(
    async (credentials: LoginBody) => signInWithToken(await client.login(credentials)),
    [client, signInWithToken],
  );

  const refreshProfile = useCallback(async () => setState(await loadSession(false)), [loadSession]);

  const logout = useCallback(async () => {
    await client.logout();
    session.clear();
    // Another admin may sign in next in this tab; nothing of this one's data may be served from cache.
    queryClient.clear();
    setState(signedOut);
  }, [client, queryClient]);

  const value = useMemo(
    () => ({ ...state, login, signInWithToken, refreshProfile, logout }),
    [state, login, signInWithToken, refreshProfile, logout],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export const useAuth = () => {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth needs an AuthProvider');
  return context;
};
