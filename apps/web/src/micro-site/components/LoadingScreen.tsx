import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useT } from '../lib/i18n';

/** Spec §2: shown until the session is known, and while a page's code arrives. */
export function LoadingScreen({ fullPage = false }: { fullPage?: boolean }) {
  const { t } = useT();
  return (
    <Box
      role="progressbar"
      aria-label={t('loading')}
      sx={{ flexGrow: 1, minHeight: fullPage ? '100vh' : 240, display: 'grid', placeItems: 'center' }}
    >
      <CircularProgress />
    </Box>
  );
}
