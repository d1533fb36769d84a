import { describe, expect, it } from 'vitest';
import { subjectOfPage } from './page-subjects';
import { menuTreeHas } from './subjects';

describe('subjectOfPage', () => {
  it.each([
    ['/app', 'modules:dashboard'],
    ['/customers', 'modules:customers:customer-list'],
    ['/customers/0123456789abcdef01234567/detail', 'modules:customers:customer-list'],
    ['/customers/import', 'modules:customers:customer-list:customer-import'],
    ['/customers/search-by-phone', 'modules:customers:search-by-phone-number'],
    ['/registration/channels/new', 'modules:customer-registration:channels'],
    ['/registration/channel-tags', 'modules:customer-registration:channel-tags'],
    [
      '/registration/customer/new/0123456789abcdef01234567',
      'modules:customer-registration:customer-registration',
    ],
    [
      '/registration/customer/coupons/0123456789abcdef01234567',
      'modules:customer-registration:customer-registration',
    ],
    [
      '/registration/customer/receipts/new/0123456789abcdef01234567',
      'modules:customer-registration:customer-registration',
    ],
    ['/campaigns/code-validation', 'modules:campaign-code-validation'],
    ['/campaigns/coupon-providers/new', 'modules:campaigns:code-providers'],
    ['/campaigns/0123456789abcdef01234567/code-report', 'modules:campaigns:campaigns'],
    ['/campaigns/0123456789abcdef01234567/carpark-report', 'modules:campaigns:campaigns'],
    ['/loyalty/reset-points', 'modules:loyalty:receipts'],
    ['/loyalty/gifted-customer-list', 'modules:loyalty:loyalty-customer'],
    ['/marketing/email-external-list', 'modules:marketing:email-notifications'],
    ['/user/invitations/new', 'modules:users:user-invitation'],
    ['/user/ayse/edit', 'modules:users:user-management'],
    ['/user/roles/0123456789abcdef01234567/edit', 'modules:users:user-authorization'],
  ])('%s is guarded by %s', (path, subject) => {
    expect(subjectOfPage(path)).toBe(subject);
  });

  it('leaves unmapped paths open, and does not match a prefix inside a word', () => {
    expect(subjectOfPage('/user/account')).toBeUndefined();
    expect(subjectOfPage('/customers-archive')).toBeUndefined();
    expect(subjectOfPage('/application')).toBeUndefined();
  });
});

describe('menuTreeHas', () => {
  const tree = [
    { subject: 'modules:customers:customers', children: [{ subject: 'modules:customers:customer-list' }] },
    { subject: 'modules:reports', children: [] },
  ];

  it('finds a subject anywhere in the tree', () => {
    expect(menuTreeHas(tree, 'modules:customers:customer-list')).toBe(true);
    expect(menuTreeHas(tree, 'modules:reports')).toBe(true);
  });

  it('does not find what the tree lacks', () => {
    expect(menuTreeHas(tree, 'modules:dashboard')).toBe(false);
    expect(menuTreeHas(undefined, 'modules:dashboard')).toBe(false);
  });
});
