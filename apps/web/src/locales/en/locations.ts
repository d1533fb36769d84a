export default {
  title: 'Malls',
  settings: 'Settings',
  fields: {
    location_name: 'Mall name',
    timezone: 'Time zone',
    hasMobileApp: 'Has a mobile app',
    logo: 'Logo',
    location_meta: { timezone: 'Time zone' },
    location_logo: { thumbnail: 'Logo' },
    location_app_links: {
      androidApp: 'Android app link',
      androidStore: 'Google Play link',
      iosApp: 'iOS app link',
      iosStore: 'App Store link',
      fallbackUrl: 'Fallback web address',
    },
  },
  actions: { create: 'New mall' },
  new: { title: 'New Mall' },
  edit: { title: 'Edit Mall', backToList: 'Back to the mall list' },
  appLinks: 'App links',
  appLinksHint:
    'QR codes and the micro-site redirect use these; when the app cannot open, the fallback address is used.',
  yes: 'Yes',
  no: 'No',
  microSite: {
    title: 'Micro-site',
    text: 'Where customers sign in and see campaigns and gifts. Renewing the link stops the old one from working.',
    link: 'Micro-site link',
    copy: 'Copy link',
    copied: 'Link copied',
    renew: 'Renew link',
    renewTitle: 'Renew the micro-site link?',
    renewText:
      'The old link and the QR codes pointing to it stop working; you will need to share the new link again.',
    renewed: 'Micro-site link renewed',
  },
};
