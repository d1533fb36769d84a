import {
  agreement,
  channel,
  customer,
  customerEntryCheck,
  customerEntryCheckBody,
  customerEntryRegisterBody,
  customerEntryRegistered,
  customerEntryUpdateBody,
  idParams,
} from '@avlu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../platform/app-deps';
import { locationOf } from '../../platform/request-context';
import { entryKvkkNotice } from '../agreements/agreements.service';
import { getChannel, listEntryChannels } from '../channels/channels.service';
import { checkEntry, registerCustomer, updateEntryCustomer } from './customer-entry.service';

/** Spec §6: the registration desk pages (/registration/customer). */
const registration = {
  subject: 'modules:customer-registration:customer-registration',
  scope: 'location',
} as const;
const tags = ['customer registration'];

export const customerEntryRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/customer-entry/channels',
    {
      config: registration,
      schema: {
        tags,
        summary: 'The mall’s channels open for registration at the desk (status on, data entry on)',
        response: { 200: z.array(channel) },
      },
    },
    (request) => listEntryChannels(db, locationOf(request)._id),
  );
  app.get(
    '/customer/channel/:id',
    {
      config: registration,
      schema: {
        tags,
        summary: 'A channel of the mall as the registration pages show it (404 for another mall’s)',
        params: idParams,
        response: { 200: channel },
      },
    },
    (request) => getChannel(db, locationOf(request)._id, request.params.id),
  );
  app.get(
    '/customer-entry/kvkk',
    {
      config: registration,
      schema: {
        tags,
        summary:
          'The mall’s KVKK notice in use (type kvkk, target mobileapp), for the desk to read to the customer before they consent; 404 AGREEMENT_NOT_FOUND without one',
        response: { 200: agreement },
      },
    },
    (request) => entryKvkkNotice(db, locationOf(request)._id),
  );
  app.post(
    '/customer-entry/check',
    {
      config: registration,
      schema: {
        tags,
        summary: 'Whether a phone is a customer of the mall, asked through an open data-entry channel',
        body: customerEntryCheckBody,
        response: { 200: customerEntryCheck },
      },
    },
    (request) => checkEntry(db, locationOf(request), request.body),
  );
  app.post(
    '/customer-entry/register',
    {
      config: registration,
      schema: {
        tags,
        summary:
          'Register a customer at the desk with the consents given (KVKK required); a deleted, not yet erased customer with the phone comes back',
        body: customerEntryRegisterBody,
        response: { 201: customerEntryRegistered },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await registerCustomer(db, locationOf(request), request.body, request)),
  );
  app.post(
    '/customer-entry/update/:id',
    {
      config: registration,
      schema: {
        tags,
        summary: 'Correct a customer’s profile and consents at the desk',
        params: idParams,
        body: customerEntryUpdateBody,
        response: { 200: customer },
      },
    },
    (request) => updateEntryCustomer(db, locationOf(request), request.params.id, request.body, request),
  );
};
