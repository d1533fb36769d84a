import { paginationOf } from '@avlu/contracts';
import { afterEach, beforeEach, vi } from 'vitest';
import { createTestServer, json, type TestServer } from '../lib/api/test-server';
import type { Role } from '../lib/auth';
import { adminProfile, LOCATIONS } from './fixtures';
import type { SignedInAs } from './render';

/**
 * A fresh in-memory API installed as `fetch` and `XMLHttpRequest` around each test of the file:
 * `const server = installTestServer(); server().on('GET', '/core/role', ...)`.
 */
export const installTestServer = () => {
  let server: TestServer;
  beforeEach(() => {
    server = createTestServer();
    vi.stubGlobal('fetch', server.fetch);
    vi.stubGlobal('XMLHttpRequest', server.XMLHttpRequest);
  });
  afterEach(() => vi.unstubAllGlobals());
  return () => server;
};

/** Answers the session calls (profile and role) the way the server does, for `httpAuthClient`. */
export const serveSession = (server: TestServer, { role, admin }: SignedInAs) => {
  const profile = adminProfile({ admin_role_id: role._id, ...admin });
  server
    .on('GET', '/core/admin/profile', () => json(profile))
    .on('GET', `/core/role/${role._id}`, () => json(role));
  return profile;
};

/** The role list and the caller's malls that the user and invitation forms pick from. */
export const servePickers = (server: TestServer, roles: Role[]) =>
  server
    .on('GET', '/core/role', () =>
      json({ data: roles, pagination: paginationOf(roles.length, { limit: 1000, currentPage: 1 }) }),
    )
    .on('GET', '/core/location', () =>
      json(
        LOCATIONS.map((l) => ({ ...l, location_meta: { timezone: 'Europe/Istanbul' }, hasMobileApp: false })),
      ),
    );
