import { type LocationSettings, paginationOf } from '@avlu/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../lib/api/test-server';
import { httpAuthClient } from '../../lib/auth';
import { roleWith, systemAdminRole } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { installTestServer, serveSession } from '../../test/server';

const server = installTestServer();

const mall: LocationSettings = {
  _id: '64b000000000000000000011',
  location_name: 'Avlu Park AVM',
  location_meta: { timezone: 'Europe/Istanbul' },
  location_logo: { thumbnail: null },
  hasMobileApp: false,
  location_app_links: {
    androidApp: null,
    androidStore: null,
    iosApp: null,
    iosStore: null,
    fallbackUrl: null,
  },
  location_token: 'c0ffee00c0ffee00c0ffee00c0ffee00',
};

const mainMenu = () => screen.findByRole('navigation', { name: 'Ana menü' });

describe('mall settings', () => {
  it('are hidden from anyone but the system admin, and refused on their path', async () => {
    const manager = roleWith(
      'modules:dashboard',
      'modules:users:user-management',
      'modules:users:user-authorization',
    );
    serveSession(server(), { role: manager });
    renderApp({ path: '/settings/locations', signedInAs: { role: manager }, authClient: httpAuthClient });
    expect(await screen.findByRole('heading', { name: 'Yetki Reddedildi' })).toBeInTheDocument();
    const menu = await mainMenu();
    await within(menu).findByRole('link', { name: 'Genel Bakış' });
    expect(within(menu).queryByRole('button', { name: 'Ayarlar' })).not.toBeInTheDocument();
    expect(server().to('GET', '/core/locations')).toEqual([]);
  });

  it('lists the malls for the system admin and saves an edit without empty links', async () => {
    server()
      .on('GET', '/core/locations', () =>
        json({ data: [mall], pagination: paginationOf(1, { limit: 10, currentPage: 1 }) }),
      )
      .on('GET', '/core/locations/:id', () => json(mall))
      .on('PUT', '/core/locations/:id', ({ body }) => json({ ...mall, ...(body as object) }));
    serveSession(server(), { role: systemAdminRole });
    const { user, router } = renderApp({
      path: '/settings/locations',
      signedInAs: { role: systemAdminRole },
      authClient: httpAuthClient,
    });
    const menu = await mainMenu();
    expect(await within(menu).findByRole('button', { name: 'Ayarlar' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const row = (await screen.findByText('Avlu Park AVM', { selector: 'p' })).closest(
      '[role="row"]',
    ) as HTMLElement;
    expect(within(row).getByText('Europe/Istanbul')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Düzenle' }));

    expect(await screen.findByRole('textbox', { name: 'Mikro site bağlantısı' })).toHaveValue(
      `${window.location.origin}/micro-site/${mall.location_token}`,
    );
    await user.click(screen.getByRole('switch', { name: 'Mobil uygulaması var' }));
    await user.type(
      screen.getByRole('textbox', { name: 'Google Play bağlantısı' }),
      'https://play.google.com/store/apps/details?id=avlu.park',
    );
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/locations'));
    expect(server().to('PUT', `/core/locations/${mall._id}`)[0]!.body).toEqual({
      location_name: 'Avlu Park AVM',
      location_meta: { timezone: 'Europe/Istanbul' },
      location_logo: { thumbnail: null },
      hasMobileApp: true,
      location_app_links: {
        androidApp: null,
        androidStore: 'https://play.google.com/store/apps/details?id=avlu.park',
        iosApp: null,
        iosStore: null,
        fallbackUrl: null,
      },
    });
  });

  it('renews the micro-site token after confirmation', async () => {
    const renewed = { ...mall, location_token: 'beef0000beef0000beef0000beef0000' };
    let current = mall;
    server()
      .on('GET', '/core/locations/:id', () => json(current))
      .on('POST', '/core/locations/:id/token', () => {
        current = renewed;
        return json(renewed);
      });
    serveSession(server(), { role: systemAdminRole });
    const { user } = renderApp({
      path: `/settings/locations/${mall._id}/edit`,
      signedInAs: { role: systemAdminRole },
      authClient: httpAuthClient,
    });
    const link = await screen.findByRole('textbox', { name: 'Mikro site bağlantısı' });
    await user.click(screen.getByRole('button', { name: 'Bağlantıyı yenile' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Bağlantıyı yenile' }),
    );
    expect(await screen.findByText('Mikro site bağlantısı yenilendi')).toBeInTheDocument();
    await waitFor(() =>
      expect(link).toHaveValue(`${window.location.origin}/micro-site/${renewed.location_token}`),
    );
  });
});
