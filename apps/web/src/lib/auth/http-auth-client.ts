import { adminProfile, role, tokenResponse } from '@avlu/contracts';
import { api, isApiError } from '../api';
import type { AuthClient } from './types';

/** The auth calls of spec §7 on the staff API client; answers are checked against the contracts. */
export const httpAuthClient: AuthClient = {
  login: (credentials) => api.post('/core/auth/login', credentials, { schema: tokenResponse }),
  logout: async () => {
    try {
      await api.post('/core/auth/logout');
    } catch (error) {
      // A rejected token means the server has already ended this session: that is a done logout.
      if (!(isApiError(error) && error.statusCode === 401)) throw error;
    }
  },
  profile: () => api.get('/core/admin/profile', { schema: adminProfile }),
  role: (roleId) => api.get(`/core/role/${encodeURIComponent(roleId)}`, { schema: role }),
  onSessionRejected: (listener) => api.onUnauthorized(listener),
};
