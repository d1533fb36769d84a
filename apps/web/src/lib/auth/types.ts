import type { AdminProfile, LoginBody, Role, TokenResponse } from '@avlu/contracts';

export type { AdminProfile, LoginBody, Role, TokenResponse } from '@avlu/contracts';

/** The server calls the session needs; the HTTP one is the default, tests pass their own. */
export type AuthClient = {
  login: (credentials: LoginBody) => Promise<TokenResponse>;
  logout: () => Promise<void>;
  profile: () => Promise<AdminProfile>;
  role: (roleId: string) => Promise<Role>;
  /** Calls back whenever any API call is refused for the stored token; returns the unsubscribe. */
  onSessionRejected: (listener: () => void) => () => void;
};

export type AuthState =
  | { status: 'initialising'; admin: null; role: null }
  | { status: 'unauthenticated'; admin: null; role: null }
  | { status: 'authenticated'; admin: AdminProfile; role: Role };
