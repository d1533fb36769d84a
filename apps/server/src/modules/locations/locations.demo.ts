import type { LocationSettingsInput } from '@avlu/contracts';

/**
 * Made-up malls for the demo data set: one in İstanbul with a mobile app and its (made-up) store links,
 * one in İzmir without. Each gets its micro-site token when it is created.
 */
export const locationsDemo: LocationSettingsInput[] = [
  {
    location_name: 'Çınaraltı Park AVM İstanbul',
    location_meta: { timezone: 'Europe/Istanbul' },
    location_logo: { thumbnail: null },
    hasMobileApp: true,
    location_app_links: {
      androidApp: 'cinaraltipark://home',
      androidStore: 'https://play.google.com/store/apps/details?id=com.example.cinaraltipark',
      iosApp: 'cinaraltipark://home',
      iosStore: 'https://apps.apple.com/tr/app/cinaralti-park/id000000000',
      fallbackUrl: 'https://cinaraltipark.example.com',
    },
  },
  {
    location_name: 'Kordonboyu Yaşam AVM İzmir',
    location_meta: { timezone: 'Europe/Istanbul' },
    location_logo: { thumbnail: null },
    hasMobileApp: false,
  },
];
