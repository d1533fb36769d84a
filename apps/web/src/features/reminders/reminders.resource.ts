import type { ListQuery } from '@avlu/contracts';
import {
  displayPhone,
  type Reminder,
  type ReminderInput,
  type ReminderStatus,
  type ReminderUpdate,
  reminder,
  reminderInput,
} from '@avlu/contracts';
import type { TFunction } from 'i18next';
import { formatDate } from '../../lib/i18n/dates';
import { defineResource, type RequestSpec } from '../../lib/resource';

/** The list's query: a state and how many (GET /reminder?status&limit&page). */
export type ReminderQuery = ListQuery & { status: ReminderStatus };

/** The user's reminders: GET and POST /reminder, PUT /reminder/{id} (spec §7). */
export const reminders = defineResource<Reminder, ReminderInput, ReminderQuery, ReminderUpdate>({
  name: 'reminders',
  path: '/reminder',
  item: reminder,
  input: reminderInput,
  list: ({ status, pagination }): RequestSpec => ({
    method: 'GET',
    path: '/reminder',
    query: { status, limit: pagination.limit, page: pagination.currentPage },
  }),
  messages: { created: 'reminders:created', updated: false },
});

/** The due ones the popover shows, soonest first, and the next waiting ones. */
export const dueQuery: ReminderQuery = { status: 'due', pagination: { limit: 50, currentPage: 1 } };
export const upcomingQuery: ReminderQuery = { status: 'waiting', pagination: { limit: 5, currentPage: 1 } };

const personName = (name: string, surname: string, phone?: string) =>
  `${name} ${surname}`.trim() || (phone ? displayPhone(phone) : '');

/** What a reminder is about, as a link: the customer's detail, the reservation's, the lendings of the item. */
export type ReminderLink = { to: string; label: string };

export const reminderLinks = (row: Reminder, t: TFunction): ReminderLink[] => {
  const links: ReminderLink[] = [];
  if (row.reminder_customer_id && row.reminder_customer)
    links.push({
      to: `/customers/${row.reminder_customer_id}/detail`,
      label: t('reminders:link.customer', {
        name: personName(
          row.reminder_customer.customer_name,
          row.reminder_customer.customer_surname,
          row.reminder_customer.customer_phone,
        ),
      }),
    });
  if (row.reminder_reservation_id && row.reminder_reservation)
    links.push({
      to: `/reservation/${row.reminder_reservation_id}/detail`,
      label: t('reminders:link.reservation', {
        name: personName(
          row.reminder_reservation.reservation_customer_name,
          row.reminder_reservation.reservation_customer_surname,
        ),
        date: formatDate(`${row.reminder_reservation.reservation_request_date}T12:00:00Z`, {
          timezone: 'UTC',
        }),
        hour: row.reminder_reservation.reservation_request_hour,
      }),
    });
  if (row.reminder_lending_id && row.reminder_lending)
    links.push({
      to: `/lending/lended-customers?itemNo=${encodeURIComponent(row.reminder_lending.itemNo)}`,
      label: t('reminders:link.lending', {
        itemNo: row.reminder_lending.itemNo,
        itemName: row.reminder_lending.itemName,
        name: personName(row.reminder_lending.customer_name, row.reminder_lending.customer_surname),
      }),
    });
  return links;
};
