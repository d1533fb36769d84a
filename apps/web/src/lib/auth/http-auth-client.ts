import { api, isApiError } from '../api';
import type { AdminProfile, AdminRole, AuthClient, LoginAnswer } from './types';

/** The auth calls of spec §7 on the staff API client. */
export const httpAuthClient: AuthClient = {
  login: (credentials) => api.post<LoginAnswer>('/core/auth/login', credentials),
  logout: async () => {
    try {
      await api.post('/core/auth/logout');
    } catch (error) {
      // A rejected token means the server has already ended this session: that is a done logout.
      if (!(isApiError(error) && error.statusCode === 401)) throw error;
    }
  },
  profile: () => api.get<AdminProfile>('/core/admin/profile'),
  role: (roleId) => api.get<AdminRole>(`/core/role/${encodeURIComponent(roleId)}`),
  onSessionRejected: (listener) => api.onUnauthorized(listener),
};
