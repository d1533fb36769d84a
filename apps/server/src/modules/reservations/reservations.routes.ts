import {
  customerReservation,
  idParams,
  listResponse,
  publicReservationArea,
  reservation,
  reservationArea,
  reservationAreaInput,
  reservationAreaListQuery,
  reservationBookingInput,
  reservationEmailInput,
  reservationInput,
  reservationListQuery,
  reservationMessageSent,
  reservationSmsInput,
  reservationStatusInput,
  reservationValidDates,
  reservationValidDatesQuery,
} from '@avlu/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../platform/app-deps';
import { invalidFields, notFound } from '../../platform/errors';
import { locationOf } from '../../platform/request-context';
import { customers } from '../customers/customers.tables';
import { customerOf, customerSessionHeaders, microSiteMallOf } from '../micro-site/micro-site-auth';
import { acting } from '../users/acting';
import {
  activeAreas,
  createReservation,
  createReservationArea,
  customerReservations,
  deleteReservation,
  deleteReservationArea,
  getReservation,
  getReservationArea,
  listReservationAreas,
  listReservations,
  sendReservationMessage,
  updateReservationArea,
  updateReservationStatus,
  reservationValidDates as validDates,
} from './reservations.service';

/** Every staff call is the reservation module's (spec §6 `modules:reservation`), inside one mall. */
const config = { subject: 'modules:reservation', scope: 'location' } as const;
const tags = ['reservations'];
const mallId = (request: FastifyRequest) => locationOf(request)._id;

