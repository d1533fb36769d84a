import { z } from 'zod';

/** Module subjects of spec §6. A role may use a module when its menu_items tree holds the subject. */
export const moduleSubjects = [
  'modules:dashboard',
  'modules:customer-registration:customer-registration',
  'modules:customer-registration:channels',
  'modules:customer-registration:channel-tags',
  'modules:customers:customers',
  'modules:customers:search-by-phone-number',
  'modules:customers:customer-list',
  'modules:customers:customer-list:customer-import',
  'modules:campaigns:campaigns',
  'modules:campaigns:code-providers',
  'modules:campaigns:campaign-dashboard',
  'modules:campaign-code-validation',
  'modules:feedbacks',
  'modules:qrcode',
  'modules:agreements',
  'modules:loyalty',
  'modules:loyalty:point-providers',
  'modules:loyalty:receipts',
  'modules:loyalty:loyalty-customer',
  'modules:loyalty:loyalty-tier',
  'modules:loyalty:loyalty-gift',
  'modules:reports',
  'modules:reports:monthly-reports',
  'modules:users:user-invitation',
  'modules:users:user-management',
  'modules:users:user-authorization',
  'modules:marketing:marketing',
  'modules:marketing:push-notifications',
  'modules:marketing:sms-notifications',
  'modules:marketing:email-notifications',
  'modules:marketing:mobile-pages',
  'modules:reservation',
  'modules:survey',
  'modules:lending',
] as const;

export const moduleSubject = z.enum(moduleSubjects);
export type ModuleSubject = z.infer<typeof moduleSubject>;

/** The role whose name matches this may do everything (spec §6). */
export const SYSTEM_ADMIN_ROLE_NAME = 'system admin';

export type MenuItemNode = { subject: string; children?: MenuItemNode[] };

/** True when the tree holds a node with the subject, searched recursively (spec §6). */
export const menuTreeHas = (nodes: readonly MenuItemNode[] | undefined, subject: string): boolean =>
  (nodes ?? []).some((node) => node.subject === subject || menuTreeHas(node.children, subject));
