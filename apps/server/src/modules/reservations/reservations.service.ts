import {
  type ListResponse,
  type Location,
  RESERVATION_LIMITS,
  type Reservation,
  type ReservationArea,
  type ReservationAreaHour,
  type ReservationAreaInput,
  type ReservationAreaSortKey,
  type ReservationAreaType,
  type ReservationSortKey,
  type ReservationStatus,
  type ReservationValidDates,
  type ReservationValidDatesQuery,
  type ReservationValues,
  reservationAreaInput,
  reservationAreaKey,
  reservationDayOf,
  reservationHoldsPlace,
  reservationTransitions,
  timeRangeStart,
} from '@avlu/contracts';
import { and, eq, getTableColumns, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { audit } from '../../platform/audit';
import type { Database } from '../../platform/db/database';
import { type ListRequest, listOrder, listPage, listSource } from '../../platform/db/list';
import { alphabetical } from '../../platform/db/search';
import { assertNamesFree, nameKey, rethrowNameTaken } from '../../platform/db/unique-names';
import { AppError, invalidFields, notFound } from '../../platform/errors';
import type { Mailer } from '../../platform/mail';
import type { SmsSender } from '../../platform/sms';
import { staffMessageMail } from '../mail/staff-message-mail';
import { type SmsBudgetContext, spendStaffSmsBudget } from '../micro-site/sms-codes.service';
import { stores } from '../stores/stores.tables';
import type { Acting } from '../users/acting';
import { reservationAreas, reservationSlots, reservations } from './reservations.tables';

/**
 * Reservation areas and reservations (spec §3, §4, §5, §7 "Reservations"; issue 17 #1, #2). Every
 * query is the mall's own: another mall's area or reservation answers 404. A booking takes its place
 * in the slot with one guarded upsert in its transaction (`takePlace`); rejecting or cancelling gives
 * it back (`releasePlace`).
 */

type AreaRow = typeof reservationAreas.$inferSelect;
type ReservationRow = typeof reservations.$inferSelect;

const areaInMall = (locationId: string) => eq(reservationAreas.location_id, locationId);
const reservationInMall = (locationId: string) => eq(reservations.location_id, locationId);

// ——— the mall's clock ———

/** The mall's calendar day (`YYYY-MM-DD`) and wall-clock time (`HH:mm`) at an instant. */
export const mallClock = (timeZone: string, now: Date) => {
  const parts: Record<string, string> = {};
  for (const { type, value } of new Intl.DateTimeFormat('en-CA', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(now))
    parts[type] = value;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
};

/** The `YYYY-MM-DD` `days` after a date. */
const addDays = (date: string, days: number) => {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
};

/** A slot is offered while it has not started on the mall's clock. */
const slotStarted = (clock: { date: string; time: string }, date: string, range: string) =>
  date < clock.date || (date === clock.date && timeRangeStart(range) <= clock.time);

// ——— areas ———

export const reservationAreaList = listSource({
  table: reservationAreas,
  fields: getTableColumns(reservationAreas),
  uniqueKey: reservationAreas._id,
  search: [reservationAreas.reservation_area_name, reservationAreas.reservation_area_cms_id],
  sortable: {
    reservation_area_name: alphabetical(reservationAreas.reservation_area_name),
    reservation_area_type: reservationAreas.reservation_area_type,
    reservation_area_is_active: reservationAreas.reservation_area_is_active,
    reservation_start_date: reservationAreas.reservation_start_date,
    reservation_end_date: reservationAreas.reservation_end_date,
    createdAt: reservationAreas.created_at,
  } satisfies Record<ReservationAreaSortKey, unknown>,
  defaultSort: { orderBy: 'reservation_area_name', order: 'asc' },
});

const toArea = (row: AreaRow, storeNames: ReadonlyMap<string, string>): ReservationArea => ({
  _id: row._id,
  reservation_area: reservationAreaKey(row),
  reservation_area_name: row.reservation_area_name,
  reservation_area_cms_id: row.reservation_area_cms_id,
  reservation_area_type: row.reservation_area_type,
  reservation_area_store_id: row.reservation_area_store_id,
  reservation_area_store_name: row.reservation_area_store_id
    ? (storeNames.get(row.reservation_area_store_id) ?? null)
    : null,
  reservation_area_is_active: row.reservation_area_is_active,
  reservation_start_date: row.reservation_start_date,
  reservation_end_date: row.reservation_end_date,
  reservation_area_hours_by_days: row.reservation_area_hours_by_days,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

/** The areas as answered, with their stores' names read in one query. */
const toAreas = async (db: Database, rows: AreaRow[]) => {
  const ids = [
    ...new Set(rows.flatMap((row) => (row.reservation_area_store_id ? [row.reservation_area_store_id] : []))),
  ];
  const names = new Map(
    ids.length === 0
      ? []
      : (
          await db
            .select({ _id: stores._id, store_name: stores.store_name })
            .from(stores)
            .where(inArray(stores._id, ids))
        ).map((store) => [store._id, store.store_name] as const),
  );
  return rows.map((row) => toArea(row, names));
};

type AreaFilter = { showAll?: boolean | undefined; reservation_area_is_active?: boolean | undefined };

/** GET /reservation-areas: every area with showAll (pickers), else one page; active narrows it. */
export const listReservationAreas = async (
  db: Database,
  locationId: string,
  query: ListRequest<ReservationAreaSortKey> & { filter?: AreaFilter | undefined },
): Promise<ReservationArea[] | ListResponse<ReservationArea>> => {
  const { showAll, reservation_area_is_active: active } = query.filter ?? {};
  const where = and(
    areaInMall(locationId),
    active === undefined ? undefined : eq(reservationAreas.reservation_area_is_active, active),
  );
  if (showAll)
    return toAreas(
      db,
      await db
        .select()
        .from(reservationAreas)
        .where(where)
        .orderBy(...listOrder(reservationAreaList, query)),
    );
  const page = await listPage(db, reservationAreaList, query, where);
  return { ...page, data: await toAreas(db, page.data) };
};

const findArea = async (db: Database, locationId: string, id: string) =>
  (
    await db
      .select()
      .from(reservationAreas)
      .where(and(eq(reservationAreas._id, id), areaInMall(locationId)))
  )[0];

/** GET /reservation-areas/{id}: 404 for an id of another mall. */
export const getReservationArea = async (db: Database, locationId: string, id: string) => {
  const row = await findArea(db, locationId, id);
  if (!row) throw notFound();
  return (await toAreas(db, [row]))[0]!;
};

const whenAreaTaken = (error: unknown): never => {
  for (let cause = error, depth = 0; cause && typeof cause === 'object' && depth < 3; depth++) {
    const { code, constraint } = cause as { code?: unknown; constraint?: unknown };
    if (code === '23505' && constraint === 'reservation_areas_store')
      throw new AppError('CONFLICT', 409, { fields: { reservation_area_store_id: 'reservationStoreTaken' } });
    cause = (cause as { cause?: unknown }).cause;
  }
  return rethrowNameTaken({ reservation_areas_name_key: 'reservation_area_name' })(error);
};

/** The checks of a create or an update in its transaction: the rules, the store of the mall, name and store free. */
const checkedAreaColumns = async (
  db: Database,
  locationId: string,
  input: ReservationAreaInput,
  except?: string,
) => {
  const values = reservationAreaInput.parse(input);
  if (values.reservation_area_store_id) {
    const [store] = await db
      .select({ _id: stores._id })
      .from(stores)
      .where(and(eq(stores._id, values.reservation_area_store_id), eq(stores.location_id, locationId)));
    if (!store) throw invalidFields({ reservation_area_store_id: 'reservationStoreNotFound' });
    const [holder] = await db
      .select({ _id: reservationAreas._id })
      .from(reservationAreas)
      .where(
        and(
          areaInMall(locationId),
          eq(reservationAreas.reservation_area_store_id, values.reservation_area_store_id),
          except ? sql`${reservationAreas._id} <> ${except}` : undefined,
        ),
      )
      .limit(1);
    if (holder)
      throw new AppError('CONFLICT', 409, { fields: { reservation_area_store_id: 'reservationStoreTaken' } });
  }
  await assertNamesFree(
    db,
    reservationAreas,
    reservationAreas._id,
    [
      {
        key: reservationAreas.reservation_area_name_key,
        name: values.reservation_area_name,
        field: 'reservation_area_name',
      },
    ],
    { scope: areaInMall(locationId), except },
  );
  return { ...values, reservation_area_name_key: nameKey(values.reservation_area_name) };
};

const auditArea = (db: Database, actor: Acting, action: string, row: AreaRow) =>
  audit(db, actor, {
    action,
    entity: 'reservation_area',
    entityId: row._id,
    details: {
      reservation_area_name: row.reservation_area_name,
      reservation_area_type: row.reservation_area_type,
      reservation_area_is_active: row.reservation_area_is_active,
    },
  });

/** POST /reservation-areas. */
export const createReservationArea = (
  db: Database,
  locationId: string,
  input: ReservationAreaInput,
  actor: Acting,
) =>
  db
    .transaction(async (tx) => {
      const columns = await checkedAreaColumns(tx, locationId, input);
      const [row] = await tx
        .insert(reservationAreas)
        .values({ ...columns, location_id: locationId })
        .returning();
      await auditArea(tx, actor, 'reservation_area.created', row!);
      return (await toAreas(tx, [row!]))[0]!;
    })
    .catch(whenAreaTaken);

/**
 * PUT /reservation-areas/{id}: the whole area again. Changing its hours leaves reservations made as
 * they are; a lowered maximum only stops new bookings of a slot already past it.
 */
export const updateReservationArea = (
  db: Database,
  locationId: string,
  id: string,
  input: ReservationAreaInput,
  actor: Acting,
) =>
  db
    .transaction(async (tx) => {
      if (!(await findArea(tx, locationId, id))) throw notFound();
      const columns = await checkedAreaColumns(tx, locationId, input, id);
      const [row] = await tx
        .update(reservationAreas)
        .set(columns)
        .where(and(eq(reservationAreas._id, id), areaInMall(locationId)))
        .returning();
      await auditArea(tx, actor, 'reservation_area.updated', row!);
      return (await toAreas(tx, [row!]))[0]!;
    })
    .catch(whenAreaTaken);

/** DELETE /reservation-areas/{id}: an area with reservations is kept (409; make it inactive instead). */
export const deleteReservationArea = (db: Database, locationId: string, id: string, actor: Acting) =>
  db.transaction(async (tx) => {
    const row = await findArea(tx, locationId, id);
    if (!row) throw notFound();
    const [used] = await tx
      .select({ _id: reservations._id })
      .from(reservations)
      .where(eq(reservations.reservation_area_id, id))
      .limit(1);
    if (used)
      throw new AppError('CONFLICT', 409, { fields: { reservation_area_name: 'reservationAreaInUse' } });
    await tx.delete(reservationAreas).where(eq(reservationAreas._id, id));
    await auditArea(tx, actor, 'reservation_area.deleted', row);
  });

/** The mall's area a reservation names (spec §5: a store area by its store's id, another by its name). */
const areaNamed = async (
  db: Database,
  locationId: string,
  area: { reservation_area: string; reservation_area_type: ReservationAreaType },
  lock = false,
) => {
  const named =
    area.reservation_area_type === 'store'
      ? eq(reservationAreas.reservation_area_store_id, area.reservation_area)
      : eq(reservationAreas.reservation_area_name_key, nameKey(area.reservation_area));
  const query = db
    .select()
    .from(reservationAreas)
    .where(
      and(
        areaInMall(locationId),
        eq(reservationAreas.reservation_area_type, area.reservation_area_type),
        named,
      ),
    );
  return (await (lock ? query.for('share') : query))[0];
};

/** Places held in an area's slots between two dates, by `date|range`. */
const heldPlaces = async (db: Database, areaId: string, from: string, to: string) => {
  const rows = await db
    .select()
    .from(reservationSlots)
    .where(
      and(
        eq(reservationSlots.reservation_area_id, areaId),
        gte(reservationSlots.slot_date, from),
        lte(reservationSlots.slot_date, to),
      ),
    );
  return new Map(rows.map((row) => [`${row.slot_date}|${row.slot_time_range}`, row.slot_taken]));
};

/**
 * GET /reservation-areas/valid-dates (spec §7): the dates from today (the mall's) to the area's end
 * date, at most RESERVATION_LIMITS.offeredDays ahead, on which an active area has a slot not started
 * with a place left; each with those slots and their places left. An inactive area offers none; an
 * unknown one is 404 naming `reservation_area`.
 */
export const reservationValidDates = async (
  db: Database,
  mall: Pick<Location, '_id' | 'location_meta'>,
  query: ReservationValidDatesQuery,
  now = new Date(),
): Promise<ReservationValidDates> => {
  const area = await areaNamed(db, mall._id, query);
  if (!area)
    throw new AppError('NOT_FOUND', 404, { fields: { reservation_area: 'reservationAreaNotFound' } });
  if (!area.reservation_area_is_active) return [];
  const clock = mallClock(mall.location_meta.timezone, now);
  const from = [area.reservation_start_date, clock.date].sort()[1]!;
  const last = addDays(clock.date, RESERVATION_LIMITS.offeredDays - 1);
  const to = [area.reservation_end_date, last].sort()[0]!;
  if (to < from) return [];
  const held = await heldPlaces(db, area._id, from, to);
  const dates: ReservationValidDates = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const day = reservationDayOf(date);
    const hours = area.reservation_area_hours_by_days
      .filter((entry) => entry.day === day && !slotStarted(clock, date, entry.time_range))
      .map((entry) => ({
        time_range: entry.time_range,
        max_reservation_number: entry.max_reservation_number,
        remaining: Math.max(0, entry.max_reservation_number - (held.get(`${date}|${entry.time_range}`) ?? 0)),
      }))
      .filter((hour) => hour.remaining > 0)
      .sort((a, b) => a.time_range.localeCompare(b.time_range));
    if (hours.length > 0) dates.push({ date, day, hours });
  }
  return dates;
};

/** The active areas of a mall, for the micro-site's booking. */
export const activeAreas = async (db: Database, locationId: string) =>
  (
    await db
      .select()
      .from(reservationAreas)
      .where(and(areaInMall(locationId), eq(reservationAreas.reservation_area_is_active, true)))
      .orderBy(alphabetical(reservationAreas.reservation_area_name))
  ).map((row) => ({
    reservation_area: reservationAreaKey(row),
    reservation_area_name: row.reservation_area_name,
    reservation_area_type: row.reservation_area_type,
    reservation_start_date: row.reservation_start_date,
    reservation_end_date: row.reservation_end_date,
  }));

// ——— reservations ———

export const reservationList = listSource({
  table: reservations,
  fields: getTableColumns(reservations),
  uniqueKey: reservations._id,
  search: [
    reservations.reservation_customer_name,
    reservations.reservation_customer_surname,
    reservations.reservation_customer_phone,
    reservations.reservation_customer_email,
  ],
  sortable: {
    reservation_request_date: reservations.reservation_request_date,
    reservation_customer_name: alphabetical(reservations.reservation_customer_name),
    reservation_area_name: sql`(select ${reservationAreas.reservation_area_name} from ${reservationAreas} where ${reservationAreas._id} = ${reservations.reservation_area_id})`,
    reservation_status: reservations.reservation_status,
    reservation_total_person: reservations.reservation_total_person,
    createdAt: reservations.created_at,
  } satisfies Record<ReservationSortKey, unknown>,
  defaultSort: { orderBy: 'createdAt', order: 'desc' },
});

const toReservation = (row: ReservationRow, area: AreaRow): Reservation => ({
  _id: row._id,
  reservation_customer_name: row.reservation_customer_name,
  reservation_customer_surname: row.reservation_customer_surname,
  reservation_customer_gender: row.reservation_customer_gender,
  reservation_customer_phone: row.reservation_customer_phone,
  reservation_customer_email: row.reservation_customer_email,
  reservation_area: reservationAreaKey(area),
  reservation_area_id: area._id,
  reservation_area_name: area.reservation_area_name,
  reservation_area_type: area.reservation_area_type,
  reservation_note: row.reservation_note,
  reservation_total_person: row.reservation_total_person,
  reservation_request_date: row.reservation_request_date,
  reservation_request_hour: row.reservation_request_hour,
  reservation_status: row.reservation_status,
  reservation_source: row.reservation_source,
  customer_id: row.customer_id,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

/** The reservations as answered, with their areas read in one query. */
const toReservations = async (db: Database, rows: ReservationRow[]) => {
  const ids = [...new Set(rows.map((row) => row.reservation_area_id))];
  const areas = new Map(
    ids.length === 0
      ? []
      : (await db.select().from(reservationAreas).where(inArray(reservationAreas._id, ids))).map(
          (area) => [area._id, area] as const,
        ),
  );
  return rows.map((row) => toReservation(row, areas.get(row.reservation_area_id)!));
};

type ReservationFilter = {
  reservation_status?: ReservationStatus | undefined;
  reservation_area_id?: string | undefined;
  date_from?: string | undefined;
  date_to?: string | undefined;
};

/** GET /reservations: one page; status, area and a range of request dates narrow it. */
export const listReservations = async (
  db: Database,
  locationId: string,
  query: ListRequest<ReservationSortKey> & { filter?: ReservationFilter | undefined },
) => {
  const filter = query.filter ?? {};
  const where: SQL | undefined = and(
    reservationInMall(locationId),
    filter.reservation_status ? eq(reservations.reservation_status, filter.reservation_status) : undefined,
    filter.reservation_area_id ? eq(reservations.reservation_area_id, filter.reservation_area_id) : undefined,
    filter.date_from ? gte(reservations.reservation_request_date, filter.date_from) : undefined,
    filter.date_to ? lte(reservations.reservation_request_date, filter.date_to) : undefined,
  );
  const page = await listPage(db, reservationList, query, where);
  return { ...page, data: await toReservations(db, page.data) };
};

const findReservation = async (db: Database, locationId: string, id: string, lock = false) => {
  const query = db
    .select()
    .from(reservations)
    .where(and(eq(reservations._id, id), reservationInMall(locationId)));
  return (await (lock ? query.for('update') : query))[0];
};

/** GET /reservations/{id}: 404 for an id of another mall. */
export const getReservation = async (db: Database, locationId: string, id: string) => {
  const row = await findReservation(db, locationId, id);
  if (!row) throw notFound();
  return (await toReservations(db, [row]))[0]!;
};

/**
 * Takes one place of a slot, or refuses: one statement inserts the slot's count at 1 or adds 1
 * where fewer than `max` are taken. PostgreSQL locks the slot's row for the update, so of
 * concurrent bookings exactly as many as there are places get a row back.
 */
const takePlace = async (db: Database, areaId: string, date: string, range: string, max: number) => {
  const taken = (await db.execute(sql`
    insert into ${reservationSlots} (reservation_area_id, slot_date, slot_time_range, slot_taken)
    select ${areaId}, ${date}, ${range}, 1 where ${max} >= 1
    on conflict (reservation_area_id, slot_date, slot_time_range)
    do update set slot_taken = ${reservationSlots}.slot_taken + 1
    where ${reservationSlots}.slot_taken < ${max}
    returning slot_taken`)) as unknown as { rows: unknown[] };
  if (taken.rows.length === 0)
    throw new AppError('CONFLICT', 409, { fields: { reservation_request_hour: 'reservationSlotFull' } });
};

/** Gives a place of a reservation's slot back. */
const releasePlace = (db: Database, row: ReservationRow) =>
  db
    .update(reservationSlots)
    .set({ slot_taken: sql`greatest(${reservationSlots.slot_taken} - 1, 0)` })
    .where(
      and(
        eq(reservationSlots.reservation_area_id, row.reservation_area_id),
        eq(reservationSlots.slot_date, row.reservation_request_date),
        eq(reservationSlots.slot_time_range, row.reservation_request_hour),
      ),
    );

export type NewReservation = Omit<ReservationValues, 'reservation_customer_email'> & {
  reservation_customer_email?: string | null | undefined;
};

/**
 * POST /reservations, and the micro-site's booking: in one transaction, the area (active, of the
 * mall), the date (within the area's dates, not past on the mall's clock), the slot (an entry of
 * the date's day, not started) and a place in it (`takePlace`); then the reservation, pending.
 */
export const createReservation = (
  db: Database,
  mall: Pick<Location, '_id' | 'location_meta'>,
  values: NewReservation,
  origin: { source: 'back-office' | 'micro-site'; customerId?: string | null; actor?: Acting },
  now = new Date(),
) =>
  db.transaction(async (tx) => {
    const area = await areaNamed(tx, mall._id, values, true);
    if (!area) throw invalidFields({ reservation_area: 'reservationAreaNotFound' });
    if (!area.reservation_area_is_active)
      throw invalidFields({ reservation_area: 'reservationAreaInactive' });
    const date = values.reservation_request_date;
    const range = values.reservation_request_hour;
    if (date < area.reservation_start_date || date > area.reservation_end_date)
      throw invalidFields({ reservation_request_date: 'reservationDateOutside' });
    const clock = mallClock(mall.location_meta.timezone, now);
    if (date < clock.date) throw invalidFields({ reservation_request_date: 'reservationDatePast' });
    const entry: ReservationAreaHour | undefined = area.reservation_area_hours_by_days.find(
      (hour) => hour.day === reservationDayOf(date) && hour.time_range === range,
    );
    if (!entry) throw invalidFields({ reservation_request_hour: 'reservationNoSuchHour' });
    if (slotStarted(clock, date, range))
      throw invalidFields({ reservation_request_hour: 'reservationDatePast' });
    await takePlace(tx, area._id, date, range, entry.max_reservation_number);
    const [row] = await tx
      .insert(reservations)
      .values({
        location_id: mall._id,
        reservation_area_id: area._id,
        customer_id: origin.customerId ?? null,
        reservation_customer_name: values.reservation_customer_name,
        reservation_customer_surname: values.reservation_customer_surname,
        reservation_customer_gender: values.reservation_customer_gender,
        reservation_customer_phone: values.reservation_customer_phone,
        reservation_customer_email: values.reservation_customer_email ?? null,
        reservation_note: values.reservation_note || null,
        reservation_total_person: values.reservation_total_person,
        reservation_request_date: date,
        reservation_request_hour: range,
        reservation_source: origin.source,
      })
      .returning();
    if (origin.actor)
      await audit(tx, origin.actor, {
        action: 'reservation.created',
        entity: 'reservation',
        entityId: row!._id,
        details: { reservation_area_name: area.reservation_area_name, date, range },
      });
    return toReservation(row!, area);
  });

/** What the customer is told when staff accept or reject a booking (transactional, in Turkish). */
/** A reservation's day as Turkish texts write it: 2026-11-28 → 28.11.2026. */
const trDate = (day: string) => day.split('-').reverse().join('.');

const statusSms: Partial<
  Record<ReservationStatus, (r: ReservationRow, area: string, mall: string) => string>
> = {
  accepted: (r, area, mall) =>
    `${mall}: ${area} için ${trDate(r.reservation_request_date)} ${r.reservation_request_hour} rezervasyonunuz onaylandı. Sizi bekliyoruz.`,
  rejected: (r, area, mall) =>
    `${mall}: ${area} için ${trDate(r.reservation_request_date)} ${r.reservation_request_hour} rezervasyon talebiniz ne yazık ki onaylanamadı.`,
  cancelled: (r, area, mall) =>
    `${mall}: ${area} için ${trDate(r.reservation_request_date)} ${r.reservation_request_hour} rezervasyonunuz iptal edildi.`,
};

/** The platform's SMS and mail senders (only `send` is used, so tests may hand in their own). */
export type Senders = {
  sms: Pick<SmsSender, 'send'>;
  mailer: Pick<Mailer, 'send'>;
};

/**
 * PUT /reservations/{id}/update-status (spec §4) and the customer's own cancellation: the row is
 * locked, the move checked against `reservationTransitions` (409 naming `reservation_status`), a
 * place given back when the reservation stops holding one, and the customer told by SMS in the
 * same transaction (the outbox keeps it with the change).
 */
export const updateReservationStatus = (
  db: Database,
  mall: Pick<Location, '_id' | 'location_name'>,
  id: string,
  status: ReservationStatus,
  context: { sms?: Senders['sms']; actor?: Acting; customerId?: string },
) =>
  db.transaction(async (tx) => {
    const row = await findReservation(tx, mall._id, id, true);
    if (!row || (context.customerId && row.customer_id !== context.customerId)) throw notFound();
    if (!reservationTransitions[row.reservation_status].includes(status))
      throw new AppError('CONFLICT', 409, { fields: { reservation_status: 'reservationStatusTransition' } });
    const [updated] = await tx
      .update(reservations)
      .set({ reservation_status: status })
      .where(eq(reservations._id, id))
      .returning();
    if (reservationHoldsPlace(row.reservation_status) && !reservationHoldsPlace(status))
      await releasePlace(tx, row);
    const [area] = await tx
      .select()
      .from(reservationAreas)
      .where(eq(reservationAreas._id, row.reservation_area_id));
    const words = statusSms[status];
    if (context.sms && words)
      await context.sms.send(
        {
          to: row.reservation_customer_phone,
          text: words(row, area!.reservation_area_name, mall.location_name),
        },
        { db: tx, mall: { locationId: mall._id, account: 'transactional' } },
      );
    if (context.actor)
      await audit(tx, context.actor, {
        action: 'reservation.status_changed',
        entity: 'reservation',
        entityId: id,
        details: { from: row.reservation_status, to: status },
      });
    return toReservation(updated!, area!);
  });

/** DELETE /reservations/{id}: gone, its place given back if it held one. */
export const deleteReservation = (db: Database, locationId: string, id: string, actor: Acting) =>
  db.transaction(async (tx) => {
    const row = await findReservation(tx, locationId, id, true);
    if (!row) throw notFound();
    if (reservationHoldsPlace(row.reservation_status)) await releasePlace(tx, row);
    await tx.delete(reservations).where(eq(reservations._id, id));
    await audit(tx, actor, {
      action: 'reservation.deleted',
      entity: 'reservation',
      entityId: id,
      details: { reservation_status: row.reservation_status },
    });
  });

/**
 * PUT /reservations/{id}/send-sms and /send-email (spec §7): a message to the reservation's
 * customer through the mall's transactional accounts when it has them (spec §3), else the
 * platform's SMS and mail (the outbox in development), recorded in the audit.
 * The SMS reads `title: text` and counts against the mall's SMS budget like every SMS its staff send;
 * the email is the staff's message mail, saying which reservation it is about, and needs the
 * reservation's email address (400 naming it).
 */
export const sendReservationMessage = (
  db: Database,
  mall: { _id: string; location_name: string },
  id: string,
  message:
    | { channel: 'sms'; title: string; text: string }
    | { channel: 'email'; title: string; text: string },
  context: { senders: Senders; smsBudget: SmsBudgetContext; actor: Acting },
) =>
  db.transaction(async (tx) => {
    const row = await findReservation(tx, mall._id, id);
    if (!row) throw notFound();
    let to: string;
    if (message.channel === 'sms') {
      to = row.reservation_customer_phone;
      await spendStaffSmsBudget(tx, context.smsBudget, mall._id);
      await context.senders.sms.send(
        { to, text: `${message.title}: ${message.text}` },
        { db: tx, mall: { locationId: mall._id, account: 'transactional' } },
      );
    } else {
      if (!row.reservation_customer_email) throw invalidFields({ email_title: 'reservationNoEmail' });
      to = row.reservation_customer_email;
      const when = `${trDate(row.reservation_request_date)} ${row.reservation_request_hour}`;
      await context.senders.mailer.send(
        staffMessageMail(to, {
          mall: mall.location_name,
          title: message.title,
          text: message.text,
          about: `Bu e-posta, ${mall.location_name} içindeki ${when} rezervasyonunuz hakkındadır.`,
        }),
        { db: tx, mall: { locationId: mall._id, account: 'transactional' } },
      );
    }
    await audit(tx, context.actor, {
      action: message.channel === 'sms' ? 'reservation.sms_sent' : 'reservation.email_sent',
      entity: 'reservation',
      entityId: id,
      details: { title: message.title },
    });
    return { sent: true as const, to };
  });

/** The micro-site's list of a customer's reservations, the latest date first. */
export const customerReservations = async (db: Database, locationId: string, customerId: string) =>
  toReservations(
    db,
    await db
      .select()
      .from(reservations)
      .where(and(reservationInMall(locationId), eq(reservations.customer_id, customerId)))
      .orderBy(
        sql`${reservations.reservation_request_date} desc`,
        sql`${reservations.reservation_request_hour} desc`,
      ),
  );
