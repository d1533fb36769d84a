import { createTheme } from '@mui/material/styles';
import { paletteFor, readableDisabledHelperText } from '../../theme/palette';

/** The back-office's colours and type, without its heavy component locales: phone-first sizes. */
export const microSiteTheme = createTheme({
  palette: paletteFor('light', 'default'),
  shape: { borderRadius: 10 },
  typography: {
    // The back-office's system font stack (theme/create-app-theme.ts), without importing its locales.
    fontFamily:
      '"Public Sans", system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", Arial, sans-serif',
    h4: { fontWeight: 800, fontSize: '1.5rem', lineHeight: 1.3 },
    h5: { fontWeight: 700, fontSize: '1.2rem', lineHeight: 1.4 },
    h6: { fontWeight: 700, fontSize: '1rem', lineHeight: 1.5 },
    button: { fontWeight: 700, textTransform: 'none' },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        body: { WebkitFontSmoothing: 'antialiased' },
        '#root': { minHeight: '100vh', display: 'flex', flexDirection: 'column' },
      },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { borderRadius: 10 }, sizeLarge: { minHeight: 48 } },
    },
    MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
    MuiDialog: {
      styleOverrides: { paper: ({ ownerState }) => (ownerState.fullScreen ? {} : { borderRadius: 16 }) },
    },
    ...readableDisabledHelperText,
  },
});
