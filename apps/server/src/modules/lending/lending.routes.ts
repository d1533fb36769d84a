import {
  idParams,
  LENDING_ITEM_IMAGE_FIELD,
  LENDING_ITEM_TEXT_FIELDS,
  lending,
  lendingExportQuery,
  lendingInput,
  lendingItem,
  lendingItemListQuery,
  lendingListQuery,
  lendingStatusInput,
  listResponse,
} from '@avlu/contracts';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/app-deps';
import { MAX_IMAGE_BYTES } from '../../platform/files/files.routes';
import { readUploadedFormFileOptional } from '../../platform/files/upload';
import { locationOf } from '../../platform/request-context';
import { acting } from '../users/acting';
import { exportLendings } from './lending.export';
import {
  changeLendingStatus,
  createLending,
  getLendingItem,
  listLendingItems,
  listLendings,
  saveLendingItem,
} from './lending.service';

/** Every call is the lending module's (spec §6 `modules:lending`), inside one mall. */
const config = { subject: 'modules:lending', scope: 'location' } as const;
const tags = ['lending'];

/** Spec §7 "Surveys, lending, reminders, QR", the lending part (issue 17 #3). */
export const lendingRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/lending',
    {
      config,
      schema: {
        tags,
        summary:
          'One page of the lendings, newest first: item name, itemNo, status, start (stStart–stEnd) and end (etStart–etEnd) date ranges at the mall’s time',
        querystring: lendingListQuery,
        response: { 200: listResponse(lending) },
      },
    },
    (request) => listLendings(db, locationOf(request), request.query),
  );
  app.post(
    '/lending',
    {
      config,
      schema: {
        tags,
        summary: 'Put a customer of the mall (by phone) in an item’s queue',
        body: lendingInput,
        response: { 201: lending },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createLending(db, locationOf(request)._id, request.body, acting(request))),
  );
  app.get(
    '/lending/export',
    {
      config,
      schema: { tags, summary: 'The lendings the filter finds, as an xlsx', querystring: lendingExportQuery },
    },
    (request, reply) => exportLendings(db, locationOf(request), request.query, request.lang, reply),
  );
  app.patch(
    '/lending/:id',
    {
      config,
      schema: {
        tags,
        summary:
          'approved: hand the item over (in queue → started; 409 LENDING_ITEM_LENT while another customer has it); done: it came back (started → done)',
        params: idParams,
        body: lendingStatusInput,
        response: { 200: lending },
      },
    },
    (request) =>
      changeLendingStatus(db, locationOf(request)._id, request.params.id, request.body, acting(request)),
  );
  app.get(
    '/lendible-item',
    {
      config,
      schema: {
        tags,
        summary: 'The mall’s lendable items by number, each with who has it and how many wait (limit 1000)',
        querystring: lendingItemListQuery,
        response: { 200: listResponse(lendingItem) },
      },
    },
    (request) => listLendingItems(db, locationOf(request)._id, request.query),
  );
  app.get(
    '/lendible-item/:id',
    {
      config,
      schema: { tags, summary: 'One lendable item', params: idParams, response: { 200: lendingItem } },
    },
    (request) => getLendingItem(db, locationOf(request)._id, request.params.id),
  );
};

/** Its own plugin, so multipart is accepted by these routes only (see platform/files). */
export const lendingItemUploadRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: LENDING_ITEM_TEXT_FIELDS.length, parts: 4 },
  });
  const read = async (request: Parameters<typeof readUploadedFormFileOptional>[0]) => {
    const { data, fields } = await readUploadedFormFileOptional(
      request,
      LENDING_ITEM_IMAGE_FIELD,
      LENDING_ITEM_TEXT_FIELDS,
    );
    return { fields, image: data };
  };
  app.post(
    '/lendible-item',
    {
      config,
      schema: {
        tags,
        summary:
          'New lendable item (multipart: itemNo, itemName, status and the image itemImage, a JPEG, PNG or WebP known by its bytes)',
        consumes: ['multipart/form-data'],
        response: { 201: lendingItem },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await saveLendingItem(
            db,
            app.files,
            locationOf(request)._id,
            undefined,
            await read(request),
            acting(request),
          ),
        ),
  );
  app.put(
    '/lendible-item/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Change a lendable item (multipart as POST; without itemImage the image stays)',
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 200: lendingItem },
      },
    },
    async (request) =>
      saveLendingItem(
        db,
        app.files,
        locationOf(request)._id,
        request.params.id,
        await read(request),
        acting(request),
      ),
  );
};
