import { describe, expect, it } from 'vitest';
import { canVisit, isSystemAdminPath } from '../../../lib/permissions';
import { roleWith, systemAdminRole } from '../../../test/fixtures';
import { hasScreen } from '../../screens';
import { firstPermittedPath, groupContains, navConfig, permittedNav } from './nav-config';

const group = (key: string) => {
  const entry = navConfig.find((candidate) => candidate.key === key);
  if (entry?.kind !== 'group') throw new Error(`${key} is not a group`);
  return entry;
};

// The permission rules, as if every module of the spec were built.
const everyScreen = () => true;

describe('sidebar entries', () => {
  it('links only to screens the app has: a module not built yet is not offered', () => {
    const keys = (entries: ReturnType<typeof permittedNav>) =>
      entries.flatMap((entry) => (entry.kind === 'link' ? [entry.key] : entry.items.map((item) => item.key)));
    const shown = keys(permittedNav((path) => canVisit(systemAdminRole, path)));
    expect(shown).toEqual(
      expect.arrayContaining([
        'dashboard',
        'customerList',
        'channels',
        'campaigns',
        'locations',
        'surveys',
        'reservations',
        'lendedCustomers',
        'feedbacks',
        'agreements',
        'qrCodes',
        'monthlyReports',
      ]),
    );
    expect(hasScreen('/customers/filter')).toBe(true);
    expect(hasScreen('/campaigns/list')).toBe(true);
    expect(hasScreen('/loyalty/receipts')).toBe(true);
    expect(hasScreen('/qr-codes')).toBe(true);
    expect(hasScreen('/reports/monthly-reports')).toBe(true);
    // A path no module has is not a screen.
    expect(hasScreen('/reports/yearly-reports')).toBe(false);
  });

  it('cuts groups down to their permitted screens and drops empty ones', () => {
    const role = roleWith('modules:marketing:sms-notifications', 'modules:agreements');
    const entries = permittedNav((path) => canVisit(role, path), everyScreen);
    expect(entries.map((entry) => entry.key)).toEqual(['agreements', 'marketing']);
    const marketing = entries[1];
    expect(marketing?.kind === 'group' && marketing.items.map((item) => item.key)).toEqual([
      'smsNotifications',
    ]);
  });

  it('finds the first permitted screen in sidebar order', () => {
    const role = roleWith('modules:lending', 'modules:campaigns:code-providers');
    expect(firstPermittedPath((path) => canVisit(role, path), everyScreen)).toBe(
      '/campaigns/coupon-providers',
    );
    expect(firstPermittedPath(() => false, everyScreen)).toBeUndefined();
  });

  it('knows which group a deeper path belongs to', () => {
    expect(groupContains(group('customers'), '/customers/64b000000000000000000001/detail')).toBe(true);
    expect(groupContains(group('customerRegistration'), '/registration/customer/new/abc')).toBe(true);
    expect(groupContains(group('customers'), '/customer-profile')).toBe(false);
  });

  it('shows the settings group to the system admin only', () => {
    const keys = (role: Parameters<typeof canVisit>[0]) =>
      permittedNav((path) => canVisit(role, path), everyScreen).map((entry) => entry.key);
    expect(keys(systemAdminRole)).toContain('settings');
    expect(keys(roleWith('modules:dashboard', 'modules:users:user-management'))).not.toContain('settings');
  });

  it('points every screen at a path guarded by a module subject or kept to the system admin', async () => {
    const { subjectOfPage } = await import('@avlu/contracts');
    const paths = navConfig.flatMap((entry) =>
      entry.kind === 'link' ? [entry.path] : entry.items.map((i) => i.path),
    );
    expect(paths.filter((path) => subjectOfPage(path) === undefined && !isSystemAdminPath(path))).toEqual([]);
  });
});
