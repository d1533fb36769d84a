import { useTranslation } from 'react-i18next';
import { useDeleteRoute, useDeleteTarget } from '../../components/resource-list-page/delete-route';
import { useConfirmedRemove } from '../../lib/data-table';
import { providerAccounts } from './provider-accounts.resource';
import './texts';

/** /settings/provider-accounts/{accountId}/delete: the list stays behind the question. */
export default function ProviderAccountDeleteRoute() {
  const { t } = useTranslation('marketing-settings');
  const target = useDeleteTarget('accountId');
  const account = providerAccounts.useOne(target.name ? undefined : target.id);
  useDeleteRoute({
    id: target.id,
    name: target.name ?? account.data?.account_name ?? (account.isError ? null : undefined),
    listPath: '/settings/provider-accounts',
    remove: useConfirmedRemove(providerAccounts, { title: t('deleteTitle') }),
  });
  return null;
}
