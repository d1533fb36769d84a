import type {
  ListResponse,
  Reminder,
  ReminderStatus,
  reminderInput,
  reminderListQuery,
  reminderUpdate,
} from '@avlu/contracts';
import { paginationOf } from '@avlu/contracts';
import { and, asc, desc, eq, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Database } from '../../platform/db/database';
import { invalidFields, notFound } from '../../platform/errors';
import { customers } from '../customers/customers.tables';
import { lendingItems, lendings } from '../lending/lending.tables';
import { reservations } from '../reservations/reservations.tables';
import { reminders } from './reminders.tables';

/** Whose reminders a call reads and writes: the signed-in user's, in the mall of the request. */
export type ReminderOwner = { locationId: string; adminId: string };

const owned = ({ locationId, adminId }: ReminderOwner) =>
  and(eq(reminders.location_id, locationId), eq(reminders.admin_id, adminId))!;

const lendingCustomer = alias(customers, 'lending_customer');

const fields = {
  _id: reminders._id,
  reminder_date: reminders.reminder_date,
  reminder_text: reminders.reminder_text,
  reminder_status: reminders.reminder_status,
  reminder_done_at: reminders.reminder_done_at,
  reminder_customer_id: reminders.reminder_customer_id,
  reminder_reservation_id: reminders.reminder_reservation_id,
  reminder_lending_id: reminders.reminder_lending_id,
  created_at: reminders.created_at,
  updated_at: reminders.updated_at,
  customer_name: customers.customer_name,
  customer_surname: customers.customer_surname,
  customer_phone: customers.customer_phone,
  reservation_customer_name: reservations.reservation_customer_name,
  reservation_customer_surname: reservations.reservation_customer_surname,
  reservation_request_date: reservations.reservation_request_date,
  reservation_request_hour: reservations.reservation_request_hour,
  itemNo: lendingItems.itemNo,
  itemName: lendingItems.itemName,
  lending_customer_name: lendingCustomer.customer_name,
  lending_customer_surname: lendingCustomer.customer_surname,
};

const rowsOf = (db: Database) =>
  db
    .select(fields)
    .from(reminders)
    .leftJoin(customers, eq(customers._id, reminders.reminder_customer_id))
    .leftJoin(reservations, eq(reservations._id, reminders.reminder_reservation_id))
    .leftJoin(lendings, eq(lendings._id, reminders.reminder_lending_id))
    .leftJoin(lendingItems, eq(lendingItems._id, lendings.lending_item_id))
    .leftJoin(lendingCustomer, eq(lendingCustomer._id, lendings.customer_id));

type Row = Awaited<ReturnType<ReturnType<typeof rowsOf>['where']>>[number];

