import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { roleWith, systemAdminRole } from '../test/fixtures';
import { fakeAuthClient, renderApp, renderWithProviders, type SignedInAs } from '../test/render';
import { RootRedirect } from './guards/RootRedirect';

describe('routes and guards', () => {
  it('shows an unknown path as 404 inside the layout, with the sidebar and a way back', async () => {
    const { router } = renderApp({ path: '/bu/sayfa/yok', signedInAs: { role: systemAdminRole } });
    expect(await screen.findByRole('heading', { name: 'Sayfa bulunamadı' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/bu/sayfa/yok');
    expect(screen.getByRole('navigation', { name: 'Ana menü' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ana sayfaya dön' })).toHaveAttribute('href', '/');
  });

  it('links to the built modules, the reports among them, and sends /reports to its monthly reports', async () => {
    const { router } = renderApp({ path: '/reports', signedInAs: { role: systemAdminRole } });
    expect(await screen.findByRole('heading', { name: 'Aylık Raporlar', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/reports/monthly-reports');
    const menu = screen.getByRole('navigation', { name: 'Ana menü' });
    expect(menu).toHaveTextContent('Müşteriler');
    expect(menu).toHaveTextContent('Sadakat');
    expect(menu).toHaveTextContent('QR Kodlar');
    expect(menu).toHaveTextContent('Raporlar');
  });

  it('sends a guest at an unknown path to the login page', async () => {
    const { router } = renderApp({ path: '/bu/sayfa/yok' });
    expect(await screen.findByRole('heading', { name: 'Giriş Yap' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
  });

  it('sends a guest from a staff page to the login page', async () => {
    const { router } = renderApp({ path: '/app' });
    expect(await screen.findByRole('heading', { name: 'Giriş Yap' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
  });

  it('keeps a signed-in admin away from the login page', async () => {
    const { router } = renderApp({ path: '/auth/login', signedInAs: { role: systemAdminRole } });
    expect(await screen.findByRole('heading', { level: 1, name: /Elif$/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app');
    expect(screen.queryByRole('heading', { name: 'Giriş Yap' })).not.toBeInTheDocument();
  });

  it('shows Permission Denied on a page the role may not use', async () => {
    renderApp({ path: '/app', signedInAs: { role: roleWith('modules:loyalty:receipts') } });
    expect(await screen.findByRole('heading', { name: 'Yetki Reddedildi' })).toBeInTheDocument();
    expect(screen.getByText('Bu sayfaya erişim yetkiniz yok.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ana sayfaya dön' })).toHaveAttribute('href', '/');
    // The layout stays, so the admin can go where they may.
    expect(screen.getByRole('navigation', { name: 'Ana menü' })).toBeInTheDocument();
  });

  it('lets any role open a path the subject map does not list, and logs it', async () => {
    const log = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    renderApp({ path: '/user/account', signedInAs: { role: roleWith('modules:loyalty:receipts') } });
    expect(await screen.findByRole('navigation', { name: 'Ana menü' })).toBeInTheDocument();
    expect(screen.queryByText('Yetki Reddedildi')).not.toBeInTheDocument();
    expect(log).toHaveBeenCalledWith(
      expect.stringContaining('/user/account is not in the path → subject map'),
    );
    log.mockRestore();
  });

  it('greets an admin whose role may use the dashboard', async () => {
    renderApp({ path: '/app', signedInAs: { role: roleWith('modules:dashboard') } });
    expect(await screen.findByRole('heading', { level: 1, name: /Elif$/ })).toBeInTheDocument();
    expect(screen.queryByText('Yetki Reddedildi')).not.toBeInTheDocument();
  });

  it('logs out at start when the stored token no longer loads a profile', async () => {
    const authClient = fakeAuthClient({ role: systemAdminRole });
    authClient.profile.mockRejectedValue(new Error('401'));
    const { router } = renderApp({ path: '/app', signedInAs: { role: systemAdminRole }, authClient });
    expect(await screen.findByRole('heading', { name: 'Giriş Yap' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(localStorage.getItem('accessToken')).toBeNull();
  });
});

describe('the root path', () => {
  const landing = async (signedInAs: SignedInAs) => {
    const { router } = renderWithProviders(<RootRedirect />, {
      route: '/',
      path: '/',
      signedInAs,
      routes: [{ path: '*', element: <p>landed</p> }],
    });
    await screen.findByText('landed');
    return router.state.location.pathname;
  };

  it('goes to the dashboard when the role may use it', async () => {
    expect(await landing({ role: roleWith('modules:dashboard', 'modules:loyalty:receipts') })).toBe('/app');
  });

  it('goes to the first permitted screen in sidebar order otherwise', async () => {
    const role = roleWith('modules:survey', 'modules:customer-registration:channel-tags');
    expect(await landing({ role })).toBe('/registration/channel-tags');
  });

  it('goes to the profile when the role opens no screen', async () => {
    expect(await landing({ role: roleWith() })).toBe('/user/account');
  });
});

describe('the loyalty root', () => {
  const landing = async (signedInAs?: SignedInAs) => {
    const { router } = renderApp({ path: '/loyalty', signedInAs });
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/loyalty'));
    return router.state.location.pathname;
  };

  it('goes to the first loyalty screen in sidebar order that the role may open', async () => {
    const role = roleWith('modules:loyalty:loyalty-gift', 'modules:loyalty:loyalty-tier');
    expect(await landing({ role })).toBe('/loyalty/tiers');
    expect(await screen.findByRole('navigation', { name: 'Ana menü' })).toBeInTheDocument();
    expect(screen.queryByText('Yetki Reddedildi')).not.toBeInTheDocument();
  });

  it('goes to the first loyalty screen for the system admin', async () => {
    expect(await landing({ role: systemAdminRole })).toBe('/loyalty/point-providers');
  });

  it("goes to the role's home when it may open no loyalty screen", async () => {
    expect(await landing({ role: roleWith('modules:dashboard', 'modules:loyalty') })).toBe('/app');
  });

  it('sends a guest to the login page', async () => {
    expect(await landing()).toBe('/auth/login');
  });
});
