import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import { roleWith } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { PageHeader } from './PageHeader';

const trail = async () => {
  const nav = await screen.findByRole('navigation', { name: 'Sayfa yolu' });
  return within(nav);
};

/** The home crumb once the role is known: it arrives after the first render (the app's AuthGuard waits for it). */
const expectHome = async (name: string, href: string) =>
  waitFor(() => expect(screen.getByRole('link', { name })).toHaveAttribute('href', href));

describe('page header breadcrumbs', () => {
  it('start at the home screen and end with the page itself', async () => {
    renderWithProviders(
      <PageHeader
        title="Yeni Rol"
        crumbs={[{ label: 'Kullanıcı Rolleri', to: '/user/roles' }, { label: 'Yeni Rol' }]}
      />,
      {
        path: '/user/roles/new',
        signedInAs: { role: roleWith('modules:dashboard', 'modules:users:user-authorization') },
      },
    );
    const crumbs = await trail();
    await expectHome('Ana Sayfa', '/app');
    expect(crumbs.getByRole('link', { name: 'Kullanıcı Rolleri' })).toHaveAttribute('href', '/user/roles');
    expect(crumbs.getByText('Yeni Rol')).toHaveAttribute('aria-current', 'page');
  });

  it('give a page without its own trail the way home, and lead home to the role’s first screen', async () => {
    const role = roleWith('modules:customer-registration:channel-tags', 'modules:customers:customer-list');
    renderWithProviders(<PageHeader title="Müşteri Listesi" />, {
      path: '/customers/filter',
      signedInAs: { role },
    });
    const crumbs = await trail();
    await expectHome('Ana Sayfa', '/registration/channel-tags');
    expect(crumbs.getByText('Müşteri Listesi')).toHaveAttribute('aria-current', 'page');
  });

  it('show none on the home screen itself', async () => {
    const role = roleWith('modules:customer-registration:channel-tags');
    renderWithProviders(<PageHeader title="Kanal Etiketleri" />, {
      path: '/registration/channel-tags',
      signedInAs: { role },
    });
    expect(await screen.findByRole('heading', { name: 'Kanal Etiketleri' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('navigation')).not.toBeInTheDocument());
  });

  it('speak English on English screens', async () => {
    await changeLanguage('en');
    renderWithProviders(<PageHeader title="Users" />, {
      path: '/user/users',
      signedInAs: { role: roleWith('modules:dashboard', 'modules:users:user-management') },
    });
    await screen.findByRole('navigation', { name: 'Breadcrumb' });
    await expectHome('Home', '/app');
  });
});
