import { z } from 'zod';
import { objectId } from '../common/ids';
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
  location_name: z.string().trim().min(2).max(120),
  location_meta: z
    .strictObject({ timezone: timezone.default(DEFAULT_TIMEZONE) })
    .default({ timezone: DEFAULT_TIMEZONE }),
  location_logo: z.strictObject({ thumbnail: z.string().max(2048).nullable() }).default({ thumbnail: null }),
  hasMobileApp: z.boolean().default(false),
});
export type LocationInput = z.input<typeof locationInput>;
