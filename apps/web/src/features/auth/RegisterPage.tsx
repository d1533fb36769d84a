import MailOutlineIcon from '@mui/icons-material/MailOutlined';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { AuthHeading } from './AuthHeading';
import { BackToLogin } from './BackToLogin';

/** /auth/register: accounts are opened by invitation only (spec §6), so this page says how. */
export default function RegisterPage() {
  const { t } = useTranslation('auth');
  return (
    <Stack>
      <AuthHeading title={t('register.title')} />
      <Stack spacing={3}>
        <Alert severity="info" icon={<MailOutlineIcon />}>
          {t('register.byInvitation')}
        </Alert>
        <BackToLogin />
      </Stack>
    </Stack>
  );
}
