import { styled } from '@mui/material/styles';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { QueryClientProvider } from '@tanstack/react-query';
import { MaterialDesignContent, SnackbarProvider } from 'notistack';
import { type ReactNode, useState } from 'react';
import { ConfirmProvider } from '../components/confirm-dialog';
import { type AuthClient, AuthProvider } from '../lib/auth';
import { ReleaseNotice } from '../lib/release/ReleaseNotice';
import '../lib/i18n/dates';
import { useLanguage } from '../lib/i18n/use-language';
import { SettingsProvider } from '../lib/settings';
import { AppThemeProvider } from '../theme/AppThemeProvider';
import { createQueryClient } from './query-client';

function DatePickersProvider({ children }: { children: ReactNode }) {
  const language = useLanguage();
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={language}>
      {children}
    </LocalizationProvider>
  );
}

/** Toasts in the theme's colours, whose labels keep 4.5:1 (notistack's own green and orange do not). */
const ToastContent = styled(MaterialDesignContent)(({ theme }) =>
  Object.fromEntries(
    (['success', 'error', 'warning', 'info'] as const).map((tone) => [
      `&.notistack-MuiContent-${tone}`,
      { backgroundColor: theme.palette[tone].main, color: theme.palette[tone].contrastText },
    ]),
  ),
);
const toastComponents = {
  success: ToastContent,
  error: ToastContent,
  warning: ToastContent,
  info: ToastContent,
};

type AppProvidersProps = { authClient: AuthClient; children: ReactNode };

/** Everything a screen may rely on: query cache, settings and theme, date pickers, toasts, confirmations, session. */
export function AppProviders({ authClient, children }: AppProvidersProps) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <SettingsProvider>
        <AppThemeProvider>
          <DatePickersProvider>
            <SnackbarProvider
              maxSnack={5}
              autoHideDuration={3000}
              anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
              Components={toastComponents}
            >
              <ReleaseNotice />
              <ConfirmProvider>
                <AuthProvider client={authClient}>{children}</AuthProvider>
              </ConfirmProvider>
            </SnackbarProvider>
          </DatePickersProvider>
        </AppThemeProvider>
      </SettingsProvider>
    </QueryClientProvider>
  );
}
