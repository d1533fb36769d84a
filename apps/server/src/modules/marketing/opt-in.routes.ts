import {
  idParams,
  optInConfirmInput,
  optInConfirmResult,
  optInStartInput,
  optInStartResult,
} from '@avlu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/app-deps';
import { locationOf } from '../../platform/request-context';
import { confirmOptIn, startOptIn } from './opt-in.service';

/**
 * Double opt-in (issue 16 #9): staff start one from the customer's page (the consents' subject);
 * the customer confirms on `/ext/customers/notification/validation` with the link's token and the
 * code. The confirmation needs no sign-in: the link's token and the code are the proof.
 */
export const optInRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  app.post(
    '/customer/profile/:id/opt-in',
    {
      config: { subject: 'modules:customers:customer-list', scope: 'location' },
      schema: {
        tags: ['customers'],
        summary:
          'Send the customer a link and a 4-digit code to confirm the SMS or email consent (double opt-in); a new one replaces the open one, not sooner than 180 s after it',
        params: idParams,
        body: optInStartInput,
        response: { 200: optInStartResult },
      },
    },
    (request) =>
      startOptIn(
        db,
        { sms: app.sms, mailer: app.mailer, config },
        {
          locationId: locationOf(request)._id,
          customerId: request.params.id,
          channel: request.body.channel,
          lang: 'tr',
          clientAddress: request.ip,
        },
      ),
  );
  app.post(
    '/ext/customers/notification/confirm',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['micro-site'],
        summary:
          'Confirm a consent asked for by link (notificationToken) with the code sent (notificationCode): recorded in the consent history with source “double opt-in”; 5 wrong tries spend the code, which lasts 24 hours',
        body: optInConfirmInput,
        response: { 200: optInConfirmResult },
      },
    },
    (request) => confirmOptIn(db, request.body, request.ip),
  );
};
