import type { Language } from '@avlu/contracts';
import { alpha, createTheme, type Theme } from '@mui/material/styles';
import { muiLocales } from '../lib/i18n/mui-locales';
import type { Settings } from '../lib/settings';
import { paletteFor, readableDisabledHelperText } from './palette';

/** System fonts only: the product runs on offline networks, so no web font is fetched. */
export const FONT_FAMILY =
  '"Public Sans", system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", Arial, sans-serif';

/** Breakpoints of spec §9 (MUI's own values, stated so nobody changes them by accident). */
export const breakpoints = { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } as const;

const cardShadow = (theme: Theme) =>
  theme.palette.mode === 'light'
    ? `0 0 2px 0 ${alpha(theme.palette.grey[500], 0.2)}, 0 12px 24px -4px ${alpha(theme.palette.grey[500], 0.12)}`
    : `0 0 2px 0 ${alpha('#000', 0.3)}, 0 12px 24px -4px ${alpha('#000', 0.24)}`;

type ThemeSettings = Pick<Settings, 'themeMode' | 'themeDirection' | 'themeColorPresets'>;

export const createAppTheme = (settings: ThemeSettings, language: Language): Theme =>
  createTheme(
    {
      direction: settings.themeDirection,
      breakpoints: { values: breakpoints },
      palette: paletteFor(settings.themeMode, settings.themeColorPresets),
      shape: { borderRadius: 8 },
      typography: {
        fontFamily: FONT_FAMILY,
        h1: { fontWeight: 800, fontSize: '2.5rem', lineHeight: 1.25 },
        h2: { fontWeight: 800, fontSize: '2rem', lineHeight: 1.3 },
        h3: { fontWeight: 700, fontSize: '1.5rem', lineHeight: 1.4 },
        h4: { fontWeight: 700, fontSize: '1.25rem', lineHeight: 1.5 },
        h5: { fontWeight: 700, fontSize: '1.125rem', lineHeight: 1.5 },
        h6: { fontWeight: 700, fontSize: '1rem', lineHeight: 1.55 },
        subtitle1: { fontWeight: 600 },
        subtitle2: { fontWeight: 600, fontSize: '0.875rem' },
        overline: { fontWeight: 700, letterSpacing: '0.08em', fontSize: '0.6875rem' },
        button: { fontWeight: 700, textTransform: 'none' },
      },
      components: {
        MuiCssBaseline: {
          styleOverrides: {
            body: { WebkitFontSmoothing: 'antialiased', MozOsxFontSmoothing: 'grayscale' },
            '#root': { minHeight: '100vh', display: 'flex', flexDirection: 'column' },
          },
        },
        MuiButton: {
          defaultProps: { disableElevation: true },
          styleOverrides: { root: { borderRadius: 8 }, sizeLarge: { minHeight: 48 } },
        },
        MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
        MuiCard: {
          styleOverrides: {
            root: ({ theme }) => ({ borderRadius: 16, boxShadow: cardShadow(theme), position: 'relative' }),
          },
        },
        MuiPopover: {
          styleOverrides: {
            paper: ({ theme }) => ({
              borderRadius: 12,
              boxShadow: cardShadow(theme),
              border: `1px solid ${theme.palette.divider}`,
            }),
          },
        },
        MuiMenuItem: { styleOverrides: { root: { borderRadius: 6, minHeight: 40 } } },
        // MUI writes text-align: left; without an RTL style plugin only a logical value follows the direction.
        MuiListItemButton: { styleOverrides: { root: { borderRadius: 8, textAlign: 'start' } } },
        MuiOutlinedInput: { styleOverrides: { root: { borderRadius: 8 } } },
        MuiTooltip: { defaultProps: { arrow: true } },
        MuiAlert: { styleOverrides: { root: { borderRadius: 8 } } },
        MuiDialog: {
          styleOverrides: { paper: ({ ownerState }) => (ownerState.fullScreen ? {} : { borderRadius: 16 }) },
        },
        ...readableDisabledHelperText,
      },
    },
    ...muiLocales[language],
  );
