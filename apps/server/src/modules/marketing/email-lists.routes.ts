import {
  EMAIL_LIST_MAX_BYTES,
  emailList,
  emailListQuery,
  emailListUploadResult,
  idParams,
  listResponse,
} from '@avlu/contracts';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/app-deps';
import { readUploadedFormFileOptional } from '../../platform/files/upload';
import { locationOf } from '../../platform/request-context';
import { acting } from '../users/acting';
import {
  createEmailList,
  deleteEmailList,
  EMAIL_LIST_FILE_FIELD,
  EMAIL_LIST_NAME_FIELD,
  listEmailLists,
} from './email-lists.service';

/**
 * Spec §7 External lists (issue 16 #7): `POST /marketing/email-external-lists` (multipart
 * `list_name`, `list_file`), `GET` (limit, currentPage), `DELETE …/{id}`. Its own plugin, so
 * multipart is accepted by its upload only. The subject is the email notifications' (§6: the
 * email notifications and the external list share one).
 */
export const emailListRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  await app.register(multipart, {
    limits: { fileSize: EMAIL_LIST_MAX_BYTES, files: 1, fields: 1, parts: 2 },
  });
  const config = { subject: 'modules:marketing:email-notifications', scope: 'location' } as const;
  const tags = ['marketing'];
  app.get(
    '/marketing/email-external-lists',
    {
      config,
      schema: {
        tags,
        summary: 'One page of the mall’s external email lists, newest first, with their counts',
        querystring: emailListQuery,
        response: { 200: listResponse(emailList) },
      },
    },
    (request) => listEmailLists(db, locationOf(request)._id, request.query),
  );
  app.post(
    '/marketing/email-external-lists',
    {
      config,
      schema: {
        tags,
        summary:
          'New external email list from an xlsx (multipart `list_name`, `list_file`: addresses in column A, several in a cell separated by semicolons); invalid and duplicate addresses are reported with their rows',
        consumes: ['multipart/form-data'],
        response: { 201: emailListUploadResult },
      },
    },
    async (request, reply) => {
      const form = await readUploadedFormFileOptional(request, EMAIL_LIST_FILE_FIELD, [
        EMAIL_LIST_NAME_FIELD,
      ]);
      return reply
        .code(201)
        .send(await createEmailList(db, app.files, locationOf(request)._id, form, acting(request)));
    },
  );
  app.delete(
    '/marketing/email-external-lists/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Delete an external email list (409 while a notification names it)',
        params: idParams,
      },
    },
    async (request, reply) => {
      await deleteEmailList(db, locationOf(request)._id, request.params.id, acting(request));
      return reply.code(204).send();
    },
  );
};
