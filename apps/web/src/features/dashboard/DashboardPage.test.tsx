import { moduleSubjects } from '@avlu/contracts';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { hasScreen } from '../../app/screens';
import { never } from '../../lib/api/test-server';
import type { Role } from '../../lib/auth';
import { canVisit } from '../../lib/permissions';
import { roleWith, systemAdminRole } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { installTestServer } from '../../test/server';
import DashboardPage from './DashboardPage';

/** The shortcut cards once the role is in: each card's heading and where it leads. */
const shortcutCards = async () => {
  const section = await screen.findByRole('region', { name: 'Bölümleriniz' });
  return within(section)
    .getAllByRole('link')
    .map((link) => ({
      title: within(link).getByRole('heading', { level: 3 }).textContent,
      href: link.getAttribute('href') ?? '',
    }));
};

const server = installTestServer();
// The figures are dashboard.test.tsx's; here they never come.
beforeEach(() => void server().on('GET', '/data/dashboard', () => never()));

const open = (role: Role) => renderWithProviders(<DashboardPage />, { path: '/app', signedInAs: { role } });

describe('dashboard shortcuts', () => {
  it('offers a role with every subject cards only for built modules, each leading to a screen it may use', async () => {
    const everything = roleWith(...moduleSubjects);
    open(everything);
    const cards = await shortcutCards();

    expect(cards.map((card) => card.title)).toEqual([
      'Müşteri Kaydı',
      'Müşteriler',
      'Kampanyalar',
      'Sadakat',
      'Geri Bildirimler',
      'Sözleşmeler',
      'QR Kodlar',
      'Raporlar',
      'Pazarlama',
      'Rezervasyon',
      'Anketler',
      'Ödünç Verme',
    ]);
    for (const { href } of cards) {
      expect(hasScreen(href), href).toBe(true);
      expect(canVisit(everything, href), href).toBe(true);
    }
    expect(cards).toContainEqual({ title: 'Raporlar', href: '/reports/monthly-reports' });
    // The settings are the system admin's; the dashboard does not link to itself.
    expect(screen.queryByRole('heading', { name: 'Ayarlar' })).not.toBeInTheDocument();
    expect(cards.map((card) => card.href)).not.toContain('/app');
  });

  it('leads each card to the first screen of its group that the role may use', async () => {
    open(
      roleWith('modules:dashboard', 'modules:customers:customer-list', 'modules:marketing:sms-notifications'),
    );
    const cards = await shortcutCards();
    // Telefonla Ara is built but not the role's; of marketing the role holds SMS only.
    expect(cards).toEqual([
      { title: 'Müşteriler', href: '/customers/filter' },
      { title: 'Pazarlama', href: '/marketing/sms-notifications' },
    ]);
    expect(screen.getByText('Müşteri Listesi')).toBeInTheDocument();
    expect(screen.queryByText(/Telefonla Ara|Anlık Bildirimler/)).not.toBeInTheDocument();
  });

  it('adds the settings for the system admin, still only where a screen exists', async () => {
    open(systemAdminRole);
    const cards = await shortcutCards();
    expect(cards.map((card) => card.title)).toContain('Ayarlar');
    for (const { href } of cards) expect(hasScreen(href), href).toBe(true);
    expect(cards.map((card) => card.title)).toContain('Raporlar');
  });
});
