import type { LocationInput } from '@avlu/contracts';

/** Made-up malls for the demo data set: one in İstanbul, one in İzmir. */
export const locationsDemo: LocationInput[] = [
  {
    location_name: 'Çınaraltı Park AVM İstanbul',
    location_meta: { timezone: 'Europe/Istanbul' },
    location_logo: { thumbnail: null },
    hasMobileApp: true,
  },
  {
    location_name: 'Kordonboyu Yaşam AVM İzmir',
    location_meta: { timezone: 'Europe/Istanbul' },
    location_logo: { thumbnail: null },
    hasMobileApp: false,
  },
];
