import type { ReservationArea } from '@avlu/contracts';

/** The kids' club of the reservation tests, open in December, with the given hours by days. */
export const kidsClubArea = (hours: ReservationArea['reservation_area_hours_by_days']): ReservationArea => ({
  _id: '64f0000000000000000000a1',
  reservation_area: 'Çocuk Kulübü',
  reservation_area_name: 'Çocuk Kulübü',
  reservation_area_cms_id: null,
  reservation_area_type: 'other',
  reservation_area_store_id: null,
  reservation_area_store_name: null,
  reservation_area_is_active: true,
  reservation_start_date: '2026-12-01',
  reservation_end_date: '2026-12-31',
  reservation_area_hours_by_days: hours,
  createdAt: '2026-11-01T09:00:00.000Z',
  updatedAt: '2026-11-01T09:00:00.000Z',
});
