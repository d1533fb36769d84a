import { isObjectId } from '@avlu/contracts';
import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen/LoadingScreen';
import { PageHeader } from '../../components/page-header/PageHeader';
import { emptyAccount, ProviderAccountForm } from './ProviderAccountForm';
import { providerAccounts } from './provider-accounts.resource';
import './texts';

/** /settings/provider-accounts/{accountId}/edit: credentials left empty stay as stored. */
export default function ProviderAccountEditPage() {
  const { t } = useTranslation('marketing-settings');
  const navigate = useNavigate();
  const { accountId } = useParams();
  const account = providerAccounts.useOne(isObjectId(accountId) ? accountId : undefined);
  const update = providerAccounts.useUpdate({ error: false });
  const problem = !isObjectId(accountId) ? t('errors:NOT_FOUND') : account.error?.message;
  const row = account.data;
  return (
    <>
      <PageHeader
        title={t('edit')}
        crumbs={[
          { label: t('settings') },
          { label: t('title'), to: '/settings/provider-accounts' },
          { label: row?.account_name ?? t('edit') },
        ]}
      />
      {problem ? (
        <Alert severity="error">{problem}</Alert>
      ) : row ? (
        <ProviderAccountForm
          key={row._id}
          lockChannel
          hasCredentials={row.account_has_credentials}
          defaultValues={{
            ...emptyAccount,
            account_channel: row.account_channel,
            account_kind: row.account_kind,
            account_name: row.account_name,
            account_sender: row.account_sender ?? '',
            account_sender_name: row.account_sender_name ?? '',
            account_appname: row.account_appname ?? '',
            account_endpoint: row.account_endpoint ?? '',
            account_rate_per_second: row.account_rate_per_second,
            account_is_active: row.account_is_active,
          }}
          onSubmit={async (data) => {
            await update.mutateAsync({ id: row._id, data });
            navigate('/settings/provider-accounts');
          }}
        />
      ) : (
        <LoadingScreen fullPage={false} />
      )}
    </>
  );
}
