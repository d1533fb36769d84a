import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from 'react-i18next';
import { LogoMark } from '../logo/Logo';

/** Full-page wait, shown until the session is known and while a lazily loaded page arrives. */
export function LoadingScreen({ fullPage = true }: { fullPage?: boolean }) {
  const { t } = useTranslation('layout');
  return (
    <Box
      role="progressbar"
      aria-label={t('loading')}
      sx={{
        flexGrow: 1,
        minHeight: fullPage ? '100vh' : 320,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 3,
      }}
    >
      <LogoMark size={56} />
      <LinearProgress sx={{ width: 1, maxWidth: 280, borderRadius: 1 }} aria-hidden />
    </Box>
  );
}
