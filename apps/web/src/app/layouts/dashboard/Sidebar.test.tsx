import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { roleWith, systemAdminRole } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { setViewportWidth } from '../../../test/viewport';
import DashboardLayout from './DashboardLayout';

/** The main menu once its items are in: the role arrives after the first render, more slowly under load. */
const mainMenu = async () => {
  const menu = await screen.findByRole('navigation', { name: 'Ana menü' });
  await waitFor(() =>
    expect([...within(menu).queryAllByRole('link'), ...within(menu).queryAllByRole('button')]).not.toEqual(
      [],
    ),
  );
  return menu;
};

describe('sidebar', () => {
  it('shows only the groups with a permitted screen, and opens the group of the current path', async () => {
    renderWithProviders(<DashboardLayout />, {
      path: '/registration/channels',
      signedInAs: {
        role: roleWith('modules:customer-registration:channels', 'modules:customers:customer-list'),
      },
    });
    const menu = await mainMenu();

    const registration = within(menu).getByRole('button', { name: 'Müşteri Kaydı' });
    const customers = within(menu).getByRole('button', { name: 'Müşteriler' });
    expect(registration).toHaveAttribute('aria-expanded', 'true');
    expect(customers).toHaveAttribute('aria-expanded', 'false');
    expect(within(menu).queryByRole('button', { name: 'Ayarlar' })).not.toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'Genel Bakış' })).not.toBeInTheDocument();

    expect(within(menu).getByRole('link', { name: 'Kanallar' })).toHaveAttribute('aria-current', 'page');
    expect(within(menu).queryByRole('link', { name: 'Kanal Etiketleri' })).not.toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'Müşteri Kaydı' })).not.toBeInTheDocument();
  });

  it('folds a group open and shut', async () => {
    const { user } = renderWithProviders(<DashboardLayout />, {
      path: '/app',
      signedInAs: { role: roleWith('modules:dashboard', 'modules:customers:customer-list') },
    });
    const customers = within(await mainMenu()).getByRole('button', { name: 'Müşteriler' });
    await user.click(customers);
    expect(customers).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('link', { name: 'Müşteri Listesi' })).toHaveAttribute(
      'href',
      '/customers/filter',
    );
    await user.click(customers);
    expect(customers).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows the system admin every group that has a built screen, labelled as platform admin', async () => {
    renderWithProviders(<DashboardLayout />, { path: '/app', signedInAs: { role: systemAdminRole } });
    const menu = await mainMenu();
    for (const group of [
      'Müşteri Kaydı',
      'Müşteriler',
      'Kampanyalar',
      'Sadakat',
      'Geri Bildirimler',
      'Raporlar',
      'Pazarlama',
      'Rezervasyon',
      'Anketler',
      'Ödünç Verme',
      'Ayarlar',
    ])
      expect(within(menu).getByRole('button', { name: group })).toBeInTheDocument();
    for (const link of ['Genel Bakış', 'Sözleşmeler', 'QR Kodlar'])
      expect(within(menu).getByRole('link', { name: link })).toBeInTheDocument();
    expect(screen.getByText('Platform Yöneticisi')).toBeInTheDocument();
    expect(screen.getByText('Elif Yılmaz')).toBeInTheDocument();
  });

  it('names any other role by its own name and offers the stored locations', async () => {
    const { user } = renderWithProviders(<DashboardLayout />, {
      path: '/app',
      signedInAs: { role: roleWith('modules:dashboard') },
    });
    await mainMenu();
    expect(screen.getByText('Pazarlama Uzmanı')).toBeInTheDocument();
    expect(screen.queryByText('Platform Yöneticisi')).not.toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'AVM' }));
    expect(screen.getByRole('option', { name: 'Avlu Park AVM' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('option', { name: 'Marmara Avlu' })).toBeInTheDocument();
  });

  it('collapses to the mini menu on large screens and keeps the choice', async () => {
    const { user } = renderWithProviders(<DashboardLayout />, {
      path: '/app',
      signedInAs: { role: systemAdminRole },
    });
    await mainMenu();
    await user.click(screen.getByRole('button', { name: 'Menüyü daralt' }));
    expect(screen.getByRole('button', { name: 'Menüyü genişlet' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'AVM' })).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('settings') ?? '{}')).toMatchObject({ navCollapsed: true });

    // The mini menu's groups open as menus of their screens.
    await user.click(within(await mainMenu()).getByRole('button', { name: 'Müşteriler' }));
    expect(await screen.findByRole('menuitem', { name: 'Müşteri Listesi' })).toHaveAttribute(
      'href',
      '/customers/filter',
    );
  });

  it('drops the mini menu below the lg breakpoint, where the sidebar opens from the top bar', async () => {
    localStorage.setItem('settings', JSON.stringify({ navCollapsed: true }));
    setViewportWidth(800);
    const { user } = renderWithProviders(<DashboardLayout />, {
      path: '/app',
      signedInAs: { role: systemAdminRole },
    });
    await user.click(await screen.findByRole('button', { name: 'Menüyü aç' }));
    expect(within(await mainMenu()).getByRole('button', { name: 'Müşteriler' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('settings') ?? '{}')).toMatchObject({ navCollapsed: false });
  });

  it('links the logo to the first screen the role may use', async () => {
    renderWithProviders(<DashboardLayout />, {
      path: '/customers/filter',
      signedInAs: {
        role: roleWith('modules:customer-registration:channels', 'modules:customers:customer-list'),
      },
    });
    // The role arrives after the first render (the app's AuthGuard waits for it; this test does not).
    await mainMenu();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Avlu ana sayfa' })).toHaveAttribute(
        'href',
        '/registration/channels',
      ),
    );
  });

  it('links the logo to the dashboard for a role that may use it', async () => {
    renderWithProviders(<DashboardLayout />, {
      path: '/customers/filter',
      signedInAs: { role: roleWith('modules:dashboard', 'modules:customers:customer-list') },
    });
    await mainMenu();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Avlu ana sayfa' })).toHaveAttribute('href', '/app'),
    );
  });
});
