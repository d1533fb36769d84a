import type { Language, MicroSiteLocation } from '@avlu/contracts';

/** Contracts' DEFAULT_TIMEZONE (spec: Europe/Istanbul), copied as lib/contract.ts copies constants; contract.test.ts checks it. */
export const DEFAULT_TIMEZONE = 'Europe/Istanbul';

/** The mall's time zone (`GET /ext/location`'s `location_meta.timezone`), in which campaign and coupon moments are shown. */
export const mallTimeZone = (location: MicroSiteLocation | null | undefined) =>
  location?.location_meta?.timezone || DEFAULT_TIMEZONE;

const locale = (language: Language) => (language === 'tr' ? 'tr-TR' : 'en-GB');

const parts = (value: string | Date, timeZone: string) => {
  const date = typeof value === 'string' ? new Date(value) : value;
  const found = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return found as Record<'year' | 'month' | 'day' | 'hour' | 'minute', string>;
};

/** Spec §9's date: '05 Mart 2026' / '05 March 2026', the day as the mall's clock has it. */
export const formatDay = (value: string | null | undefined, language: Language, timeZone: string) => {
  if (!value || Number.isNaN(Date.parse(value))) return '';
  return new Intl.DateTimeFormat(locale(language), {
    day: '2-digit',
    month: 'long',
    year: 'numeric',
    timeZone,
  }).format(new Date(value));
};

/** Spec §9's date and time, 'DD-MM-YYYY HH:mm', on the mall's clock (as the back-office's formatDateTime). */
export const formatDateTime = (value: string | null | undefined, timeZone: string) => {
  if (!value || Number.isNaN(Date.parse(value))) return '';
  const { day, month, year, hour, minute } = parts(value, timeZone);
  return `${day}-${month}-${year} ${hour}:${minute}`;
};

/** Calendar days from `now`'s day to `end`'s day on the mall's clock: 0 on the last day. */
export const daysUntil = (end: string, now: Date, timeZone: string) => {
  const dayOf = (value: string | Date) => {
    const { year, month, day } = parts(value, timeZone);
    return Date.UTC(Number(year), Number(month) - 1, Number(day));
  };
  // An end at midnight belongs to the day before: the campaign runs until then.
  const last = new Date(Date.parse(end) - 1);
  return Math.round((dayOf(last) - dayOf(now)) / 86_400_000);
};

/** The last moment a campaign runs (its end is exclusive): an end at midnight makes the day before its last day. */
export const lastMoment = (end: string) => new Date(Date.parse(end) - 1).toISOString();
