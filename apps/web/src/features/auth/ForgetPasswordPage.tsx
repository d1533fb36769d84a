import { forgetPasswordBody } from '@avlu/contracts';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api';
import { Form, SubmitButton, TextField, useZodForm } from '../../lib/form';
import { AuthHeading } from './AuthHeading';
import { BackToLogin } from './BackToLogin';
import type { VerifyState } from './VerifyPage';

/** /auth/forget-password: asks for a reset link; the answer never tells whether the address exists. */
export default function ForgetPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const form = useZodForm(forgetPasswordBody, { defaultValues: { admin_email: '' } });

  const submit = async (values: { admin_email: string }) => {
    await api.post('/core/auth/forget-password', values);
    navigate('/auth/verify', { state: { email: values.admin_email } satisfies VerifyState });
  };

  return (
    <Stack spacing={3}>
      <AuthHeading title={t('forget.title')} subtitle={t('forget.subtitle')} />
      <Form form={form} labels="auth" onSubmit={submit} warnOnLeave={false}>
        <TextField name="admin_email" type="email" autoComplete="username" autoFocus />
        <SubmitButton size="large" fullWidth>
          {t('forget.submit')}
        </SubmitButton>
      </Form>
      <BackToLogin />
    </Stack>
  );
}
