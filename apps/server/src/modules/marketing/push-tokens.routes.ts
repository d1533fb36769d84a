import { pushTokenInput, pushTokenRemoval, pushTokenResult } from '@avlu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/app-deps';
import { customerOf, customerSessionHeaders, microSiteMallOf } from '../micro-site/micro-site-auth';
import { registerPushToken, removePushToken } from './push-tokens.service';

/** The app's device token (issue 16 #4), with the customer's micro-site session. */
export const pushTokenRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  const config = { auth: 'customer' } as const;
  const tags = ['micro-site'];
  app.put(
    '/ext/app/customers/push-token',
    {
      config,
      schema: {
        tags,
        headers: customerSessionHeaders,
        summary:
          'Register the signed-in customer’s device token for push notifications (again: refreshed; a token of another customer of the mall moves to this one)',
        body: pushTokenInput,
        response: { 200: pushTokenResult },
      },
    },
    (request) => registerPushToken(db, microSiteMallOf(request)._id, customerOf(request)._id, request.body),
  );
  app.delete(
    '/ext/app/customers/push-token',
    {
      config,
      schema: {
        tags,
        headers: customerSessionHeaders,
        summary: 'Forget one of the signed-in customer’s device tokens (sign-out in the app)',
        body: pushTokenRemoval,
        response: { 200: pushTokenResult },
      },
    },
    (request) =>
      removePushToken(db, microSiteMallOf(request)._id, customerOf(request)._id, request.body.push_token),
  );
};
