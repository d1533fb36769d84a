import {
  idParams,
  listResponse,
  microSiteStore,
  STORE_IMPORT_MAX_BYTES,
  store,
  storeCategory,
  storeCategoryInput,
  storeCategoryListQuery,
  storeExportBody,
  storeFilterQuery,
  storeImportResult,
  storeInput,
  storeListQuery,
} from '@avlu/contracts';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../platform/app-deps';
import { readUploadedFile } from '../../platform/files/upload';
import { locationOf } from '../../platform/request-context';
import { microSiteMallOf } from '../micro-site/micro-site-auth';
import { acting } from '../users/acting';
import { exportStores } from './stores.export';
import { importStores, STORE_IMPORT_FIELD } from './stores.import';
import {
  createStore,
  createStoreCategory,
  deleteStore,
  deleteStoreCategory,
  getStore,
  getStoreCategory,
  listStoreCategories,
  listStores,
  microSiteStores,
  updateStore,
  updateStoreCategory,
} from './stores.service';

/**
 * Any signed-in staff of the mall reads the directory: the pickers of campaigns, coupon providers,
 * receipts, point providers and reservation areas use it, whatever module the role holds.
 */
const read = { scope: 'location' } as const;
/** Managing the directory is the system admin's, like the other Ayarlar (settings) screens. */
const manage = { subject: 'system-admin', scope: 'location' } as const;
const tags = ['stores'];
const mall = (request: FastifyRequest) => locationOf(request)._id;

/** The mall's store directory (issue 13 #1): categories and stores, and the micro-site's list. */
export const storeRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/data/stores',
    {
      config: read,
      schema: {
        tags,
        summary:
          'The mall’s stores: every one with showAll=true (pickers; store_is_active and store_category_id narrow it), else one page',
        querystring: storeListQuery,
        response: { 200: z.union([z.array(store), listResponse(store)]) },
      },
    },
    (request) => listStores(db, mall(request), request.query),
  );
  app.post(
    '/data/stores/filter',
    {
      config: manage,
      schema: {
        tags,
        summary: 'One page of the store list (keyword, category and active filters, order)',
        body: storeFilterQuery,
        response: { 200: listResponse(store) },
      },
    },
    async (request) => {
      const page = await listStores(db, mall(request), request.body);
      return page as Exclude<typeof page, unknown[]>;
    },
  );
  app.post(
    '/data/stores',
    {
      config: manage,
      schema: { tags, summary: 'New store', body: storeInput, response: { 201: store } },
    },
    async (request, reply) =>
      reply.code(201).send(await createStore(db, app.files, mall(request), request.body, acting(request))),
  );
  app.get(
    '/data/stores/:id',
    { config: manage, schema: { tags, summary: 'One store', params: idParams, response: { 200: store } } },
    (request) => getStore(db, mall(request), request.params.id),
  );
  app.put(
    '/data/stores/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Change a store',
        params: idParams,
        body: storeInput,
        response: { 200: store },
      },
    },
    (request) => updateStore(db, app.files, mall(request), request.params.id, request.body, acting(request)),
  );
  app.delete(
    '/data/stores/:id',
    { config: manage, schema: { tags, summary: 'Delete a store', params: idParams } },
    async (request, reply) => {
      await deleteStore(db, mall(request), request.params.id, acting(request));
      return reply.code(204).send();
    },
  );
  app.post(
    '/data/stores/export',
    {
      config: manage,
      schema: {
        tags,
        summary:
          'The stores the list shows (keyword, filters, order) as an xlsx with the import’s columns, in the request’s language',
        body: storeExportBody,
      },
    },
    (request, reply) => exportStores(db, locationOf(request), request.body, request.lang, reply),
  );

  app.get(
    '/data/categories',
    {
      config: read,
      schema: {
        tags,
        summary: 'The mall’s store categories: every one with showAll=true, else one page',
        querystring: storeCategoryListQuery,
        response: { 200: z.union([z.array(storeCategory), listResponse(storeCategory)]) },
      },
    },
    (request) => listStoreCategories(db, mall(request), request.query),
  );
  app.post(
    '/data/categories',
    {
      config: manage,
      schema: {
        tags,
        summary: 'New store category',
        body: storeCategoryInput,
        response: { 201: storeCategory },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createStoreCategory(db, mall(request), request.body, acting(request))),
  );
  app.get(
    '/data/categories/:id',
    {
      config: manage,
      schema: { tags, summary: 'One store category', params: idParams, response: { 200: storeCategory } },
    },
    (request) => getStoreCategory(db, mall(request), request.params.id),
  );
  app.put(
    '/data/categories/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Change a store category',
        params: idParams,
        body: storeCategoryInput,
        response: { 200: storeCategory },
      },
    },
    (request) => updateStoreCategory(db, mall(request), request.params.id, request.body, acting(request)),
  );
  app.delete(
    '/data/categories/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Delete a store category; 409 STORE_CATEGORY_IN_USE while it has stores',
        params: idParams,
      },
    },
    async (request, reply) => {
      await deleteStoreCategory(db, mall(request), request.params.id, acting(request));
      return reply.code(204).send();
    },
  );

  app.get(
    '/ext/data/stores',
    {
      config: { auth: 'micro-site' },
      schema: {
        tags: ['micro-site'],
        summary: 'The mall’s active stores with their category names, for the micro-site’s store directory',
        response: { 200: z.array(microSiteStore) },
      },
    },
    (request) => microSiteStores(db, microSiteMallOf(request)._id),
  );
};

/** Its own plugin, so multipart is accepted by this route only (see platform/files). */
export const storeImportRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  await app.register(multipart, {
    limits: { fileSize: STORE_IMPORT_MAX_BYTES, files: 1, fields: 1, parts: 1 },
  });
  app.post(
    '/data/stores/import',
    {
      config: manage,
      schema: {
        tags,
        summary:
          'Import stores from an xlsx (multipart field `store_data`, first row the headers, the category by its Turkish or English name): with any refused row nothing is saved',
        consumes: ['multipart/form-data'],
        response: { 200: storeImportResult },
      },
    },
    async (request) => {
      const data = await readUploadedFile(request, STORE_IMPORT_FIELD);
      return importStores(db, data, { locationId: mall(request), lang: request.lang, request });
    },
  );
};
