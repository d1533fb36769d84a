import type { MenuItemNode } from './subjects';

/**
 * GET /core/role/tree-data: the module subjects grouped as the sidebar groups them (spec §2, §6).
 * A role's menu_items is the part of this tree its editor ticked; a parent node is a permission of
 * its own (the group's root page), not implied by its children.
 */
export const permissionTree: MenuItemNode[] = [
  { subject: 'modules:dashboard' },
  {
    subject: 'modules:customer-registration:customer-registration',
    children: [
      { subject: 'modules:customer-registration:channels' },
      { subject: 'modules:customer-registration:channel-tags' },
    ],
  },
  {
    subject: 'modules:customers:customers',
    children: [
      { subject: 'modules:customers:search-by-phone-number' },
      {
        subject: 'modules:customers:customer-list',
        children: [{ subject: 'modules:customers:customer-list:customer-import' }],
      },
    ],
  },
  {
    subject: 'modules:campaigns:campaigns',
    children: [
      { subject: 'modules:campaigns:code-providers' },
      { subject: 'modules:campaigns:campaign-dashboard' },
    ],
  },
  { subject: 'modules:campaign-code-validation' },
  {
    subject: 'modules:loyalty',
    children: [
      { subject: 'modules:loyalty:point-providers' },
      { subject: 'modules:loyalty:receipts' },
      { subject: 'modules:loyalty:loyalty-customer' },
      { subject: 'modules:loyalty:loyalty-tier' },
      { subject: 'modules:loyalty:loyalty-gift' },
    ],
  },
  { subject: 'modules:feedbacks' },
  { subject: 'modules:agreements' },
  { subject: 'modules:qrcode' },
  { subject: 'modules:reports', children: [{ subject: 'modules:reports:monthly-reports' }] },
  {
    subject: 'modules:marketing:marketing',
    children: [
      { subject: 'modules:marketing:push-notifications' },
      { subject: 'modules:marketing:sms-notifications' },
      { subject: 'modules:marketing:email-notifications' },
      { subject: 'modules:marketing:mobile-pages' },
    ],
  },
  { subject: 'modules:reservation' },
  { subject: 'modules:survey' },
  { subject: 'modules:lending' },
  { subject: 'modules:users:user-invitation' },
  { subject: 'modules:users:user-management' },
  { subject: 'modules:users:user-authorization' },
];

/** Every subject of a tree, depth first: a role's `modules`. */
export const subjectsOf = (nodes: readonly MenuItemNode[]): string[] =>
  nodes.flatMap((node) => [node.subject, ...subjectsOf(node.children ?? [])]);
