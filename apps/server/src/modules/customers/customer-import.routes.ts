import { CUSTOMER_IMPORT_MAX_BYTES, customerImportResult } from '@avlu/contracts';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/app-deps';
import { readUploadedFile } from '../../platform/files/upload';
import { locationOf } from '../../platform/request-context';
import { importCustomers } from './customers.import';

/** Its own plugin, so multipart is accepted by this route only (see platform/files). */
export const customerImportRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  await app.register(multipart, {
    limits: { fileSize: CUSTOMER_IMPORT_MAX_BYTES, files: 1, fields: 1, parts: 1 },
  });
  app.post(
    '/customer/import',
    {
      config: { subject: 'modules:customers:customer-list:customer-import', scope: 'location' },
      schema: {
        tags: ['customers'],
        summary:
          'Import customers from an xlsx (multipart field `customer_data`, first row the headers): counts of added and existing rows, and each refused row with its reason',
        consumes: ['multipart/form-data'],
        response: { 200: customerImportResult },
      },
    },
    async (request) => {
      const data = await readUploadedFile(request, 'customer_data');
      return importCustomers(db, data, { locationId: locationOf(request)._id, lang: request.lang, request });
    },
  );
};
