import { forgetPasswordBody, resetPasswordBody } from '@avlu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../platform/app-deps';
import { AppError } from '../../platform/errors';
import { appBaseUrl } from '../../platform/links';
import { countResetRequest, resetPassword, sendPasswordReset } from './password-reset.service';

/**
 * Forgotten password (spec §2 /auth/forget-password, /auth/reset-password/{token}). The mail goes out
 * after the answer: answering only once it was sent would take longer for existing addresses than
 * for unknown ones, and the difference would tell which accounts exist.
 */
export const passwordResetRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  const pending = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled(pending);
  });

  app.post(
    '/core/auth/forget-password',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Mail a reset link; answers the same whether the address is known',
        body: forgetPasswordBody,
        response: { 200: z.object({}) },
      },
    },
    async (request) => {
      // Refusing a flooding client says nothing about any account, so this one may answer 429.
      if (await countResetRequest(db, request.ip)) throw new AppError('TOO_MANY_REQUESTS', 429);
      const work = sendPasswordReset(db, {
        email: request.body.admin_email,
        lang: request.lang,
        clientAddress: request.ip,
        baseUrl: appBaseUrl(config),
        mailer: app.mailer,
        log: request.log,
      })
        .catch((error: unknown) => request.log.error({ err: error }, 'password reset mail not sent'))
        .finally(() => pending.delete(work));
      pending.add(work);
      return {};
    },
  );
  app.post(
    '/core/auth/reset-password',
    {
      config: { auth: 'public' },
      schema: { tags: ['auth'], summary: 'Set a new password with a reset link', body: resetPasswordBody },
    },
    async (request, reply) => {
      await resetPassword(db, request.body, request);
      return reply.code(204).send();
    },
  );
};
