/**
 * Every marketing page, behind the one dynamic import of routes.tsx: each `import()` site costs the
 * entry its own preload list, so the route table holds one for the whole module.
 */
export { EmailListsPage } from './EmailListsPage';
export { MarketingPage } from './MarketingPage';
export { MobilePageEditPage, MobilePagesPage } from './MobilePagesPage';
export { NotificationCreatePage, NotificationEditPage } from './NotificationEditPage';
export { NotificationListPage } from './NotificationListPage';
export { NotificationReportPage } from './NotificationReportPage';
export { PostEditPage, PostsPage } from './PostsPage';
