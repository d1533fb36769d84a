import { loginBody, tokenResponse, unlockAccountBody } from '@avlu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../platform/app-deps';
import { audit } from '../../platform/audit';
import { login } from './login.service';
import { passwordAttemptContext, unlockAccount } from './login-throttle.service';
import { revokeSession } from './sessions.service';

/** Signing in and out (spec §7 Auth). */
export const authRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  app.post(
    '/core/auth/login',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in: a bearer token for 12 hours, or 30 days with remember',
        body: loginBody,
        response: { 200: tokenResponse },
      },
    },
    (request) => login(db, request.body, request, passwordAttemptContext(config, app.mailer, request)),
  );
  app.post(
    '/core/auth/unlock',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Unlock an account locked after many failed sign-ins, with the mailed link',
        body: unlockAccountBody,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await unlockAccount(db, request.body.token, request);
      return reply.code(204).send(null);
    },
  );
  app.post(
    '/core/auth/logout',
    {
      schema: { tags: ['auth'], summary: 'Sign out: the token stops working', response: { 204: z.null() } },
    },
    async (request, reply) => {
      const staff = request.staff!;
      await revokeSession(db, staff.sessionId);
      await audit(db, request, { action: 'auth.logout', entity: 'admin', entityId: staff._id });
      return reply.code(204).send(null);
    },
  );
};
