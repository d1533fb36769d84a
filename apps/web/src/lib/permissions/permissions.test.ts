import { describe, expect, it } from 'vitest';
import { canUseSubject, canVisit, isSystemAdmin, isSystemAdminPath } from './permissions';

const cashier = {
  role_name: 'Kasiyer',
  menu_items: [
    { subject: 'modules:loyalty', children: [{ subject: 'modules:loyalty:receipts' }] },
    { subject: 'modules:customers:customers', children: [{ subject: 'modules:customers:customer-list' }] },
  ],
};

describe('permissions', () => {
  it('recognises the system admin by role name, whatever its case', () => {
    expect(isSystemAdmin({ role_name: 'System Admin' })).toBe(true);
    expect(isSystemAdmin(cashier)).toBe(false);
    expect(canVisit({ role_name: 'system admin', menu_items: [] }, '/user/roles')).toBe(true);
  });

  it('lets a role see a page when its menu tree holds the page subject at any depth', () => {
    expect(canVisit(cashier, '/loyalty/receipts/0123456789abcdef01234567')).toBe(true);
    expect(canVisit(cashier, '/loyalty/reset-points')).toBe(true);
    expect(canVisit(cashier, '/customers/filter')).toBe(true);
    expect(canVisit(cashier, '/customers/import')).toBe(false);
    expect(canVisit(cashier, '/loyalty/tiers')).toBe(false);
    expect(canUseSubject(cashier, 'modules:dashboard')).toBe(false);
  });

  it('opens unmapped paths to any signed-in role but nothing to an unknown role', () => {
    expect(canVisit(cashier, '/user/account')).toBe(true);
    expect(canVisit(null, '/user/account')).toBe(false);
  });

  it('keeps the platform settings to the system admin, whatever the menu tree holds', () => {
    const everything = { role_name: 'Müdür', menu_items: [{ subject: 'modules:dashboard' }] };
    expect(canVisit(everything, '/settings/locations')).toBe(false);
    expect(canVisit(everything, '/settings')).toBe(false);
    expect(canVisit({ role_name: 'system admin' }, '/settings/locations/new')).toBe(true);
    expect(isSystemAdminPath('/settingsx')).toBe(false);
  });
});
