import {
  type MarketingSettings,
  type MarketingSettingsInput,
  marketingSettings,
  providerAccount,
  providerAccountInput,
} from '@avlu/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiError, api } from '../../lib/api';
import { defineResource } from '../../lib/resource';
import { useMutationFeedback } from '../../lib/resource/feedback';

/**
 * The mall's provider accounts (issue 16 #5), system admin only: `GET`/`POST
 * /marketing/provider-accounts`, `GET`/`PUT`/`DELETE …/{id}`. The list answers every account at once.
 */
export const providerAccounts = defineResource({
  name: 'marketing-settings',
  path: '/marketing/provider-accounts',
  item: providerAccount,
  input: providerAccountInput,
  list: () => ({ method: 'GET', path: '/marketing/provider-accounts' }),
  messages: {
    created: 'marketing-settings:created',
    updated: 'marketing-settings:updated',
    removed: 'marketing-settings:removed',
  },
});

const SETTINGS_KEY = ['marketing-settings', 'settings'] as const;

/** `GET /marketing/settings`: the mall's approval threshold and İYS brand code. */
export const useMarketingSettings = () =>
  useQuery<MarketingSettings, ApiError>({
    queryKey: SETTINGS_KEY,
    queryFn: ({ signal }) => api.get('/marketing/settings', { schema: marketingSettings, signal }),
  });

/** `PUT /marketing/settings` (system admin); a refused field is shown under it by the form. */
export const useSaveMarketingSettings = () => {
  const client = useQueryClient();
  const toast = useMutationFeedback<MarketingSettings>({
    success: 'marketing-settings:marketingSettings.saved',
    error: false,
  });
  return useMutation<MarketingSettings, ApiError, MarketingSettingsInput>({
    mutationFn: (body) => api.put('/marketing/settings', body, { schema: marketingSettings }),
    onSuccess: (saved) => {
      client.setQueryData(SETTINGS_KEY, saved);
      toast.succeeded(saved);
    },
  });
};
