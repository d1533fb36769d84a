import {
  type ReservationAreaHour,
  type ReservationStatus,
  reservationDayOf,
  reservationHoldsPlace,
} from '@avlu/contracts';
import { inArray } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { nameKey } from '../../platform/db/unique-names';
import { stores } from '../stores/stores.tables';
import { mallClock } from './reservations.service';
import { reservationAreas, reservationSlots, reservations } from './reservations.tables';

const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const;
const weekend = ['saturday', 'sunday'] as const;
const hours = (days: readonly ReservationAreaHour['day'][], ranges: Record<string, number>) =>
  days.flatMap((day) =>
    Object.entries(ranges).map(([time_range, max_reservation_number]) => ({
      day,
      time_range,
      max_reservation_number,
    })),
  );

const addDays = (date: string, days: number) => {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
};

const people = [
  ['Elif', 'Demir', 'female', '+905321000101', 'elif.demir@example.com'],
  ['Mert', 'Yıldız', 'male', '+905321000102', null],
  ['Zeynep', 'Şahin', 'female', '+905321000103', 'zeynep.sahin@example.com'],
  ['Emre', 'Çelik', 'male', '+905321000104', 'emre.celik@example.com'],
  ['Ayşe', 'Öztürk', 'female', '+905321000105', null],
  ['Can', 'Arslan', 'male', '+905321000106', 'can.arslan@example.com'],
  ['Selin', 'Koç', 'female', '+905321000107', null],
  ['Burak', 'Aydın', 'male', '+905321000108', 'burak.aydin@example.com'],
] as const;

/**
 * The demo mall's reservation areas (first start with DEMO_DATA): a kids' club open every day, a
 * VIP lounge at weekends, a store's style advice on weekdays, and an inactive one; and a dozen
 * reservations in every status, from last week to the coming two, their places held in the slots.
 */
export const seedDemoReservations = async (
  db: Database,
  locationId: string,
  storeIds: readonly string[],
  now = new Date(),
) => {
  const today = mallClock('Europe/Istanbul', now).date;
  const [store] = storeIds.length
    ? await db
        .select({ _id: stores._id, store_name: stores.store_name })
        .from(stores)
        .where(inArray(stores._id, [storeIds[0]!]))
    : [];
  const areas = [
    {
      reservation_area_name: 'Çocuk Kulübü',
      reservation_area_cms_id: 'cocuk-kulubu',
      reservation_area_type: 'other' as const,
      reservation_area_is_active: true,
      reservation_area_hours_by_days: [
        ...hours([...weekdays, ...weekend], { '11:00-13:00': 8, '14:00-16:00': 8 }),
        ...hours(weekend, { '16:00-18:00': 10 }),
      ],
    },
    {
      reservation_area_name: 'VIP Dinlenme Salonu',
      reservation_area_cms_id: 'vip-salon',
      reservation_area_type: 'other' as const,
      reservation_area_is_active: true,
      reservation_area_hours_by_days: hours(weekend, { '12:00-14:00': 3, '15:00-17:00': 3 }),
    },
    ...(store
      ? [
          {
            reservation_area_name: `${store.store_name} Stil Danışmanlığı`,
            reservation_area_cms_id: null,
            reservation_area_type: 'store' as const,
            reservation_area_store_id: store._id,
            reservation_area_is_active: true,
            reservation_area_hours_by_days: hours(weekdays, { '10:00-11:00': 2, '17:00-18:00': 2 }),
          },
        ]
      : []),
    {
      reservation_area_name: 'Bebek Bakım Atölyesi',
      reservation_area_cms_id: null,
      reservation_area_type: 'other' as const,
      reservation_area_is_active: false,
      reservation_area_hours_by_days: hours(['wednesday'], { '10:00-12:00': 6 }),
    },
  ];
  const rows = await db
    .insert(reservationAreas)
    .values(
      areas.map((area) => ({
        ...area,
        location_id: locationId,
        reservation_area_name_key: nameKey(area.reservation_area_name),
        reservation_start_date: addDays(today, -30),
        reservation_end_date: addDays(today, 90),
      })),
    )
    .returning();

  const statuses: ReservationStatus[] = ['pending', 'accepted', 'rejected', 'cancelled'];
  const bookings: (typeof reservations.$inferInsert)[] = [];
  const held = new Map<string, typeof reservationSlots.$inferInsert>();
  rows
    .filter((area) => area.reservation_area_is_active)
    .forEach((area, areaIndex) => {
      // A few dates around today on which the area has hours; the past ones settled, the rest mixed.
      const dates: string[] = [];
      for (let offset = -7; offset <= 14 && dates.length < 4; offset += 3) {
        const date = addDays(today, offset + areaIndex);
        if (area.reservation_area_hours_by_days.some((entry) => entry.day === reservationDayOf(date)))
          dates.push(date);
      }
      dates.forEach((date, dateIndex) => {
        const entry = area.reservation_area_hours_by_days.find(
          (hour) => hour.day === reservationDayOf(date),
        )!;
        const person = people[(areaIndex * 3 + dateIndex) % people.length]!;
        const status =
          date < today
            ? dateIndex % 2 === 0
              ? 'accepted'
              : 'cancelled'
            : statuses[(areaIndex + dateIndex) % 4]!;
        bookings.push({
          location_id: locationId,
          reservation_area_id: area._id,
          reservation_customer_name: person[0],
          reservation_customer_surname: person[1],
          reservation_customer_gender: person[2],
          reservation_customer_phone: person[3],
          reservation_customer_email: person[4],
          reservation_note: dateIndex === 0 ? 'Doğum günü kutlaması için' : null,
          reservation_total_person: 1 + ((areaIndex + dateIndex) % 4),
          reservation_request_date: date,
          reservation_request_hour: entry.time_range,
          reservation_status: status,
          reservation_source: dateIndex % 2 === 0 ? 'back-office' : 'micro-site',
        });
        if (reservationHoldsPlace(status)) {
          const key = `${area._id}|${date}|${entry.time_range}`;
          const slot = held.get(key) ?? {
            reservation_area_id: area._id,
            slot_date: date,
            slot_time_range: entry.time_range,
            slot_taken: 0,
          };
          slot.slot_taken = (slot.slot_taken ?? 0) + 1;
          held.set(key, slot);
        }
      });
    });
  if (bookings.length) await db.insert(reservations).values(bookings);
  if (held.size) await db.insert(reservationSlots).values([...held.values()]);
};
