import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '.';
import { formatDate, formatDateTime } from './dates';

afterEach(async () => {
  await changeLanguage('tr');
});

describe('date formats', () => {
  // 21:30 UTC is already the next day in Istanbul (UTC+3).
  const lateEvening = '2025-03-05T21:30:00.000Z';

  it('writes dates as DD MMMM YYYY in Istanbul time and the current language', async () => {
    expect(formatDate(lateEvening)).toBe('06 Mart 2025');
    await changeLanguage('en');
    expect(formatDate(lateEvening)).toBe('06 March 2025');
  });

  it('writes date and time as DD-MM-YYYY HH:mm, in a location time zone when given', () => {
    expect(formatDateTime(lateEvening)).toBe('06-03-2025 00:30');
    expect(formatDateTime(lateEvening, { timezone: 'Europe/London' })).toBe('05-03-2025 21:30');
  });

  it('writes nothing for a missing or invalid value', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});
