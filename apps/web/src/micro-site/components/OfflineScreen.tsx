import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
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
 *
 * A modal alert dialog: it takes focus, and the rest of the page (the app and any dialog open over it)
 * is inert meanwhile, out of reach of Tab and of screen readers; focus returns when it goes away.
 */
export function OfflineScreen() {
  const { t } = useT();
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const self = dialog.current;
    if (online || !self) return;
    const others = [...document.body.children].filter(
      (element) => element !== self && !element.hasAttribute('inert'),
    );
    for (const element of others) element.setAttribute('inert', '');
    const before = document.activeElement;
    self.focus();
    return () => {
      for (const element of others) element.removeAttribute('inert');
      if (before instanceof HTMLElement && before.isConnected) before.focus();
    };
  }, [online]);

  if (online) return null;
  // Straight under <body>, so that everything beside it can be made inert.
  return createPortal(
    <Box
      ref={dialog}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="offline-title"
      aria-describedby="offline-text"
      tabIndex={-1}
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
        '&:focus': { outline: 'none' },
      }}
    >
      <Typography id="offline-title" variant="h4" component="h2">
        {t('offline.title')}
      </Typography>
      <Typography id="offline-text" color="text.secondary">
        {t('offline.text')}
      </Typography>
    </Box>,
    document.body,
  );
}
