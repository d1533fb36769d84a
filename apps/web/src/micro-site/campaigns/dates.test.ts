import { describe, expect, it } from 'vitest';
import { daysUntil, formatDateTime, formatDay, lastMoment, mallTimeZone } from './dates';
import { campaignText } from './texts';

describe('campaign dates on the mall’s clock', () => {
  it('writes moments as DD-MM-YYYY HH:mm and days as DD MMMM YYYY in the mall’s time zone', () => {
    expect(formatDateTime('2026-12-31T20:59:00.000Z', 'Europe/Istanbul')).toBe('31-12-2026 23:59');
    expect(formatDateTime('2026-12-31T20:59:00.000Z', 'Europe/London')).toBe('31-12-2026 20:59');
    expect(formatDay('2026-03-04T22:30:00.000Z', 'tr', 'Europe/Istanbul')).toBe('05 Mart 2026');
    expect(formatDay('2026-03-04T22:30:00.000Z', 'en', 'Europe/Istanbul')).toBe('05 March 2026');
    expect(formatDateTime(null, 'Europe/Istanbul')).toBe('');
  });

  it('counts the days left to the last day, an end at midnight belonging to the day before', () => {
    const now = new Date('2026-11-24T10:00:00.000Z');
    // Midnight of 1 December in Istanbul: the last day is 30 November.
    const end = '2026-11-30T21:00:00.000Z';
    expect(daysUntil(end, now, 'Europe/Istanbul')).toBe(6);
    expect(formatDay(lastMoment(end), 'tr', 'Europe/Istanbul')).toBe('30 Kasım 2026');
    expect(daysUntil('2026-11-24T20:00:00.000Z', now, 'Europe/Istanbul')).toBe(0);
  });

  it('takes the mall’s time zone, Europe/Istanbul without one', () => {
    expect(mallTimeZone(null)).toBe('Europe/Istanbul');
    expect(
      mallTimeZone({
        _id: '6b01bfcdd1bbe8773a6cbae0',
        location_name: 'AVM',
        location_logo: { thumbnail: null },
        hasMobileApp: false,
        location_meta: { timezone: 'Europe/Berlin' },
      }),
    ).toBe('Europe/Berlin');
  });
});

describe('the campaign pages’ texts', () => {
  it('take the plural form where the language has one', () => {
    expect(campaignText('en', 'campaigns.daysLeft', { count: 1 })).toBe('1 day left');
    expect(campaignText('en', 'campaigns.daysLeft', { count: 3 })).toBe('3 days left');
    expect(campaignText('tr', 'campaigns.daysLeft', { count: 1 })).toBe('1 gün kaldı');
    expect(campaignText('tr', 'coupons.statuses.not_used')).toBe('Süresi doldu');
  });
});
