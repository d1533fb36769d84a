import {
  type Location,
  type ReservationArea,
  type ReservationAreaHour,
  type ReservationAreaInput,
  type ReservationInput,
  reservationDays,
} from '@avlu/contracts';
import { expect } from 'vitest';
import type { TestContext } from '../../../test/helper';
import { mallClock } from './reservations.service';

/** The `YYYY-MM-DD` `days` after today on Istanbul's calendar (test malls' clock). */
export const dayFromToday = (days: number, now = new Date()) => {
  const at = new Date(`${mallClock('Europe/Istanbul', now).date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
};

/** Every day of the week with the same ranges. */
export const everyDay = (ranges: Record<string, number>): ReservationAreaHour[] =>
  reservationDays.flatMap((day) =>
    Object.entries(ranges).map(([time_range, max_reservation_number]) => ({
      day,
      time_range,
      max_reservation_number,
    })),
  );

let areas = 0;

/** Test helpers of reservations: areas and bookings through the staff API. */
export const reservationFixtures = (ctx: TestContext) => {
  const call = (
    mall: Pick<Location, '_id'>,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    payload?: object,
    lang = 'en',
  ) =>
    ctx.inject({
      method,
      url: `/api${path}${path.includes('?') ? '&' : '?'}locationId=${mall._id}`,
      headers: { 'accept-language': lang },
      ...(payload ? { payload } : {}),
    });

  const areaInput = (overrides: Partial<ReservationAreaInput> = {}): ReservationAreaInput => ({
    reservation_area_name: `Çocuk Kulübü ${++areas}`,
    reservation_area_cms_id: null,
    reservation_area_type: 'other',
    reservation_area_store_id: null,
    reservation_area_is_active: true,
    reservation_start_date: dayFromToday(0),
    reservation_end_date: dayFromToday(30),
    reservation_area_hours_by_days: everyDay({ '10:00-12:00': 3, '14:00-16:00': 2 }),
    ...overrides,
  });

  const newArea = async (mall: Pick<Location, '_id'>, overrides: Partial<ReservationAreaInput> = {}) => {
    const response = await call(mall, 'POST', '/reservation-areas', areaInput(overrides));
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as ReservationArea;
  };

  const booking = (area: ReservationArea, overrides: Partial<ReservationInput> = {}): ReservationInput => ({
    reservation_customer_name: 'Zeynep',
    reservation_customer_surname: 'Kaya',
    reservation_customer_gender: 'female',
    reservation_customer_phone: '0532 111 22 33',
    reservation_customer_email: 'zeynep@example.com',
    reservation_area: area.reservation_area,
    reservation_area_type: area.reservation_area_type,
    reservation_note: null,
    reservation_total_person: 2,
    reservation_request_date: dayFromToday(2),
    reservation_request_hour: '10:00-12:00',
    ...overrides,
  });

  const book = (
    mall: Pick<Location, '_id'>,
    area: ReservationArea,
    overrides: Partial<ReservationInput> = {},
  ) => call(mall, 'POST', '/reservations', booking(area, overrides));

  return { call, areaInput, newArea, booking, book };
};
