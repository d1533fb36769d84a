import en from '../../locales/en/micro-site-reservations';
import tr from '../../locales/tr/micro-site-reservations';
import { usePageTexts } from '../lib/i18n';

/** The reservation pages' texts (pageText in lib/i18n.ts), loaded with those pages only. */
const pages = { tr, en };
export const useReservationT = () => usePageTexts(pages);

/** A `YYYY-MM-DD` day as people read it (`28 Kasım 2026, Cumartesi`), whatever the phone's zone. */
export const formatDay = (date: string, language: string) =>
  new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'tr-TR', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    weekday: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));

export const AREAS_PATH = '/ext/reservation-areas';
export const MY_RESERVATIONS_PATH = '/ext/app/customers/reservations';
