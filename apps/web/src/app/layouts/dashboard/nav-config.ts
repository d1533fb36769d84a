import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import EventAvailableOutlinedIcon from '@mui/icons-material/EventAvailableOutlined';
import FeedbackOutlinedIcon from '@mui/icons-material/FeedbackOutlined';
import HandshakeOutlinedIcon from '@mui/icons-material/HandshakeOutlined';
import HowToRegOutlinedIcon from '@mui/icons-material/HowToRegOutlined';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import LoyaltyOutlinedIcon from '@mui/icons-material/LoyaltyOutlined';
import PeopleAltOutlinedIcon from '@mui/icons-material/PeopleAltOutlined';
import QrCode2OutlinedIcon from '@mui/icons-material/QrCode2Outlined';
import QuizOutlinedIcon from '@mui/icons-material/QuizOutlined';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import SpaceDashboardOutlinedIcon from '@mui/icons-material/SpaceDashboardOutlined';
import type SvgIcon from '@mui/material/SvgIcon';
import { hasScreen } from '../../screens';

type Icon = typeof SvgIcon;

/** A screen reachable from the sidebar; `key` names its label in the `nav` catalogue (`items.<key>`). */
export type NavItem = { key: string; path: string };

/** A sidebar entry: a single screen, or a group of screens that folds open (labels under `groups.<key>`). */
export type NavEntry =
  | { kind: 'link'; key: string; icon: Icon; path: string }
  | { kind: 'group'; key: string; icon: Icon; items: NavItem[] };

/**
 * The sidebar of spec §2, in its order. Whether an entry shows is decided from its paths with
 * contracts' `subjectOfPage` (and, for the platform settings, the system admin check of
 * lib/permissions), so a new screen needs no permission wiring here, only its place.
 */
export const navConfig: NavEntry[] = [
  { kind: 'link', key: 'dashboard', icon: SpaceDashboardOutlinedIcon, path: '/app' },
  {
    kind: 'group',
    key: 'customerRegistration',
    icon: HowToRegOutlinedIcon,
    items: [
      { key: 'registration', path: '/registration/customer' },
      { key: 'channels', path: '/registration/channels' },
      { key: 'channelTags', path: '/registration/channel-tags' },
    ],
  },
  {
    kind: 'group',
    key: 'customers',
    icon: PeopleAltOutlinedIcon,
    items: [
      { key: 'searchByPhone', path: '/customers/search-by-phone' },
      { key: 'customerList', path: '/customers/filter' },
      { key: 'customerImport', path: '/customers/import' },
    ],
  },
  {
    kind: 'group',
    key: 'campaigns',
    icon: LocalOfferOutlinedIcon,
    items: [
      { key: 'campaigns', path: '/campaigns/list' },
      { key: 'codeProviders', path: '/campaigns/coupon-providers' },
      { key: 'campaignDashboard', path: '/campaigns/dashboard' },
      { key: 'codeValidation', path: '/campaigns/code-validation' },
    ],
  },
  {
    kind: 'group',
    key: 'loyalty',
    icon: LoyaltyOutlinedIcon,
    items: [
      { key: 'pointProviders', path: '/loyalty/point-providers' },
      { key: 'receipts', path: '/loyalty/receipts' },
      { key: 'resetPoints', path: '/loyalty/reset-points' },
      { key: 'customerLoyalty', path: '/loyalty/customer-loyalty' },
      { key: 'tiers', path: '/loyalty/tiers' },
      { key: 'gifts', path: '/loyalty/gifts' },
      { key: 'giftedCustomers', path: '/loyalty/gifted-customer-list' },
    ],
  },
  {
    kind: 'group',
    key: 'feedbacks',
    icon: FeedbackOutlinedIcon,
    items: [
      { key: 'feedbacks', path: '/feedbacks/list' },
      { key: 'feedbackTypes', path: '/feedbacks/types' },
    ],
  },
  { kind: 'link', key: 'agreements', icon: HandshakeOutlinedIcon, path: '/agreements' },
  { kind: 'link', key: 'qrCodes', icon: QrCode2OutlinedIcon, path: '/qr-codes' },
  {
    kind: 'group',
    key: 'reports',
    icon: AssessmentOutlinedIcon,
    items: [{ key: 'monthlyReports', path: '/reports/monthly-reports' }],
  },
  {
    kind: 'group',
    key: 'marketing',
    icon: CampaignOutlinedIcon,
    items: [
      { key: 'pushNotifications', path: '/marketing/push-notifications' },
      { key: 'smsNotifications', path: '/marketing/sms-notifications' },
      { key: 'emailNotifications', path: '/marketing/email-notifications' },
      { key: 'emailExternalList', path: '/marketing/email-external-list' },
      { key: 'mobilePages', path: '/marketing/mobile-pages' },
    ],
  },
  {
    kind: 'group',
    key: 'reservation',
    icon: EventAvailableOutlinedIcon,
    items: [
      { key: 'reservations', path: '/reservation/reservations' },
      { key: 'reservationRegistration', path: '/reservation/new' },
      { key: 'reservationArea', path: '/reservation/reservation-area' },
    ],
  },
  {
    kind: 'group',
    key: 'surveys',
    icon: QuizOutlinedIcon,
    items: [
      { key: 'surveys', path: '/surveys/list' },
      { key: 'newSurvey', path: '/surveys/new' },
    ],
  },
  {
    kind: 'group',
    key: 'lending',
    icon: Inventory2OutlinedIcon,
    items: [
      { key: 'lendedCustomers', path: '/lending/lended-customers' },
      { key: 'lendibleItems', path: '/lending/lendible-items' },
    ],
  },
  {
    kind: 'group',
    key: 'settings',
    icon: SettingsOutlinedIcon,
    items: [
      { key: 'locations', path: '/settings/locations' },
      { key: 'stores', path: '/settings/stores' },
      { key: 'storeCategories', path: '/settings/store-categories' },
      { key: 'events', path: '/settings/events' },
      { key: 'promotions', path: '/settings/promotions' },
      { key: 'providerAccounts', path: '/settings/provider-accounts' },
    ],
  },
];

