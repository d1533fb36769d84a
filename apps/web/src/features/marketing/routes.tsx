import type { NotificationKind, PostKind } from '@avlu/contracts';
import { type ComponentType, lazy } from 'react';
import type { RouteObject } from 'react-router';

type Pages = typeof import('./pages');
/** The one dynamic import of the module's pages (see pages.ts). */
const load = () => import('./pages');

/** A lazily loaded page made of a named export and its props, so one module serves each kind. */
const page = <Props extends object>(pick: (pages: Pages) => ComponentType<Props>, props: Props) =>
  lazy(async () => {
    const Page = pick(await load());
    return { default: () => <Page {...props} /> };
  });

const listPage = (kind: NotificationKind) => page((m) => m.NotificationListPage, { kind });
const createPage = (kind: NotificationKind) => page((m) => m.NotificationCreatePage, { kind });
const editPage = (kind: NotificationKind) => page((m) => m.NotificationEditPage, { kind });
const reportPage = (kind: NotificationKind) => page((m) => m.NotificationReportPage, { kind });

const notificationRoutes = (kind: NotificationKind, withReport: boolean): RouteObject[] => {
  const List = listPage(kind);
  const Create = createPage(kind);
  const Edit = editPage(kind);
  const Report = reportPage(kind);
  const base = `marketing/${kind}-notifications`;
  return [
    { path: base, element: <List /> },
    { path: `${base}/new`, element: <Create /> },
    { path: `${base}/:id/edit`, element: <Edit /> },
    ...(withReport ? [{ path: `${base}/:id/report`, element: <Report /> }] : []),
  ];
};

const MarketingPage = page((m) => m.MarketingPage, {});
const EmailListsPage = page((m) => m.EmailListsPage, {});
const MobilePagesPage = page((m) => m.MobilePagesPage, {});
const MobilePageCreate = page((m) => m.MobilePageEditPage, {
  mode: 'create' as const,
});
const MobilePageEdit = page((m) => m.MobilePageEditPage, {
  mode: 'edit' as const,
});

const postRoutes = (kind: PostKind): RouteObject[] => {
  const List = page((m) => m.PostsPage, { kind });
  const Create = page((m) => m.PostEditPage, { kind, mode: 'create' as const });
  const Edit = page((m) => m.PostEditPage, { kind, mode: 'edit' as const });
  return [
    { path: `settings/${kind}s`, element: <List /> },
    { path: `settings/${kind}s/new`, element: <Create /> },
    { path: `settings/${kind}s/:id/edit`, element: <Edit /> },
  ];
};

/**
 * Spec §2 Marketing (issue 16 #10): /marketing, the push, SMS and email notifications (new, edit,
 * SMS and email reports) and the mobile pages; contracts' subjectOfPage maps them to the
 * `modules:marketing:*` subjects. The mall's events and promotions are under Ayarlar
 * (/settings/events, /settings/promotions; the system admin's). Every page is lazy and brings the
 * `marketing` texts with it.
 */
export const marketingRoutes: RouteObject[] = [
  { path: 'marketing', element: <MarketingPage /> },
  ...notificationRoutes('push', false),
  ...notificationRoutes('sms', true),
  ...notificationRoutes('email', true),
  { path: 'marketing/email-external-list', element: <EmailListsPage /> },
  { path: 'marketing/mobile-pages', element: <MobilePagesPage /> },
  { path: 'marketing/mobile-pages/new', element: <MobilePageCreate /> },
  { path: 'marketing/mobile-pages/:id/edit', element: <MobilePageEdit /> },
];

export const marketingSettingsRoutes: RouteObject[] = [...postRoutes('event'), ...postRoutes('promotion')];
