import {
  AGREEMENT_PDF_MAX_BYTES,
  agreement,
  agreementInput,
  agreementInUseInput,
  agreementListQuery,
  agreementPdfUpload,
  idParams,
  listResponse,
} from '@avlu/contracts';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/app-deps';
import { readUploadedFile } from '../../platform/files/upload';
import { locationOf } from '../../platform/request-context';
import { acting } from '../users/acting';
import {
  createAgreement,
  getAgreement,
  listAgreements,
  removeAgreement,
  saveAgreementPdf,
  setAgreementInUse,
} from './agreements.admin';

const manage = { subject: 'modules:agreements', scope: 'location' } as const;
const tags = ['agreements'];
const mall = (request: FastifyRequest) => locationOf(request)._id;

/**
 * Spec §7 "Admin and core": the mall's agreement texts. Its own plugin, so multipart is accepted by
 * the PDF upload only.
 */
export const agreementRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  await app.register(multipart, {
    limits: { fileSize: AGREEMENT_PDF_MAX_BYTES, files: 1, fields: 0, parts: 1 },
  });
  app.get(
    '/core/agreement',
    {
      config: manage,
      schema: {
        tags,
        summary: 'One page of the mall’s agreements, every version (type, target and in-use filters)',
        querystring: agreementListQuery,
        response: { 200: listResponse(agreement) },
      },
    },
    (request) => listAgreements(db, mall(request), request.query),
  );
  app.post(
    '/core/agreement',
    {
      config: manage,
      schema: {
        tags,
        summary:
          'New agreement text, a new version; put in use, it takes the place of the text of its type and target in use',
        body: agreementInput,
        response: { 201: agreement },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createAgreement(db, app.files, mall(request), request.body, acting(request))),
  );
  app.post(
    '/core/agreement/pdf',
    {
      config: manage,
      schema: {
        tags,
        summary:
          'Upload an agreement’s PDF text (multipart field `file`, at most 10 MB, checked by its bytes)',
        consumes: ['multipart/form-data'],
        response: { 201: agreementPdfUpload },
      },
    },
    async (request, reply) => {
      const data = await readUploadedFile(request, 'file');
      return reply
        .code(201)
        .send(await saveAgreementPdf(db, app.files, data, `admin:${acting(request).staff._id}`));
    },
  );
  app.get(
    '/core/agreement/:id',
    {
      config: manage,
      schema: { tags, summary: 'One agreement', params: idParams, response: { 200: agreement } },
    },
    (request) => getAgreement(db, mall(request), request.params.id),
  );
  app.delete(
    '/core/agreement/:id',
    {
      config: manage,
      schema: {
        tags,
        summary:
          'Remove an agreement from the list and from use; its version stays for the consents naming it',
        params: idParams,
      },
    },
    async (request, reply) => {
      await removeAgreement(db, mall(request), request.params.id, acting(request));
      return reply.code(204).send();
    },
  );
  app.patch(
    '/agreement/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Put an agreement in use (the text of its type and target in use leaves it) or out of use',
        params: idParams,
        body: agreementInUseInput,
        response: { 200: agreement },
      },
    },
    (request) =>
      setAgreementInUse(db, mall(request), request.params.id, request.body.agreement_in_use, acting(request)),
  );
};
