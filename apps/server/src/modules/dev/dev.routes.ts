import { customerPhone, outboxMessage } from '@avlu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../platform/app-deps';
import { listSmsOutbox } from './dev-outbox.service';

export const OUTBOX_DEFAULT_LIMIT = 20;
export const OUTBOX_MAX_LIMIT = 100;

/** `to`: a phone in any common writing ('0532 123 45 67', '+90…'), compared in E.164. */
const outboxQuery = z.strictObject({
  to: customerPhone.optional(),
  limit: z.coerce.number().int().min(1).max(OUTBOX_MAX_LIMIT).default(OUTBOX_DEFAULT_LIMIT),
});

/**
 * Development helpers, registered only while their driver is the development one: with the SMS
 * outbox (no SMS_GATEWAY_URL) the system admin can read the SMS "sent", sign-in codes included, so
 * the micro-site can be tried without a phone. With a real gateway, or in production (NODE_ENV), the
 * route does not exist (404): no one reads customers' sign-in codes on a live server.
 */
export const devRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  if (app.sms.kind !== 'outbox' || config.production) return;
  app.get(
    '/dev/outbox',
    {
      config: { subject: 'system-admin' },
      schema: {
        tags: ['dev'],
        summary: 'SMS stored by the development outbox (no SMS gateway configured), newest first',
        querystring: outboxQuery,
        response: { 200: z.array(outboxMessage) },
      },
    },
    (request) => listSmsOutbox(db, request.query),
  );
};
