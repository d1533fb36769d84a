import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { api } from '../../lib/api';
import { Form, SubmitButton, useZodForm } from '../../lib/form';
import { AuthHeading } from './AuthHeading';
import { BackToLogin } from './BackToLogin';

const noFields = z.object({});

/**
 * /auth/unlock/:token, the link mailed when many failed sign-ins locked an account. Unlocking waits
 * for a click, so a mail scanner opening the link does not use it up.
 */
export default function UnlockAccountPage() {
  const { t } = useTranslation('auth');
  const { token = '' } = useParams();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const form = useZodForm(noFields, { defaultValues: {} });

  const submit = async () => {
    await api.post('/core/auth/unlock', { token });
    enqueueSnackbar(t('unlock.success'), { variant: 'success' });
    navigate('/auth/login', { replace: true });
  };

  return (
    <Stack spacing={3}>
      <AuthHeading title={t('unlock.title')} subtitle={t('unlock.subtitle')} />
      <Form form={form} labels="auth" onSubmit={submit} warnOnLeave={false}>
        <SubmitButton size="large" fullWidth>
          {t('unlock.submit')}
        </SubmitButton>
      </Form>
      <Button component={RouterLink} to="/auth/forget-password" sx={{ alignSelf: 'center' }}>
        {t('unlock.resetInstead')}
      </Button>
      <BackToLogin />
    </Stack>
  );
}
