import CssBaseline from '@mui/material/CssBaseline';
// MUI's own ThemeProvider (@mui/material/styles) also imports the CSS-variables provider and its
// colour-scheme script (~3 KB gzipped) for themes with colour schemes; the micro-site's theme has
// none, for which that ThemeProvider renders exactly this one (its ThemeProviderNoVars).
import ThemeProvider from '@mui/system/ThemeProvider';
import { useEffect } from 'react';
import { MicroSiteApp } from './App';
import { OfflineScreen } from './components/OfflineScreen';
import { currentLanguage } from './lib/i18n';
import { NotifyProvider } from './lib/notify';
import { SessionProvider } from './lib/session';
import { microSiteTheme } from './lib/theme';
import { InvalidAddress } from './pages/NotFound';

/** `/micro-site/{locationToken}/…` → the token; null for a bare /micro-site. */
export const locationTokenOf = (pathname: string) => {
  const match = /^\/micro-site\/([^/]+)/.exec(pathname);
  return match ? decodeURIComponent(match[1]!) : null;
};

/** Theme, snackbars and the customer session of the mall named by the address. */
export function MicroSiteRoot() {
  const token = locationTokenOf(window.location.pathname);
  useEffect(() => {
    document.documentElement.lang = currentLanguage();
  }, []);
  return (
    <ThemeProvider theme={microSiteTheme}>
      <CssBaseline />
      <NotifyProvider>
        {token ? (
          <SessionProvider key={token} locationToken={token}>
            <MicroSiteApp />
          </SessionProvider>
        ) : (
          <InvalidAddress />
        )}
      </NotifyProvider>
      <OfflineScreen />
    </ThemeProvider>
  );
}
