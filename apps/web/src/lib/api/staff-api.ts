import { session } from '../session/storage';
import { createApiClient } from './client';

/** The back-office client: the staff token as bearer and the current mall as `locationId` on every call. */
export const api = createApiClient({
  baseUrl: import.meta.env.VITE_API_URL ?? '/api',
  headers: () => {
    const token = session.accessToken();
    return { authorization: token ? `Bearer ${token}` : undefined };
  },
  query: () => ({ locationId: session.currentLocationId() }),
});