const toReminder = (row: Row): Reminder => ({
  _id: row._id,
  reminder_date: row.reminder_date.toISOString(),
  reminder_text: row.reminder_text,
  reminder_status: row.reminder_status,
  reminder_done_at: row.reminder_done_at?.toISOString() ?? null,
  reminder_customer_id: row.reminder_customer_id,
  reminder_reservation_id: row.reminder_reservation_id,
  reminder_lending_id: row.reminder_lending_id,
  reminder_customer:
    row.reminder_customer_id && row.customer_phone !== null
      ? {
          customer_name: row.customer_name ?? '',
          customer_surname: row.customer_surname ?? '',
          customer_phone: row.customer_phone,
        }
      : null,
  reminder_reservation:
    row.reminder_reservation_id && row.reservation_request_date !== null
      ? {
          reservation_customer_name: row.reservation_customer_name ?? '',
          reservation_customer_surname: row.reservation_customer_surname ?? '',
          reservation_request_date: row.reservation_request_date,
          reservation_request_hour: row.reservation_request_hour ?? '',
        }
      : null,
  reminder_lending:
    row.reminder_lending_id && row.itemNo !== null
      ? {
          itemNo: row.itemNo,
          itemName: row.itemName ?? '',
          customer_name: row.lending_customer_name ?? '',
          customer_surname: row.lending_customer_surname ?? '',
        }
      : null,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

/**
 * GET /reminder: the user's reminders in the mall, one page; `status` narrows them. Open ones come
 * soonest first; done ones most recently done first. The total is the top bar's count.
 */
export const listReminders = async (
  db: Database,
  owner: ReminderOwner,
  query: z.output<typeof reminderListQuery>,
): Promise<ListResponse<Reminder>> => {
  const where = and(owned(owner), query.status ? eq(reminders.reminder_status, query.status) : undefined)!;
  const order =
    query.status === 'done'
      ? [desc(reminders.reminder_done_at), desc(reminders._id)]
      : [asc(reminders.reminder_date), asc(reminders._id)];
  const [rows, [counted]] = await Promise.all([
    rowsOf(db)
      .where(where)
      .orderBy(...order)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(reminders)
      .where(where),
  ]);
  return {
    data: rows.map(toReminder),
    pagination: paginationOf(counted!.count, { limit: query.limit, currentPage: query.page }),
  };
};

const readReminder = async (db: Database, owner: ReminderOwner, id: string) => {
  const [row] = await rowsOf(db).where(and(owned(owner), eq(reminders._id, id)));
  if (!row) throw notFound();
  return toReminder(row);
};

type Links = Partial<
  Record<'reminder_customer_id' | 'reminder_reservation_id' | 'reminder_lending_id', string | null>
>;

/**
 * Each link sent (and changed) must name a record of the mall: a live customer, a reservation, a
 * lending. Every wrong one is named at once (400); nothing is saved.
 */
const checkLinks = async (db: Database, locationId: string, links: Links, current?: Links) => {
  const changed = (key: keyof Links) => {
    const value = links[key];
    return value && value !== current?.[key] ? value : undefined;
  };
  const exists = async (
    where: SQL | undefined,
    table: typeof customers | typeof reservations | typeof lendings,
  ) => (await db.select({ _id: table._id }).from(table).where(where).limit(1)).length > 0;
  const problems: Record<string, string> = {};
  const customerId = changed('reminder_customer_id');
  if (
    customerId &&
    !(await exists(
      and(
        eq(customers._id, customerId),
        eq(customers.location_id, locationId),
        isNull(customers.customer_deletedAt),
      ),
      customers,
    ))
  )
    problems.reminder_customer_id = 'reminderCustomerUnknown';
  const reservationId = changed('reminder_reservation_id');
  if (
    reservationId &&
    !(await exists(
      and(eq(reservations._id, reservationId), eq(reservations.location_id, locationId)),
      reservations,
    ))
  )
    problems.reminder_reservation_id = 'reminderReservationUnknown';
  const lendingId = changed('reminder_lending_id');
  if (
    lendingId &&
    !(await exists(and(eq(lendings._id, lendingId), eq(lendings.location_id, locationId)), lendings))
  )
    problems.reminder_lending_id = 'reminderLendingUnknown';
  if (Object.keys(problems).length > 0) throw invalidFields(problems);
};

/** An open reminder's state by its moment: due once the moment has come. */
const openStatus = (date: Date, now: Date): ReminderStatus => (date <= now ? 'due' : 'waiting');

/** POST /reminder: a reminder of the signed-in user in the mall; due at once when its moment has passed. */
export const createReminder = (
  db: Database,
  owner: ReminderOwner,
  input: z.output<typeof reminderInput>,
  now = new Date(),
) =>
  db.transaction(async (tx) => {
    await checkLinks(tx, owner.locationId, input);
    const date = new Date(input.reminder_date);
    const [row] = await tx
      .insert(reminders)
      .values({
        location_id: owner.locationId,
        admin_id: owner.adminId,
        reminder_date: date,
        reminder_text: input.reminder_text,
        reminder_status: openStatus(date, now),
        reminder_customer_id: input.reminder_customer_id ?? null,
        reminder_reservation_id: input.reminder_reservation_id ?? null,
        reminder_lending_id: input.reminder_lending_id ?? null,
      })
      .returning({ _id: reminders._id });
    return readReminder(tx, owner, row!._id);
  });

/**
 * PUT /reminder/{id}: changes the fields sent. `reminder_done` true marks it done (kept done however
 * its moment moves); false opens it again. An open reminder is waiting or due by its (new) moment.
 * Another user's or another mall's reminder is not found (404).
 */
export const updateReminder = (
  db: Database,
  owner: ReminderOwner,
  id: string,
  input: z.output<typeof reminderUpdate>,
  now = new Date(),
) =>
  db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(reminders)
      .where(and(owned(owner), eq(reminders._id, id)))
      .for('update');
    if (!current) throw notFound();
    await checkLinks(tx, owner.locationId, input, current);
    const date = input.reminder_date ? new Date(input.reminder_date) : current.reminder_date;
    const done = input.reminder_done ?? current.reminder_status === 'done';
    await tx
      .update(reminders)
      .set({
        reminder_date: date,
        ...(input.reminder_text !== undefined && { reminder_text: input.reminder_text }),
        ...(input.reminder_customer_id !== undefined && { reminder_customer_id: input.reminder_customer_id }),
        ...(input.reminder_reservation_id !== undefined && {
          reminder_reservation_id: input.reminder_reservation_id,
        }),
        ...(input.reminder_lending_id !== undefined && { reminder_lending_id: input.reminder_lending_id }),
        reminder_status: done ? 'done' : openStatus(date, now),
        reminder_done_at: done ? (current.reminder_done_at ?? now) : null,
      })
      .where(eq(reminders._id, id));
    return readReminder(tx, owner, id);
  });

/**
 * The job's step: every waiting reminder whose moment has come becomes due, whoever's and whatever
 * mall's, however long the server was down. Idempotent: a due or done reminder is not touched again,
 * and a reminder marked done meanwhile is left done (the update's condition is checked again on the
 * row it waited for). Answers how many became due.
 */
export const makeRemindersDue = async (db: Database, now = new Date()): Promise<number> => {
  const changed = await db
    .update(reminders)
    .set({ reminder_status: 'due' })
    .where(and(eq(reminders.reminder_status, 'waiting'), lte(reminders.reminder_date, now)))
    .returning({ _id: reminders._id });
  return changed.length;
};
