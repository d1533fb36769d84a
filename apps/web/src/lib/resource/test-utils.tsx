/**
 * Test wrappers for the shared building blocks: the providers the app shell mounts, in their
 * smallest form, plus a probe of the router location for URL-state assertions.
 */
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, useLocation } from 'react-router';
import { ConfirmProvider } from '../../components/confirm-dialog';
import { i18n } from '../i18n';

export const createTestQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

type Options = { route?: string; client?: QueryClient };
type LocationRef = { search: string; pathname: string };

const LocationProbe = ({ into }: { into: LocationRef }) => {
  const location = useLocation();
  into.search = location.search;
  into.pathname = location.pathname;
  return null;
};

export const createWrapper = ({ route = '/', client = createTestQueryClient() }: Options = {}) => {
  const location: LocationRef = { search: '', pathname: '' };
  // biome-ignore lint/correctness/noComponentHookFactories: one wrapper per test, made before rendering
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={createTheme()}>
        <QueryClientProvider client={client}>
          <SnackbarProvider>
            <MemoryRouter initialEntries={[route]}>
              <ConfirmProvider>{children}</ConfirmProvider>
              <LocationProbe into={location} />
            </MemoryRouter>
          </SnackbarProvider>
        </QueryClientProvider>
      </ThemeProvider>
    </I18nextProvider>
  );
  return { Wrapper, client, location };
};

export const renderWithProviders = (ui: ReactNode, options?: Options) => {
  const { Wrapper, client, location } = createWrapper(options);
  return { ...render(ui, { wrapper: Wrapper }), client, location };
};
