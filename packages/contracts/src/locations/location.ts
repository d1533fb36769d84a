import { z } from 'zod';
import { storedImageUrl } from '../common/files';
import { objectId } from '../common/ids';
import { safeUrl, singleLineText } from '../common/text';
import { DEFAULT_TIMEZONE } from '../i18n/languages';

const isTimezone = (value: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

export const timezone = z.string().refine(isTimezone, { message: 'validation.timezone' });

/** A mall (spec §3 Location). */
export const location = z.object({
  _id: objectId,
  location_name: z.string(),
  location_meta: z.object({ timezone }),
  location_logo: z.object({ thumbnail: z.string().nullable() }),
  hasMobileApp: z.boolean(),
});
export type Location = z.infer<typeof location>;

export const locationInput = z.strictObject({
  location_name: singleLineText().min(2).max(120),
  location_meta: z
    .strictObject({ timezone: timezone.default(DEFAULT_TIMEZONE) })
    .default({ timezone: DEFAULT_TIMEZONE }),
  location_logo: z
    // An image of our file store only (POST /api/files), like every image a record shows.
    .strictObject({ thumbnail: storedImageUrl.nullable() })
    .default({ thumbnail: null }),
  hasMobileApp: z.boolean().default(false),
});
export type LocationInput = z.input<typeof locationInput>;

const optionalUrl = safeUrl().max(2048).nullable();

/** Where a mall's app and fallback page live: the QR deep-link answer and the micro-site redirect use them. */
export const locationAppLinks = z.strictObject({
  androidApp: optionalUrl.default(null),
  androidStore: optionalUrl.default(null),
  iosApp: optionalUrl.default(null),
  iosStore: optionalUrl.default(null),
  fallbackUrl: optionalUrl.default(null),
});

/**
 * A mall as the system admin's settings page sees it: the public fields and what only it manages,
 * the app links and the token of the micro-site address `/micro-site/{location_token}`.
 */
export const locationSettings = location.extend({
  location_app_links: locationAppLinks,
  location_token: z.string(),
});
export type LocationSettings = z.infer<typeof locationSettings>;

/** POST /core/locations and PUT /core/locations/{id}; the token is made by the server and renewed on request. */
export const locationSettingsInput = locationInput.extend({
  location_app_links: locationAppLinks.default({
    androidApp: null,
    androidStore: null,
    iosApp: null,
    iosStore: null,
    fallbackUrl: null,
  }),
});
export type LocationSettingsInput = z.input<typeof locationSettingsInput>;