/**
 * The entries a role may see: screens that exist (`hasScreen`: a module not built yet has no link)
 * and that it may visit; groups cut down to those items.
 */
export const permittedNav = (
  canVisit: (path: string) => boolean,
  exists: (path: string) => boolean = hasScreen,
): NavEntry[] => {
  const shown = (path: string) => exists(path) && canVisit(path);
  return navConfig.flatMap((entry): NavEntry[] => {
    if (entry.kind === 'link') return shown(entry.path) ? [entry] : [];
    const items = entry.items.filter((item) => shown(item.path));
    return items.length > 0 ? [{ ...entry, items }] : [];
  });
};

/** Where `/` sends a role without the dashboard module: its first permitted screen in sidebar order. */
export const firstPermittedPath = (
  canVisit: (path: string) => boolean,
  exists: (path: string) => boolean = hasScreen,
): string | undefined => {
  const [first] = permittedNav(canVisit, exists);
  if (!first) return undefined;
  return first.kind === 'link' ? first.path : first.items[0]?.path;
};

/** Where a group's root path (say /loyalty) sends a role: the group's first screen it may open. */
export const firstPermittedPathIn = (
  groupKey: string,
  canVisit: (path: string) => boolean,
  exists: (path: string) => boolean = hasScreen,
): string | undefined => {
  const group = permittedNav(canVisit, exists).find((entry) => entry.key === groupKey);
  return group?.kind === 'group' ? group.items[0]?.path : undefined;
};

export const isUnder = (pathname: string, path: string) =>
  pathname === path || pathname.startsWith(`${path}/`);

/** A group is open by default when the current screen lies under the common prefix of its items. */
export const groupContains = (entry: Extract<NavEntry, { kind: 'group' }>, pathname: string) => {
  const sections = new Set(entry.items.map((item) => `/${item.path.split('/')[1]}`));
  return [...sections].some((section) => isUnder(pathname, section));
};
