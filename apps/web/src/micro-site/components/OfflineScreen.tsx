import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useSyncExternalStore } from 'react';
import { useT } from '../lib/i18n';

const subscribe = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

/**
 * Spec §2: covers the page while the phone is offline and goes away when it is back. Part of the first
 * load on purpose (no dialog to fetch): once offline, nothing more can be downloaded.
 */
export function OfflineScreen() {
  const { t } = useT();
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  if (online) return null;
  return (
    <Box
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="offline-title"
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: 'modal',
        bgcolor: 'background.paper',
        display: 'grid',
        placeContent: 'center',
        gap: 2,
        p: 4,
        textAlign: 'center',
      }}
    >
      <Typography id="offline-title" variant="h4" component="h2">
        {t('offline.title')}
      </Typography>
      <Typography color="text.secondary">{t('offline.text')}</Typography>
    </Box>
  );
}
