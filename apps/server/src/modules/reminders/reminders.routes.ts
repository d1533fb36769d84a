import {
  idParams,
  listResponse,
  reminder,
  reminderInput,
  reminderListQuery,
  reminderUpdate,
} from '@avlu/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/app-deps';
import { locationOf } from '../../platform/request-context';
import { acting } from '../users/acting';
import { createReminder, listReminders, type ReminderOwner, updateReminder } from './reminders.service';

/**
 * Every signed-in staff user of the mall keeps their own reminders, whatever their role: a reminder is
 * a personal note, no module's data, so the routes name no subject (like the store directory's
 * pickers); each call reads and writes only the caller's own reminders in that mall.
 */
const config = { scope: 'location' } as const;
const tags = ['reminders'];
const ownerOf = (request: FastifyRequest): ReminderOwner => ({
  locationId: locationOf(request)._id,
  adminId: acting(request).staff._id,
});

/** Spec §7 "Surveys, lending, reminders, QR", the reminder part (issue 17 #8). */
export const reminderRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/reminder',
    {
      config,
      schema: {
        tags,
        summary:
          'The signed-in user’s reminders in the mall, one page (open ones soonest first, done ones last done first); status=due is the top bar’s list, its total the count',
        querystring: reminderListQuery,
        response: { 200: listResponse(reminder) },
      },
    },
    (request) => listReminders(db, ownerOf(request), request.query),
  );
  app.post(
    '/reminder',
    {
      config,
      schema: {
        tags,
        summary:
          'New reminder of the signed-in user: a moment, a text, and optionally a customer, reservation or lending of the mall',
        body: reminderInput,
        response: { 201: reminder },
      },
    },
    async (request, reply) => reply.code(201).send(await createReminder(db, ownerOf(request), request.body)),
  );
  app.put(
    '/reminder/:id',
    {
      config,
      schema: {
        tags,
        summary:
          'Change one of the user’s reminders (the fields sent); reminder_done true marks it done, false opens it again',
        params: idParams,
        body: reminderUpdate,
        response: { 200: reminder },
      },
    },
    (request) => updateReminder(db, ownerOf(request), request.params.id, request.body),
  );
};
