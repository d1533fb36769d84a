import type {
  ReservationAreaHour,
  ReservationAreaType,
  ReservationSource,
  ReservationStatus,
} from '@avlu/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { idColumn, refColumn, timestamps } from '../../platform/db/columns';
import { customers } from '../customers/customers.tables';
import { locations } from '../locations/locations.tables';
import { stores } from '../stores/stores.tables';

/**
 * Spec §3 Reservation area (issue 17 #1): a place a mall takes bookings for. Names are unique per
 * mall as people read them (`nameKey`), and a store has at most one area: a reservation names an
 * area by its name, or a store area by its store (spec §5). The hours by days are the entries as
 * the API answers them, kept whole (they are read and written with their area, never alone).
 */
export const reservationAreas = pgTable(
  'reservation_areas',
  {
    _id: idColumn(),
    location_id: refColumn('location_id')
      .notNull()
      .references(() => locations._id, { onDelete: 'cascade' }),
    reservation_area_name: varchar('reservation_area_name', { length: 120 }).notNull(),
    reservation_area_name_key: text('reservation_area_name_key').notNull(),
    reservation_area_cms_id: varchar('reservation_area_cms_id', { length: 64 }),
    reservation_area_type: varchar('reservation_area_type', { length: 8 })
      .$type<ReservationAreaType>()
      .notNull(),
    /** A store area's store; a deleted store leaves the area without one until it is edited. */
    reservation_area_store_id: refColumn('reservation_area_store_id').references(() => stores._id, {
      onDelete: 'set null',
    }),
    reservation_area_is_active: boolean('reservation_area_is_active').notNull().default(true),
    /** Date-only, the mall's calendar days the area takes bookings for, both included. */
    reservation_start_date: date('reservation_start_date', { mode: 'string' }).notNull(),
    reservation_end_date: date('reservation_end_date', { mode: 'string' }).notNull(),
    reservation_area_hours_by_days: jsonb('reservation_area_hours_by_days')
      .$type<ReservationAreaHour[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('reservation_areas_name_key').on(table.location_id, table.reservation_area_name_key),
    uniqueIndex('reservation_areas_store')
      .on(table.location_id, table.reservation_area_store_id)
      .where(sql`${table.reservation_area_store_id} is not null`),
  ],
);

/**
 * Spec §3 Reservation (issue 17 #2). The customer's name, phone and email are the booking's own (a
 * desk booking may be for someone not registered); `customer_id` links a micro-site booking to its
 * customer. An area with reservations cannot be deleted (made inactive instead), so every
 * reservation keeps its area.
 */
export const reservations = pgTable(
  'reservations',
  {
    _id: idColumn(),
    location_id: refColumn('location_id')
      .notNull()
      .references(() => locations._id, { onDelete: 'cascade' }),
    reservation_area_id: refColumn('reservation_area_id')
      .notNull()
      .references(() => reservationAreas._id, { onDelete: 'restrict' }),
    customer_id: refColumn('customer_id').references(() => customers._id, { onDelete: 'set null' }),
    reservation_customer_name: varchar('reservation_customer_name', { length: 60 }).notNull(),
    reservation_customer_surname: varchar('reservation_customer_surname', { length: 60 }).notNull(),
    reservation_customer_gender: varchar('reservation_customer_gender', { length: 8 })
      .$type<'male' | 'female' | 'unknown'>()
      .notNull(),
    /** E.164. */
    reservation_customer_phone: varchar('reservation_customer_phone', { length: 20 }).notNull(),
    reservation_customer_email: varchar('reservation_customer_email', { length: 265 }),
    reservation_note: text('reservation_note'),
    reservation_total_person: integer('reservation_total_person').notNull(),
    reservation_request_date: date('reservation_request_date', { mode: 'string' }).notNull(),
    /** The slot's time range, `HH:mm-HH:mm`. */
    reservation_request_hour: varchar('reservation_request_hour', { length: 11 }).notNull(),
    reservation_status: varchar('reservation_status', { length: 10 })
      .$type<ReservationStatus>()
      .notNull()
      .default('pending'),
    reservation_source: varchar('reservation_source', { length: 12 }).$type<ReservationSource>().notNull(),
    ...timestamps(),
  },
  (table) => [
    index('reservations_mall_date').on(table.location_id, table.reservation_request_date),
    index('reservations_area').on(table.reservation_area_id),
    index('reservations_customer').on(table.customer_id),
  ],
);

/**
 * How many places of a slot (an area, a date, a time range) pending and accepted reservations hold.
 * A booking takes a place with one guarded upsert (`taken < max`), so concurrent bookings never pass
 * the slot's maximum; a rejection or cancellation gives it back in the same transaction.
 */
export const reservationSlots = pgTable(
  'reservation_slots',
  {
    reservation_area_id: refColumn('reservation_area_id')
      .notNull()
      .references(() => reservationAreas._id, { onDelete: 'cascade' }),
    slot_date: date('slot_date', { mode: 'string' }).notNull(),
    slot_time_range: varchar('slot_time_range', { length: 11 }).notNull(),
    slot_taken: integer('slot_taken').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.reservation_area_id, table.slot_date, table.slot_time_range] }),
    check('reservation_slots_taken', sql`${table.slot_taken} >= 0`),
  ],
);
