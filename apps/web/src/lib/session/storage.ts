import type { Location } from '@avlu/contracts';

/**
 * The staff session kept in browser storage under the keys of spec §9 (accessToken, expiresAt,
 * locations, currentLocation, role). The language lives under i18nextLng (see lib/i18n).
 */
const KEYS = {
  accessToken: 'accessToken',
  expiresAt: 'expiresAt',
  locations: 'locations',
  currentLocation: 'currentLocation',
  role: 'role',
} as const;

const readJson = <T>(key: string): T | null => {
  const raw = localStorage.getItem(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
};

export type StoredLocation = Pick<Location, '_id' | 'location_name' | 'location_logo'>;

export const sessionStorageKeys = KEYS;

export const session = {
  accessToken: () => localStorage.getItem(KEYS.accessToken),
  expiresAt: () => localStorage.getItem(KEYS.expiresAt),
  locations: () => readJson<StoredLocation[]>(KEYS.locations) ?? [],
  currentLocation: () => readJson<StoredLocation>(KEYS.currentLocation),
  currentLocationId: () => readJson<StoredLocation>(KEYS.currentLocation)?._id ?? null,
  role: <Role>() => readJson<Role>(KEYS.role),

  signIn(token: { value: string; expiresAt: string }) {
    localStorage.setItem(KEYS.accessToken, token.value);
    localStorage.setItem(KEYS.expiresAt, token.expiresAt);
  },
  setLocations(locations: StoredLocation[]) {
    localStorage.setItem(KEYS.locations, JSON.stringify(locations));
  },
  setCurrentLocation(location: StoredLocation) {
    localStorage.setItem(KEYS.currentLocation, JSON.stringify(location));
  },
  setRole(role: unknown) {
    localStorage.setItem(KEYS.role, JSON.stringify(role));
  },
  clear() {
    for (const key of Object.values(KEYS)) localStorage.removeItem(key);
  },
};
