import type { ModuleSubject } from './subjects';

/**
 * Screen path prefix → module subject (spec §6 "Path mapping"). The longest matching prefix wins;
 * a path no prefix matches (for example /user/account) is allowed.
 */
export const pageSubjects: ReadonlyArray<readonly [prefix: string, subject: ModuleSubject]> = [
  ['/app', 'modules:dashboard'],
  ['/registration/customer', 'modules:customer-registration:customer-registration'],
  ['/registration/channels', 'modules:customer-registration:channels'],
  ['/registration/channel-tags', 'modules:customer-registration:channel-tags'],
  ['/registration', 'modules:customer-registration:customer-registration'],
  ['/customers/search-by-phone', 'modules:customers:search-by-phone-number'],
  ['/customers/import', 'modules:customers:customer-list:customer-import'],
  ['/customers/filter', 'modules:customers:customer-list'],
  ['/customers', 'modules:customers:customer-list'],
  ['/campaigns/code-validation', 'modules:campaign-code-validation'],
  ['/campaigns/add-coupons', 'modules:campaigns:code-providers'],
  ['/campaigns/coupon-providers', 'modules:campaigns:code-providers'],
  ['/campaigns/dashboard', 'modules:campaigns:campaign-dashboard'],
  ['/campaigns', 'modules:campaigns:campaigns'],
  ['/feedbacks', 'modules:feedbacks'],
  ['/qr-codes', 'modules:qrcode'],
  ['/agreements', 'modules:agreements'],
  ['/loyalty/point-providers', 'modules:loyalty:point-providers'],
  ['/loyalty/receipts', 'modules:loyalty:receipts'],
  ['/loyalty/reset-points', 'modules:loyalty:receipts'],
  ['/loyalty/customer-loyalty', 'modules:loyalty:loyalty-customer'],
  ['/loyalty/gifted-customer-list', 'modules:loyalty:loyalty-customer'],
  ['/loyalty/tiers', 'modules:loyalty:loyalty-tier'],
  ['/loyalty/gifts', 'modules:loyalty:loyalty-gift'],
  ['/loyalty', 'modules:loyalty'],
  ['/reports/monthly-reports', 'modules:reports:monthly-reports'],
  ['/reports', 'modules:reports'],
  ['/user/invitations', 'modules:users:user-invitation'],
  ['/user/users', 'modules:users:user-management'],
  ['/user/new', 'modules:users:user-management'],
  ['/user/roles', 'modules:users:user-authorization'],
  ['/marketing/push-notifications', 'modules:marketing:push-notifications'],
  ['/marketing/sms-notifications', 'modules:marketing:sms-notifications'],
  ['/marketing/email-notifications', 'modules:marketing:email-notifications'],
  ['/marketing/email-external-list', 'modules:marketing:email-notifications'],
  ['/marketing/mobile-pages', 'modules:marketing:mobile-pages'],
  ['/marketing', 'modules:marketing:marketing'],
  ['/reservation', 'modules:reservation'],
  ['/surveys', 'modules:survey'],
  ['/lending', 'modules:lending'],
];

const USER_EDIT = /^\/user\/[^/]+\/edit\/?$/;

const matches = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** The module subject guarding a screen path, or undefined when the path is open to every signed-in user. */
export const subjectOfPage = (path: string): ModuleSubject | undefined => {
  if (USER_EDIT.test(path)) return 'modules:users:user-management';
  let best: (typeof pageSubjects)[number] | undefined;
  for (const entry of pageSubjects) {
    if (matches(path, entry[0]) && (!best || entry[0].length > best[0].length)) best = entry;
  }
  return best?.[1];
};
