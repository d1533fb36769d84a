import type { Location } from '@avlu/contracts';

/** One formatter per time zone: making an Intl.DateTimeFormat costs far more than using one. */
const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterIn = (timezone: string) => {
  let formatter = formatters.get(timezone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(timezone, formatter);
  }
  return formatter;
};

/** The calendar date at `now` in a time zone, as yyyy-mm-dd. */
export const dateIn = (timezone: string, now: Date = new Date()): string => {
  const parts = formatterIn(timezone).formatToParts(now);
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
};

/** What customer services need of the request's mall (`locationOf(request)`): its id and time zone. */
export type Mall = Pick<Location, '_id' | 'location_meta'>;

/**
 * The mall's today in its own time zone: ages and age conditions count from it, not from the
 * database's current_date, which follows the server's zone (an Istanbul customer turns 30 at
 * Istanbul midnight even on a server in UTC).
 */
export const mallToday = (mall: Mall, now: Date = new Date()): string =>
  dateIn(mall.location_meta.timezone, now);
