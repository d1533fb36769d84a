import { type ProviderAccountInput, providerAccountInput, providerAccountKinds } from '@avlu/contracts';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  Form,
  NumberField,
  PasswordField,
  SelectField,
  SubmitButton,
  SwitchField,
  TextField,
  useZodForm,
} from '../../lib/form';

/**
 * A provider account's settings. The credentials are write-only: an account that has them shows
 * empty fields saying so, and fields left empty keep what is stored.
 */
export const ProviderAccountForm = ({
  defaultValues,
  hasCredentials = false,
  lockChannel = false,
  onSubmit,
}: {
  defaultValues: ProviderAccountInput;
  hasCredentials?: boolean;
  lockChannel?: boolean;
  onSubmit: (values: ProviderAccountInput) => Promise<void>;
}) => {
  const { t } = useTranslation('marketing-settings');
  const form = useZodForm(providerAccountInput, { defaultValues });
  const channel = useWatch({ control: form.control, name: 'account_channel' });
  const keep = hasCredentials ? 'marketing-settings:keepCredentials' : undefined;
  return (
    <Card sx={{ p: 3, maxWidth: 720 }}>
      <Form form={form} labels="marketing-settings" onSubmit={onSubmit}>
        <SelectField
          name="account_channel"
          disabled={lockChannel}
          options={(['sms', 'email', 'push'] as const).map((value) => ({
            value,
            label: t(`channels.${value}`),
          }))}
        />
        <SelectField
          name="account_kind"
          options={providerAccountKinds.map((value) => ({ value, label: t(`kinds.${value}`) }))}
        />
        <TextField name="account_name" />
        {channel !== 'push' && (
          <TextField
            name="account_sender"
            hint={`marketing-settings:${channel === 'sms' ? 'senderSmsHelp' : 'senderEmailHelp'}`}
          />
        )}
        {channel === 'email' && <TextField name="account_sender_name" />}
        {channel === 'sms' && (
          <TextField name="account_appname" hint="marketing-settings:appnameHelp" autoComplete="off" />
        )}
        <TextField name="account_endpoint" hint="marketing-settings:endpointHelp" />
        <NumberField name="account_rate_per_second" />
        <SwitchField name="account_is_active" />
        <Typography variant="subtitle2">{t('credentials')}</Typography>
        {channel === 'push' ? (
          <TextField name="account_credentials.service_account" multiline minRows={4} hint={keep} />
        ) : (
          <>
            <TextField name="account_credentials.user" hint={keep} autoComplete="off" />
            <PasswordField name="account_credentials.password" hint={keep} autoComplete="new-password" />
          </>
        )}
        <SubmitButton sx={{ alignSelf: 'flex-end' }} />
      </Form>
    </Card>
  );
};

/** The form's values of a new account. */
export const emptyAccount: ProviderAccountInput = {
  account_channel: 'sms',
  account_kind: 'bulk',
  account_name: '',
  account_sender: '',
  account_sender_name: '',
  account_appname: '',
  account_endpoint: '',
  account_rate_per_second: null,
  account_is_active: true,
  account_credentials: { user: '', password: '', service_account: '' },
};
