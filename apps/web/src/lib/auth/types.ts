import type { MenuItemNode } from '@avlu/contracts';
import type { StoredLocation } from '../session/storage';

/** The signed-in staff user, as GET /api/core/admin/profile answers it (spec §3 Admin user). */
export type AdminProfile = {
  _id: string;
  admin_name: string;
  admin_surname: string;
  admin_email: string;
  admin_gender?: string | null;
  admin_phone_number?: string | null;
  admin_birthday?: string | null;
  admin_address?: string | null;
  admin_profile_photo?: string | null;
  admin_role_id: string;
  admin_role_name: string;
  admin_locations: StoredLocation[];
};

/** A user role (spec §3, §6): what it may see is the menu_items tree. */
export type AdminRole = {
  _id: string;
  role_name: string;
  modules?: string[];
  menu_items: MenuItemNode[];
};

export type LoginCredentials = {
  admin_email: string;
  admin_password: string;
  remember: boolean;
};

export type LoginAnswer = { token: { value: string; expiresAt: string } };

/** The server calls the session needs; the HTTP one is the default, tests pass their own. */
export type AuthClient = {
  login: (credentials: LoginCredentials) => Promise<LoginAnswer>;
  logout: () => Promise<void>;
  profile: () => Promise<AdminProfile>;
  role: (roleId: string) => Promise<AdminRole>;
  /** Calls back whenever any API call is refused for the stored token; returns the unsubscribe. */
  onSessionRejected: (listener: () => void) => () => void;
};

export type AuthState =
  | { status: 'initialising'; admin: null; role: null }
  | { status: 'unauthenticated'; admin: null; role: null }
  | { status: 'authenticated'; admin: AdminProfile; role: AdminRole };
