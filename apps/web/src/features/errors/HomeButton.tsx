import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

export function HomeButton() {
  const { t } = useTranslation('errors-page');
  return (
    <Button component={RouterLink} to="/" variant="contained" size="large">
      {t('home')}
    </Button>
  );
}
