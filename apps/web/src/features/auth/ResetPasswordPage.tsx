import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { api } from '../../lib/api';
import { Form, PasswordField, SubmitButton, useZodForm } from '../../lib/form';
import { AuthHeading } from './AuthHeading';
import { BackToLogin } from './BackToLogin';
import { resetForm } from './password-forms';

/** /auth/reset-password/:token (and /reset-password/:token from older mails): a new password. */
export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const { token = '' } = useParams();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const form = useZodForm(resetForm, { defaultValues: { admin_password: '', confirm_password: '' } });

  const submit = async ({ admin_password }: { admin_password: string }) => {
    await api.post('/core/auth/reset-password', { token, admin_password });
    enqueueSnackbar(t('reset.success'), { variant: 'success' });
    navigate('/auth/login', { replace: true });
  };

  return (
    <Stack spacing={3}>
      <AuthHeading title={t('reset.title')} subtitle={t('reset.subtitle')} />
      <Form form={form} labels="auth" onSubmit={submit} warnOnLeave={false}>
        <PasswordField
          name="admin_password"
          autoComplete="new-password"
          hint="auth:passwordRules"
          autoFocus
        />
        <PasswordField name="confirm_password" autoComplete="new-password" />
        <SubmitButton size="large" fullWidth>
          {t('reset.submit')}
        </SubmitButton>
      </Form>
      <Button component={RouterLink} to="/auth/forget-password" sx={{ alignSelf: 'center' }}>
        {t('reset.newLink')}
      </Button>
      <BackToLogin />
    </Stack>
  );
}
