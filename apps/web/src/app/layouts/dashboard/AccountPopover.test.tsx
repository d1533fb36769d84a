import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { roleWith, systemAdminRole } from '../../../test/fixtures';
import { fakeAuthClient, renderApp } from '../../../test/render';

const openAccount = async (user: { click: (element: Element) => Promise<void> }) => {
  await user.click(await screen.findByRole('button', { name: 'Hesap: EY' }));
  return screen.findByRole('dialog', { name: 'Hesap' });
};

describe('account popover', () => {
  it('shows the admin and only the user pages the role may open', async () => {
    const { user } = renderApp({
      path: '/app',
      signedInAs: { role: roleWith('modules:dashboard', 'modules:users:user-invitation') },
    });
    const popover = await openAccount(user);
    expect(within(popover).getByText('Elif Yılmaz')).toBeInTheDocument();
    expect(within(popover).getByText('elif.yilmaz@avlu.test')).toBeInTheDocument();
    expect(within(popover).getByRole('menuitem', { name: 'Kullanıcı Profili' })).toHaveAttribute(
      'href',
      '/user/account',
    );
    expect(within(popover).getByRole('menuitem', { name: 'Kullanıcı Davetleri' })).toHaveAttribute(
      'href',
      '/user/invitations',
    );
    expect(within(popover).queryByRole('menuitem', { name: 'Kullanıcılar' })).not.toBeInTheDocument();
    expect(within(popover).queryByRole('menuitem', { name: 'Kullanıcı Rolleri' })).not.toBeInTheDocument();
  });

  it('offers every user page to the system admin', async () => {
    const { user } = renderApp({ path: '/app', signedInAs: { role: systemAdminRole } });
    const popover = await openAccount(user);
    for (const name of ['Kullanıcı Profili', 'Kullanıcı Davetleri', 'Kullanıcılar', 'Kullanıcı Rolleri']) {
      expect(within(popover).getByRole('menuitem', { name })).toBeInTheDocument();
    }
  });

  it('logs out to the login page and forgets the session', async () => {
    const { user, router, authClient } = renderApp({ path: '/app', signedInAs: { role: systemAdminRole } });
    const popover = await openAccount(user);
    await user.click(within(popover).getByRole('menuitem', { name: 'Çıkış Yap' }));
    expect(await screen.findByRole('heading', { name: 'Giriş Yap' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(authClient.logout).toHaveBeenCalledOnce();
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('role')).toBeNull();
  });

  it('stays signed in and says so when the logout call fails', async () => {
    const authClient = fakeAuthClient({ role: systemAdminRole });
    authClient.logout.mockRejectedValue(new Error('offline'));
    const { user, router } = renderApp({ path: '/app', signedInAs: { role: systemAdminRole }, authClient });
    const popover = await openAccount(user);
    await user.click(within(popover).getByRole('menuitem', { name: 'Çıkış Yap' }));
    expect(await screen.findByText('Çıkış yapılamadı')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app');
    expect(localStorage.getItem('accessToken')).toBe('test-token');
  });
});
