import { DEFAULT_TIMEZONE } from '@avlu/contracts';
import dayjs from 'dayjs';
import '../../lib/i18n/dates';

export type DayPart = 'morning' | 'day' | 'evening';

/** The part of the day at the mall (Europe/Istanbul unless the location says otherwise). */
export const dayPart = (now: Date, timezone = DEFAULT_TIMEZONE): DayPart => {
  const hour = dayjs(now).tz(timezone).hour();
  if (hour >= 5 && hour < 12) return 'morning';
  if (hour >= 12 && hour < 18) return 'day';
  return 'evening';
};
