import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** The way back from every guest page that is not the login itself. */
export function BackToLogin() {
  const { t } = useTranslation('auth');
  return (
    <Button
      component={RouterLink}
      to="/auth/login"
      startIcon={<ArrowBackIcon />}
      sx={{ alignSelf: 'center' }}
    >
      {t('backToLogin')}
    </Button>
  );
}
