import { DEFAULT_TIMEZONE } from '@avlu/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { locations } from '../locations/locations.tables';

/** The calendar date at `now` in a time zone, as yyyy-mm-dd. */
export const dateIn = (timezone: string, now: Date = new Date()): string => {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
};

/**
 * The mall's today in its own time zone: ages and age conditions count from it, not from the
 * database's current_date, which follows the server's zone (an Istanbul customer turns 30 at
 * Istanbul midnight even on a server in UTC).
 */
export const mallToday = async (
  db: Database,
  locationId: string,
  now: Date = new Date(),
): Promise<string> => {
  const [location] = await db
    .select({ timezone: locations.timezone })
    .from(locations)
    .where(eq(locations._id, locationId));
  return dateIn(location?.timezone ?? DEFAULT_TIMEZONE, now);
};
