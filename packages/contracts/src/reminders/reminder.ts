import { z } from 'zod';
import { objectId } from '../common/ids';
import { isoDateTime, multilineText } from '../common/text';

/**
 * Spec §7 "Surveys, lending, reminders, QR": `GET` and `POST /reminder`, `PUT /reminder/{id}`
 * (issue 17 #8). The spec shows no fields of a reminder (§3 "Reminder … not shown"); these follow the
 * field pattern of the other records. A reminder is a staff user's own note in one mall: a moment
 * (typed on the mall's clock, kept as an instant), a text, and optionally the customer, reservation
 * or lending of that mall it is about. It waits until its moment, is then due (a job moves it, and a
 * write whose moment has passed makes it due at once) and shows in the top bar until marked done.
 */
export const REMINDER_LIMITS = { text: 500, pageSize: 100 } as const;

/** waiting: its moment is ahead; due: the moment came (shown in the top bar); done: marked done. */
export const reminderStatuses = ['waiting', 'due', 'done'] as const;
export const reminderStatus = z.enum(reminderStatuses);
export type ReminderStatus = z.infer<typeof reminderStatus>;

const reminderText = multilineText().min(1, { message: 'validation.required' }).max(REMINDER_LIMITS.text);
/** A link to a record of the mall; null (or left out) for none. */
const link = objectId.nullable().optional();

/** `POST /reminder`. The links must name records of the same mall (else 400 naming the field). */
export const reminderInput = z.strictObject({
  reminder_date: isoDateTime(),
  reminder_text: reminderText,
  reminder_customer_id: link,
  reminder_reservation_id: link,
  reminder_lending_id: link,
});
export type ReminderInput = z.input<typeof reminderInput>;

/**
 * `PUT /reminder/{id}`: the fields sent change (an edit sends them all, 'mark done' only
 * `reminder_done`). `reminder_done: true` marks it done; `false` opens it again, waiting or due by
 * its moment. Moving the moment of an open reminder makes it waiting or due again by the new one.
 */
export const reminderUpdate = z.strictObject({
  reminder_date: isoDateTime().optional(),
  reminder_text: reminderText.optional(),
  reminder_customer_id: link,
  reminder_reservation_id: link,
  reminder_lending_id: link,
  reminder_done: z.boolean().optional(),
});
export type ReminderUpdate = z.input<typeof reminderUpdate>;

/** `GET /reminder`: the signed-in user's reminders in the mall; `status` narrows them (the top bar asks for `due`). */
export const reminderListQuery = z.strictObject({
  status: reminderStatus.optional(),
  limit: z.coerce.number().int().min(1).max(REMINDER_LIMITS.pageSize).default(10),
  page: z.coerce.number().int().min(1).default(1),
});
export type ReminderListQuery = z.input<typeof reminderListQuery>;

export const reminder = z.object({
  _id: objectId,
  reminder_date: z.string(),
  reminder_text: z.string(),
  reminder_status: reminderStatus,
  reminder_done_at: z.string().nullable(),
  reminder_customer_id: objectId.nullable(),
  reminder_reservation_id: objectId.nullable(),
  reminder_lending_id: objectId.nullable(),
  /** What the links name, for the list: the customer's name and phone. */
  reminder_customer: z
    .object({ customer_name: z.string(), customer_surname: z.string(), customer_phone: z.string() })
    .nullable(),
  /** The reservation's customer and its day and hour. */
  reminder_reservation: z
    .object({
      reservation_customer_name: z.string(),
      reservation_customer_surname: z.string(),
      reservation_request_date: z.string(),
      reservation_request_hour: z.string(),
    })
    .nullable(),
  /** The lent item and who has it. */
  reminder_lending: z
    .object({
      itemNo: z.string(),
      itemName: z.string(),
      customer_name: z.string(),
      customer_surname: z.string(),
    })
    .nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Reminder = z.infer<typeof reminder>;
