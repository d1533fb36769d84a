import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { type ReactNode, useMemo } from 'react';
import { useLanguage } from '../lib/i18n/use-language';
import { useSettings } from '../lib/settings';
import { createAppTheme } from './create-app-theme';
import { DirectionCache } from './DirectionCache';

/** The theme follows the stored UI settings and the language (MUI, DataGrid and picker texts). */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const { settings } = useSettings();
  const language = useLanguage();
  const { themeMode, themeDirection, themeColorPresets } = settings;
  const theme = useMemo(
    () => createAppTheme({ themeMode, themeDirection, themeColorPresets }, language),
    [themeMode, themeDirection, themeColorPresets, language],
  );
  return (
    <DirectionCache direction={themeDirection}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </DirectionCache>
  );
}
