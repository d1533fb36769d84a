import { type ChangePasswordBody, changePasswordBody } from '@avlu/contracts';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { Form, PasswordField, SubmitButton, useZodForm } from '../../lib/form';
import './texts';

const empty = { old_password: '', new_password: '', confirm_password: '' };

/** PUT /core/admin/password: old, new and its confirmation (spec §5). */
export function ChangePasswordCard() {
  const { t } = useTranslation('account');
  const { enqueueSnackbar } = useSnackbar();
  const form = useZodForm(changePasswordBody, { defaultValues: empty });
  const submit = async (values: ChangePasswordBody) => {
    await api.put('/core/admin/password', values);
    enqueueSnackbar(t('api:updated'), { variant: 'success' });
    form.reset(empty);
  };
  return (
    <Card sx={{ p: 3 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 3 }}>
        {t('password.title')}
      </Typography>
      <Form form={form} labels="account" onSubmit={submit}>
        <PasswordField name="old_password" autoComplete="current-password" />
        <PasswordField name="new_password" autoComplete="new-password" hint="account:password.hint" />
        <PasswordField name="confirm_password" autoComplete="new-password" />
        <SubmitButton sx={{ alignSelf: 'flex-end' }}>{t('password.submit')}</SubmitButton>
      </Form>
    </Card>
  );
}
