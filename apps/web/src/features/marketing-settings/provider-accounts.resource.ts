import { providerAccount, providerAccountInput } from '@avlu/contracts';
import { defineResource } from '../../lib/resource';

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
