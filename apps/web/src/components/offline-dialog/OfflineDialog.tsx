import WifiOffIcon from '@mui/icons-material/WifiOff';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

const subscribe = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

const isOnline = () => navigator.onLine;

/** Covers the app while the browser is offline (spec §2); it cannot be dismissed, only reconnected. */
export function OfflineDialog() {
  const { t } = useTranslation('layout');
  const online = useSyncExternalStore(subscribe, isOnline, () => true);
  return (
    <Dialog fullScreen open={!online} aria-labelledby="offline-dialog-title">
      <DialogContent
        sx={{
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          textAlign: 'center',
          gap: 2,
        }}
      >
        <Box
          sx={{
            width: 120,
            height: 120,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'action.hover',
            color: 'warning.main',
          }}
        >
          <WifiOffIcon sx={{ fontSize: 64 }} />
        </Box>
        <DialogTitle id="offline-dialog-title" variant="h3" sx={{ p: 0 }}>
          {t('offline.title')}
        </DialogTitle>
        <Typography color="text.secondary" sx={{ maxWidth: 440 }}>
          {t('offline.text')}
        </Typography>
      </DialogContent>
    </Dialog>
  );
}
