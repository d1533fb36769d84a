import { invitationPreview, tokenResponse } from '@avlu/contracts';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import MuiTextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen/LoadingScreen';
import { api } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { Form, PasswordField, SubmitButton, TextField, useZodForm } from '../../lib/form';
import { useRoleName } from '../../lib/permissions';
import { AuthHeading } from './AuthHeading';
import { BackToLogin } from './BackToLogin';
import { type RegisterFormOutput, registerForm } from './password-forms';

/** /auth/register/:inviteId: the invited person names themselves, picks a password and is signed in. */
export default function RegisterInvitePage() {
  const { t } = useTranslation('auth');
  const roleName = useRoleName();
  const { inviteId = '' } = useParams();
  const { signInWithToken } = useAuth();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const preview = useQuery({
    queryKey: ['invitation-preview', inviteId],
    queryFn: ({ signal }) =>
      api.get(`/core/auth/invitation/${encodeURIComponent(inviteId)}`, {
        schema: invitationPreview,
        signal,
        dedupe: false,
      }),
    retry: false,
  });
  const form = useZodForm(registerForm, {
    defaultValues: { admin_name: '', admin_surname: '', admin_password: '', confirm_password: '' },
  });

  if (preview.isPending) return <LoadingScreen fullPage={false} />;
  if (preview.isError) {
    return (
      <Stack spacing={3}>
        <Alert severity="error">
          <AlertTitle>{t('invite.invalidTitle')}</AlertTitle>
          {preview.error.message}
        </Alert>
        <BackToLogin />
      </Stack>
    );
  }

  const submit = async ({ confirm_password: _, ...values }: RegisterFormOutput) => {
    const answer = await api.post(
      '/core/auth/register',
      { ...values, admin_invite_token: inviteId },
      { schema: tokenResponse },
    );
    await signInWithToken(answer);
    enqueueSnackbar(t('invite.success'), { variant: 'success' });
    navigate('/', { replace: true });
  };

  return (
    <Stack>
      <AuthHeading title={t('invite.title')} subtitle={t('invite.subtitle')} />
      <Form form={form} labels="auth" onSubmit={submit} warnOnLeave={false}>
        <MuiTextField
          label={t('fields.admin_email')}
          value={preview.data.admin_invite_email}
          slotProps={{ input: { readOnly: true } }}
          fullWidth
        />
        <Chip
          color="primary"
          variant="outlined"
          label={t('invite.role', { role: roleName(preview.data.admin_invite_role_name) })}
          sx={{ alignSelf: 'flex-start' }}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField name="admin_name" autoComplete="given-name" autoFocus />
          <TextField name="admin_surname" autoComplete="family-name" />
        </Stack>
        <PasswordField name="admin_password" autoComplete="new-password" hint="auth:passwordRules" />
        <PasswordField name="confirm_password" autoComplete="new-password" />
        <SubmitButton size="large" fullWidth>
          {t('invite.submit')}
        </SubmitButton>
      </Form>
    </Stack>
  );
}
