import {
  idParams,
  invitation,
  invitationInput,
  invitationPreview,
  listResponse,
  listSearchParams,
  registerBody,
  tokenParams,
  tokenResponse,
} from '@avlu/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../platform/app-deps';
import { sortKeys } from '../../platform/db/list';
import { appBaseUrl } from '../../platform/links';
import { locationOf } from '../../platform/request-context';
import { acting } from '../users/acting';
import {
  createInvitation,
  deleteInvitation,
  invitationList,
  listInvitations,
  previewInvitation,
  registerByInvitation,
  resendInvitation,
} from './invitations.service';

const invitationListQuery = listSearchParams({ orderBy: z.enum(sortKeys(invitationList)) });
const config = { subject: 'modules:users:user-invitation' } as const;

/** Invitations (spec §2 /user/invitations) and the public register-by-invitation calls. */
export const invitationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config: appConfig }) => {
  const mailOf = (request: FastifyRequest) => ({
    mailer: app.mailer,
    baseUrl: appBaseUrl(appConfig),
    log: request.log,
  });

  app.get(
    '/core/admin-invites',
    {
      config,
      schema: {
        tags: ['invitations'],
        summary: 'Invitations to the caller’s malls',
        querystring: invitationListQuery,
        response: { 200: listResponse(invitation) },
      },
    },
    (request) => listInvitations(db, request.query, acting(request).staff),
  );
  app.post(
    '/core/admin-invites',
    {
      // The mall of the call is the default for the invitation's malls.
      config: { ...config, scope: 'location' },
      schema: {
        tags: ['invitations'],
        summary: 'Invite someone by email with a role',
        body: invitationInput,
        response: { 201: invitation },
      },
    },
    async (request, reply) => {
      const created = await createInvitation(
        db,
        request.body,
        acting(request),
        locationOf(request)._id,
        mailOf(request),
      );
      return reply.code(201).send(created);
    },
  );
  app.post(
    '/core/admin-invites/resend/:id',
    {
      config,
      schema: {
        tags: ['invitations'],
        summary: 'A new link, mailed again',
        params: idParams,
        response: { 200: invitation },
      },
    },
    (request) => resendInvitation(db, request.params.id, acting(request), mailOf(request)),
  );
  app.delete(
    '/core/admin-invites/:id',
    { config, schema: { tags: ['invitations'], summary: 'Withdraw an invitation', params: idParams } },
    async (request, reply) => {
      await deleteInvitation(db, request.params.id, acting(request));
      return reply.code(204).send();
    },
  );

  app.get(
    '/core/auth/invitation/:token',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Whom an invitation link is for',
        params: tokenParams,
        response: { 200: invitationPreview },
      },
    },
    (request) => previewInvitation(db, request.params.token),
  );
  app.post(
    '/core/auth/register',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Become a user by invitation; answers a session',
        body: registerBody,
        response: { 200: tokenResponse },
      },
    },
    (request) => registerByInvitation(db, request.body, request),
  );
};
