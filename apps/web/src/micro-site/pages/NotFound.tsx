import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { LogoMark } from '../../components/logo/Logo';
import { useT } from '../lib/i18n';
import { Link } from '../lib/router';
import { useSession } from '../lib/session';

/** Spec §2: an unknown path of the micro-site. */
export function NotFound() {
  const { t } = useT();
  const { base } = useSession();
  return (
    <Box sx={{ textAlign: 'center', py: 6, display: 'grid', gap: 2, justifyItems: 'center' }}>
      <Typography variant="h2" component="p" color="primary" sx={{ fontWeight: 800, fontSize: 64 }}>
        404
      </Typography>
      <Typography variant="h4" component="h1">
        {t('notFound.title')}
      </Typography>
      <Typography color="text.secondary">{t('notFound.text')}</Typography>
      <Button component={Link} href={base} variant="contained" size="large">
        {t('notFound.home')}
      </Button>
    </Box>
  );
}

/** A micro-site address without a token, or with one the server does not know. */
export function InvalidAddress() {
  const { t } = useT();
  return (
    <Box sx={{ textAlign: 'center', py: 8, px: 3, display: 'grid', gap: 2, justifyItems: 'center' }}>
      <LogoMark size={56} />
      <Typography variant="h4" component="h1">
        {t('errors.invalidAddress')}
      </Typography>
      <Typography color="text.secondary">{t('errors.invalidAddressText')}</Typography>
    </Box>
  );
}
