export default {
  loading: 'Loading',
  sidebar: {
    navigation: 'Main menu',
    open: 'Open menu',
    collapse: 'Collapse menu',
    expand: 'Expand menu',
    location: 'Location',
    platformAdmin: 'Platform admin',
  },
  language: { label: 'Language' },
  account: {
    label: 'Account',
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