/** Spec §7 "Reservations" (issue 17 #1, #2): areas, valid dates, reservations, statuses and messages. */
export const reservationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config: appConfig }) => {
  const senders = { sms: app.sms, mailer: app.mailer };
  const messageContext = (request: FastifyRequest) => ({
    senders,
    smsBudget: { config: appConfig.sms, log: request.log },
    actor: acting(request),
  });

  app.get(
    '/reservation-areas',
    {
      config,
      schema: {
        tags,
        summary:
          'Reservation areas: every one with showAll=true (pickers), else one page; reservation_area_is_active narrows it',
        querystring: reservationAreaListQuery,
        response: { 200: z.union([z.array(reservationArea), listResponse(reservationArea)]) },
      },
    },
    (request) => listReservationAreas(db, mallId(request), request.query),
  );
  app.get(
    '/reservation-areas/valid-dates',
    {
      config,
      schema: {
        tags,
        summary:
          'The dates and time ranges an active area still has room on (from today, on the mall’s clock), with the places left',
        querystring: reservationValidDatesQuery,
        response: { 200: reservationValidDates },
      },
    },
    (request) => validDates(db, locationOf(request), request.query),
  );
  app.post(
    '/reservation-areas',
    {
      config,
      schema: {
        tags,
        summary: 'New reservation area',
        body: reservationAreaInput,
        response: { 201: reservationArea },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createReservationArea(db, mallId(request), request.body, acting(request))),
  );
  app.get(
    '/reservation-areas/:id',
    {
      config,
      schema: { tags, summary: 'One reservation area', params: idParams, response: { 200: reservationArea } },
    },
    (request) => getReservationArea(db, mallId(request), request.params.id),
  );
  app.put(
    '/reservation-areas/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Change a reservation area (every field again: active flag, dates, hours by days…)',
        params: idParams,
        body: reservationAreaInput,
        response: { 200: reservationArea },
      },
    },
    (request) => updateReservationArea(db, mallId(request), request.params.id, request.body, acting(request)),
  );
  app.delete(
    '/reservation-areas/:id',
    { config, schema: { tags, summary: 'Delete a reservation area without reservations', params: idParams } },
    async (request, reply) => {
      await deleteReservationArea(db, mallId(request), request.params.id, acting(request));
      return reply.code(204).send();
    },
  );

  app.get(
    '/reservations',
    {
      config,
      schema: {
        tags,
        summary:
          'One page of reservations (keyword: name, surname, phone, email; status, area and date filters)',
        querystring: reservationListQuery,
        response: { 200: listResponse(reservation) },
      },
    },
    (request) => listReservations(db, mallId(request), request.query),
  );
  app.post(
    '/reservations',
    {
      config,
      schema: {
        tags,
        summary:
          'New reservation, pending: takes a place of its slot (409 naming reservation_request_hour when full)',
        body: reservationInput,
        response: { 201: reservation },
      },
    },
    async (request, reply) =>
      reply.code(201).send(
        await createReservation(db, locationOf(request), request.body, {
          source: 'back-office',
          actor: acting(request),
        }),
      ),
  );
  app.get(
    '/reservations/:id',
    {
      config,
      schema: { tags, summary: 'One reservation', params: idParams, response: { 200: reservation } },
    },
    (request) => getReservation(db, mallId(request), request.params.id),
  );
  app.delete(
    '/reservations/:id',
    { config, schema: { tags, summary: 'Delete a reservation (its place is given back)', params: idParams } },
    async (request, reply) => {
      await deleteReservation(db, mallId(request), request.params.id, acting(request));
      return reply.code(204).send();
    },
  );
  app.put(
    '/reservations/:id/update-status',
    {
      config,
      schema: {
        tags,
        summary:
          'Accept, reject or cancel a reservation (pending → accepted, rejected, cancelled; accepted → cancelled); the customer gets an SMS',
        params: idParams,
        body: reservationStatusInput,
        response: { 200: reservation },
      },
    },
    (request) =>
      updateReservationStatus(db, locationOf(request), request.params.id, request.body.reservation_status, {
        sms: app.sms,
        actor: acting(request),
      }),
  );
  app.put(
    '/reservations/:id/send-sms',
    {
      config,
      schema: {
        tags,
        summary: 'Send the reservation’s customer an SMS',
        params: idParams,
        body: reservationSmsInput,
        response: { 200: reservationMessageSent },
      },
    },
    (request) =>
      sendReservationMessage(
        db,
        locationOf(request),
        request.params.id,
        { channel: 'sms', title: request.body.sms_title, text: request.body.sms_text },
        messageContext(request),
      ),
  );
  app.put(
    '/reservations/:id/send-email',
    {
      config,
      schema: {
        tags,
        summary: 'Send the reservation’s customer an email',
        params: idParams,
        body: reservationEmailInput,
        response: { 200: reservationMessageSent },
      },
    },
    (request) =>
      sendReservationMessage(
        db,
        locationOf(request),
        request.params.id,
        { channel: 'email', title: request.body.email_title, text: request.body.email_text },
        messageContext(request),
      ),
  );

  // ——— the micro-site (issue 17 #9): the mall's token; booking and one's reservations need the customer ———
  const micro = { tags: ['micro-site'] };
  app.get(
    '/ext/reservation-areas',
    {
      config: { auth: 'micro-site' },
      schema: {
        ...micro,
        summary: 'The mall’s active reservation areas',
        response: { 200: z.array(publicReservationArea) },
      },
    },
    (request) => activeAreas(db, microSiteMallOf(request)._id),
  );
  app.get(
    '/ext/reservation-areas/valid-dates',
    {
      config: { auth: 'micro-site' },
      schema: {
        ...micro,
        summary: 'The dates and time ranges an active area still has room on',
        querystring: reservationValidDatesQuery,
        response: { 200: reservationValidDates },
      },
    },
    (request) => validDates(db, microSiteMallOf(request), request.query),
  );
  app.get(
    '/ext/app/customers/reservations',
    {
      config: { auth: 'customer' },
      schema: {
        ...micro,
        headers: customerSessionHeaders,
        summary: 'The signed-in customer’s reservations, the latest date first',
        response: { 200: z.array(customerReservation) },
      },
    },
    async (request) => customerReservations(db, microSiteMallOf(request)._id, customerOf(request)._id),
  );
  app.post(
    '/ext/app/customers/reservations',
    {
      config: { auth: 'customer' },
      schema: {
        ...micro,
        headers: customerSessionHeaders,
        summary: 'Book a place for the signed-in customer (name, phone and email from the profile), pending',
        body: reservationBookingInput,
        response: { 201: customerReservation },
      },
    },
    async (request, reply) => {
      const mall = microSiteMallOf(request);
      const [customer] = await db
        .select()
        .from(customers)
        .where(
          and(
            eq(customers._id, customerOf(request)._id),
            eq(customers.location_id, mall._id),
            isNull(customers.customer_deletedAt),
          ),
        );
      if (!customer) throw notFound();
      if (!customer.customer_name || !customer.customer_surname)
        throw invalidFields({ reservation_customer_name: 'required' });
      const created = await createReservation(
        db,
        mall,
        {
          ...request.body,
          reservation_customer_name: customer.customer_name,
          reservation_customer_surname: customer.customer_surname,
          reservation_customer_gender: customer.customer_gender,
          reservation_customer_phone: customer.customer_phone,
          reservation_customer_email: customer.customer_email,
          reservation_note: request.body.reservation_note ?? null,
        },
        { source: 'micro-site', customerId: customer._id },
      );
      return reply.code(201).send(created);
    },
  );
  app.post(
    '/ext/app/customers/reservations/:id/cancel',
    {
      config: { auth: 'customer' },
      schema: {
        ...micro,
        headers: customerSessionHeaders,
        params: idParams,
        summary: 'Cancel one of the signed-in customer’s pending or accepted reservations',
        response: { 200: customerReservation },
      },
    },
    (request) =>
      updateReservationStatus(db, microSiteMallOf(request), request.params.id, 'cancelled', {
        customerId: customerOf(request)._id,
      }),
  );
};
