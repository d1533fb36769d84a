import { paginationOf } from '@avlu/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../lib/api/test-server';
import { httpAuthClient } from '../lib/auth';
import { roleWith } from '../test/fixtures';
import { renderApp } from '../test/render';
import { installTestServer, serveSession } from '../test/server';

const server = installTestServer();

/**
 * Issue 12 §13: a full load of a page sends each call once. main.tsx renders the app inside
 * StrictMode, where React mounts, unmounts and mounts every component again; the session check and
 * the page's queries must survive that without a second, cancelling call.
 */
describe('a full page load', () => {
  it('sends every call of the customer list once, none cancelled', async () => {
    const role = roleWith('modules:customers:customer-list');
    serveSession(server(), { role });
    server()
      .on('POST', '/customer/filter', () =>
        json({ data: [], pagination: paginationOf(0, { limit: 10, currentPage: 1 }) }),
      )
      .on('POST', '/customer/count', () => json({ count: 0, customer_ids: [] }))
      .on('GET', '/data-types/channel', () => json([]))
      .on('GET', '/geo/cities', () => json([]));

    renderApp({ path: '/customers/filter', signedInAs: { role }, authClient: httpAuthClient, strict: true });

    const grid = await screen.findByRole('grid', { name: 'Müşteri Listesi' });
    await within(grid).findByText('Liste boş');
    await screen.findByText('Toplam 0 müşteri');

    const sent = server().requests.map((request) => `${request.method} ${request.path}`);
    expect(sent).toContain('GET /core/admin/profile');
    expect(sent).toContain('POST /customer/filter');
    expect(sent).toContain('POST /customer/count');
    const twice = sent.filter((call, index) => sent.indexOf(call) !== index);
    expect(twice).toEqual([]);
  });
});
