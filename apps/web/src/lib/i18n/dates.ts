import { DEFAULT_TIMEZONE } from '@avlu/contracts';
import dayjs, { type ConfigType } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import 'dayjs/locale/tr';
import { currentLanguage } from '.';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.tz.setDefault(DEFAULT_TIMEZONE);

/** The spec's display formats (§9: dd MMMM yyyy, DD-MM-YYYY HH:mm, birthdate input dd/MM/yyyy) in dayjs tokens. */
export const DATE_FORMAT = 'DD MMMM YYYY';
export const DATE_TIME_FORMAT = 'DD-MM-YYYY HH:mm';
export const BIRTHDATE_INPUT_FORMAT = 'DD/MM/YYYY';

type FormatOptions = {
  /** A location's own time zone (location_meta.timezone); Europe/Istanbul when not given. */
  timezone?: string;
};

const format = (value: ConfigType, pattern: string, options: FormatOptions) => {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  if (!date.isValid()) return '';
  return date
    .tz(options.timezone ?? DEFAULT_TIMEZONE)
    .locale(currentLanguage())
    .format(pattern);
};

/** 05 Mart 2025 / 05 March 2025, in the current language. */
export const formatDate = (value: ConfigType, options: FormatOptions = {}) =>
  format(value, DATE_FORMAT, options);

/** 05-03-2025 14:30 */
export const formatDateTime = (value: ConfigType, options: FormatOptions = {}) =>
  format(value, DATE_TIME_FORMAT, options);
