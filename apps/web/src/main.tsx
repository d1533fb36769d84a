import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './app/AppProviders';
import { routes } from './app/routes';
import { httpAuthClient } from './lib/auth';
import './lib/i18n';
import { reloadOnStaleChunk } from './lib/release/stale-chunk';

// A page's code that is gone after a new release: load the new release instead (once).
reloadOnStaleChunk();

const router = createBrowserRouter(routes);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders authClient={httpAuthClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
