import { adminProfile, changePasswordBody, idParams, location, profileUpdate, role } from '@avlu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../platform/app-deps';
import { passwordAttemptContext } from './login-throttle.service';
import { changePassword, getProfile, updateProfile } from './profile.service';
import { getRoleFor, staffLocations } from './staff-access.service';

/** What every signed-in user may read and change of their own account (spec §7 Admin and core). */
export const accountRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  app.get(
    '/core/admin/profile',
    { schema: { tags: ['account'], summary: 'The signed-in user', response: { 200: adminProfile } } },
    (request) => getProfile(db, request.staff!._id),
  );
  app.put(
    '/core/admin/profile',
    {
      schema: {
        tags: ['account'],
        summary: 'Change one’s own profile',
        body: profileUpdate,
        response: { 200: adminProfile },
      },
    },
    (request) => updateProfile(db, app.files, request.staff!._id, request.body),
  );
  app.put(
    '/core/admin/password',
    {
      schema: {
        tags: ['account'],
        summary: 'Change one’s own password; the user’s other sessions end',
        body: changePasswordBody,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await changePassword(
        db,
        request.staff!,
        request.body,
        request,
        passwordAttemptContext(config, app.mailer, request),
      );
      return reply.code(204).send(null);
    },
  );
  app.get(
    '/core/role/:id',
    {
      schema: {
        tags: ['account'],
        summary: 'A role: one’s own, or any with the user-authorization module',
        params: idParams,
        response: { 200: role },
      },
    },
    (request) => getRoleFor(db, request.staff!, request.params.id),
  );
  app.get(
    '/core/location',
    {
      schema: {
        tags: ['account'],
        summary: 'The malls of the signed-in user, the first-linked first',
        response: { 200: z.array(location) },
      },
    },
    (request) => staffLocations(db, request.staff!),
  );
};
