import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header/PageHeader';
import { emptyAccount, ProviderAccountForm } from './ProviderAccountForm';
import { providerAccounts } from './provider-accounts.resource';
import './texts';

/** /settings/provider-accounts/new. */
export default function ProviderAccountCreatePage() {
  const { t } = useTranslation('marketing-settings');
  const navigate = useNavigate();
  const create = providerAccounts.useCreate({ error: false });
  return (
    <>
      <PageHeader
        title={t('new')}
        crumbs={[
          { label: t('settings') },
          { label: t('title'), to: '/settings/provider-accounts' },
          { label: t('new') },
        ]}
      />
      <ProviderAccountForm
        defaultValues={emptyAccount}
        onSubmit={async (values) => {
          await create.mutateAsync(values);
          navigate('/settings/provider-accounts');
        }}
      />
    </>
  );
}
