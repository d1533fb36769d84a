import {
  adminCreate,
  adminProfile,
  adminUpdate,
  idParams,
  listResponse,
  listSearchParams,
} from '@avlu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../platform/app-deps';
import { sortKeys } from '../../platform/db/list';
import { acting } from './acting';
import { createUser, deleteUser, getUser, listUsers, updateUser, userList } from './users.service';

const userListQuery = listSearchParams({
  orderBy: z.enum(sortKeys(userList)),
  // spec §7 GET /core/admin?noadmin=true: the users page leaves the system admins out.
  filter: {
    noadmin: z
      .enum(['true', 'false'])
      .transform((value) => value === 'true')
      .optional(),
  },
});
const config = { subject: 'modules:users:user-management' } as const;

/** Staff users (spec §2 /user/users, /user/new, /user/{name}/edit). */
export const userRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/core/admin',
    {
      config,
      schema: {
        tags: ['users'],
        summary: 'Users who share a mall with the caller',
        querystring: userListQuery,
        response: { 200: listResponse(adminProfile) },
      },
    },
    (request) => listUsers(db, request.query, acting(request).staff),
  );
  app.get(
    '/core/admin/:id',
    {
      config,
      schema: { tags: ['users'], summary: 'One user', params: idParams, response: { 200: adminProfile } },
    },
    (request) => getUser(db, request.params.id, acting(request).staff),
  );
  app.post(
    '/core/admin',
    {
      config,
      schema: {
        tags: ['users'],
        summary: 'New user with a first password',
        body: adminCreate,
        response: { 201: adminProfile },
      },
    },
    async (request, reply) => reply.code(201).send(await createUser(db, request.body, acting(request))),
  );
  app.put(
    '/core/admin/:id',
    {
      config,
      schema: {
        tags: ['users'],
        summary: 'Change a user’s name, role and malls',
        params: idParams,
        body: adminUpdate,
        response: { 200: adminProfile },
      },
    },
    (request) => updateUser(db, request.params.id, request.body, acting(request)),
  );
  app.delete(
    '/core/admin/:id',
    { config, schema: { tags: ['users'], summary: 'Delete a user (not oneself)', params: idParams } },
    async (request, reply) => {
      await deleteUser(db, request.params.id, acting(request));
      return reply.code(204).send();
    },
  );
};
