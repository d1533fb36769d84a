import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactElement, StrictMode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app/AppProviders';
import { routes as appRoutes } from '../app/routes';
import type { AdminProfile, AuthClient, Role } from '../lib/auth';
import { session } from '../lib/session/storage';
import { adminProfile } from './fixtures';

export type SignedInAs = { role: Role; admin?: Partial<AdminProfile> };

/** An auth client answering from memory; every method is a vi.fn to assert on or re-mock. */
export const fakeAuthClient = (signedIn?: SignedInAs) => {
  const admin = adminProfile(signedIn?.admin);
  const role = signedIn?.role;
  return {
    login: vi.fn<AuthClient['login']>(async () => ({
      token: { value: 'test-token', expiresAt: '2030-01-01T00:00:00.000Z' },
    })),
    logout: vi.fn<AuthClient['logout']>(async () => {}),
    profile: vi.fn<AuthClient['profile']>(async () => admin),
    role: vi.fn<AuthClient['role']>(async () => {
      if (!role) throw new Error('no role in this test');
      return role;
    }),
    onSessionRejected: vi.fn<AuthClient['onSessionRejected']>(() => () => {}),
  } satisfies AuthClient;
};

type RenderOptions = {
  /** The URL the app starts at. */
  path?: string;
  /** Starts with a stored token whose profile and role are these; a guest otherwise. */
  signedInAs?: SignedInAs;
  /** Replaces the fake auth client built from signedInAs (to make a call fail, for instance). */
  authClient?: AuthClient;
  /** Inside React's StrictMode, as main.tsx renders the app: effects run twice on mount. */
  strict?: boolean;
};

const renderRoutes = (
  routes: RouteObject[],
  { path = '/', signedInAs, authClient, strict = false }: RenderOptions,
) => {
  if (signedInAs) session.signIn({ value: 'test-token', expiresAt: '2030-01-01T00:00:00.000Z' });
  const client = authClient ?? fakeAuthClient(signedInAs);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const app = (
    <AppProviders authClient={client}>
      <RouterProvider router={router} />
    </AppProviders>
  );
  const result = render(strict ? <StrictMode>{app}</StrictMode> : app);
  return { ...result, user, router, authClient: client };
};

/** The whole app (its real route table) at a path, with every provider. */
export const renderApp = (options: RenderOptions = {}) => renderRoutes(appRoutes, options);

/**
 * One component with every provider, inside a router. The component answers every path unless
 * `route` says otherwise; `routes` adds siblings (say, a page to land on after a redirect).
 */
export const renderWithProviders = (
  ui: ReactElement,
  options: RenderOptions & { route?: string; routes?: RouteObject[] } = {},
) => renderRoutes([{ path: options.route ?? '*', element: ui }, ...(options.routes ?? [])], options);
