export default {
  /** The first Tab stop of the back-office: past the menus to the page. */
  skipToContent: 'Skip to content',
  loading: 'Loading',
  /** The logo's link and the first crumb: the first screen the role may use. */
  home: 'Avlu home',
  breadcrumbs: { label: 'Breadcrumb', home: 'Home' },
  sidebar: {
    navigation: 'Main menu',
    open: 'Open menu',
    collapse: 'Collapse menu',
    expand: 'Expand menu',
    location: 'Location',
    platformAdmin: 'Platform admin',
  },
  /** The button names what it shows (WCAG 2.5.3): 'Language: EN, English'. */
  language: { button: 'Language: {{code}}, {{name}}' },
  /** The top bar's bell (issue 17 #8); its popover's texts load with it (reminders.ts). */
  reminders: { button: 'Reminders', buttonDue: 'Reminders: {{count}} due' },
  account: {
    label: 'Account',
    button: 'Account: {{initials}}',
    profile: 'User Profile',
    invitations: 'User Invitations',
    users: 'Users',
    roles: 'User Roles',
    logout: 'Logout',
    logoutFailed: 'Unable to logout',
  },
  offline: {
    title: 'Your Internet Connection Has Been Lost',
    text: 'Please check your connection. This window closes by itself as soon as you are back online.',
  },
};
