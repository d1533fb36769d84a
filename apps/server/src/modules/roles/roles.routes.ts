import { idParams, listResponse, listSearchParams, permissionTree, role, roleInput } from '@avlu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../platform/app-deps';
import { forbidden } from '../../platform/auth/access-errors';
import { sortKeys } from '../../platform/db/list';
import { acting } from '../users/acting';
import { createRole, deleteRole, listRoles, roleList, updateRole } from './roles.service';

const roleListQuery = listSearchParams({ orderBy: z.enum(sortKeys(roleList)) });
const config = { subject: 'modules:users:user-authorization' } as const;
const ROLE_READERS = [
  'modules:users:user-authorization',
  'modules:users:user-invitation',
  'modules:users:user-management',
] as const;

/** Role CRUD and the permission tree (spec §6, §7). GET /core/role/{id} belongs to the auth module. */
export const roleRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/core/role/tree-data',
    { config, schema: { tags: ['roles'], summary: 'The permission tree a role is ticked from' } },
    () => permissionTree,
  );
  app.get(
    '/core/role',
    {
      // The role pickers of the invitation and user forms read this list too, so any of the three
      // user modules may (checked below); the hook checks one subject per route.
      config: {},
      schema: {
        tags: ['roles'],
        summary: 'Roles (for role editors and the role pickers of users and invitations)',
        querystring: roleListQuery,
        response: { 200: listResponse(role) },
      },
    },
    (request) => {
      const { staff } = acting(request);
      if (!ROLE_READERS.some((subject) => staff.subjects.has(subject))) throw forbidden();
      return listRoles(db, request.query, staff);
    },
  );
  app.post(
    '/core/role',
    { config, schema: { tags: ['roles'], summary: 'New role', body: roleInput, response: { 201: role } } },
    async (request, reply) =>
      reply.code(201).send(await createRole(db, request.body, acting(request), request.locationId)),
  );
  app.put(
    '/core/role/:id',
    {
      config,
      schema: {
        tags: ['roles'],
        summary: 'Change a role',
        params: idParams,
        body: roleInput,
        response: { 200: role },
      },
    },
    (request) => updateRole(db, request.params.id, request.body, acting(request)),
  );
  app.delete(
    '/core/role/:id',
    {
      config,
      schema: { tags: ['roles'], summary: 'Delete a role nobody holds or is invited to', params: idParams },
    },
    async (request, reply) => {
      await deleteRole(db, request.params.id, acting(request));
      return reply.code(204).send();
    },
  );
};
