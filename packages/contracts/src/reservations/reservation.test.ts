import { describe, expect, it } from 'vitest';
import {
  groupAreaHours,
  reservationAreaInput,
  reservationAreaKey,
  reservationDayOf,
  reservationHoldsPlace,
  reservationTransitions,
} from './reservation';

const area = {
  reservation_area_name: 'Çocuk Kulübü',
  reservation_area_type: 'other' as const,
  reservation_area_is_active: true,
  reservation_start_date: '2026-12-01',
  reservation_end_date: '2026-12-31',
  reservation_area_hours_by_days: [
    { day: 'monday' as const, time_range: '10:00-12:00', max_reservation_number: 3 },
  ],
};

describe('reservation rules', () => {
  it('knows the day of a date, Monday first, whatever the time zone', () => {
    expect(reservationDayOf('2026-11-30')).toBe('monday');
    expect(reservationDayOf('2026-11-29')).toBe('sunday');
    expect(reservationDayOf('2024-02-29')).toBe('thursday');
  });

  it('groups entries of one time range and maximum into a row listing its days in the week’s order', () => {
    expect(
      groupAreaHours([
        { day: 'sunday', time_range: '14:00-16:00', max_reservation_number: 2 },
        { day: 'monday', time_range: '14:00-16:00', max_reservation_number: 2 },
        { day: 'saturday', time_range: '10:00-12:00', max_reservation_number: 5 },
        { day: 'friday', time_range: '14:00-16:00', max_reservation_number: 4 },
      ]),
    ).toEqual([
      { time_range: '10:00-12:00', max_reservation_number: 5, days: ['saturday'] },
      { time_range: '14:00-16:00', max_reservation_number: 2, days: ['monday', 'sunday'] },
      { time_range: '14:00-16:00', max_reservation_number: 4, days: ['friday'] },
    ]);
  });

  it('names an area as a reservation sends it: a store area by its store, another by its name', () => {
    expect(reservationAreaKey({ ...area, reservation_area_store_id: null })).toBe('Çocuk Kulübü');
    expect(
      reservationAreaKey({
        ...area,
        reservation_area_type: 'store',
        reservation_area_store_id: 'a'.repeat(24),
      }),
    ).toBe('a'.repeat(24));
  });

  it('refuses overlapping ranges of a day but not the same range on two days', () => {
    const parsed = reservationAreaInput.safeParse({
      ...area,
      reservation_area_hours_by_days: [
        { day: 'monday', time_range: '10:00-12:00', max_reservation_number: 3 },
        { day: 'tuesday', time_range: '10:00-12:00', max_reservation_number: 3 },
        { day: 'monday', time_range: '12:00-13:00', max_reservation_number: 3 },
        { day: 'monday', time_range: '11:59-12:30', max_reservation_number: 3 },
      ],
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['reservation_area_hours_by_days.3.time_range', 'validation.reservationHourOverlaps'],
    ]);
  });

  it('lets pending move to any end, accepted only to cancelled, and the ends nowhere; only pending and accepted hold a place', () => {
    expect(reservationTransitions.pending).toEqual(['accepted', 'rejected', 'cancelled']);
    expect(reservationTransitions.accepted).toEqual(['cancelled']);
    expect(reservationTransitions.rejected).toEqual([]);
    expect(reservationTransitions.cancelled).toEqual([]);
    expect(
      ['pending', 'accepted', 'rejected', 'cancelled'].filter((s) => reservationHoldsPlace(s as never)),
    ).toEqual(['pending', 'accepted']);
  });
});
