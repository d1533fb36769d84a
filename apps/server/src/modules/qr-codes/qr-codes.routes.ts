import {
  idParams,
  listResponse,
  objectId,
  qrCode,
  qrCodeDeepLink,
  qrCodeDeepLinkParams,
  qrCodeInput,
  qrCodeListQuery,
} from '@avlu/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../platform/app-deps';
import type { Database } from '../../platform/db/database';
import { notFound, schemaError } from '../../platform/errors';
import { appBaseUrl } from '../../platform/links';
import { locationOf } from '../../platform/request-context';
import { acting } from '../users/acting';
import { createQrCode, deleteQrCode, getQrCode, listQrCodes, updateQrCode } from './qr-codes.service';
import {
  createDeepLinks,
  createScanRecorder,
  type ScanRecorder,
  scanLanguage,
  scanPlatform,
} from './qr-redirect';

const manage = { subject: 'modules:qrcode', scope: 'location' } as const;
const tags = ['qr-codes'];
const mall = (request: FastifyRequest) => locationOf(request)._id;

const recorders = new WeakMap<Database, ScanRecorder>();
/** Writes the scans queued so far (tests read the counts after it). */
export const flushQrCodeScans = (db: Database) => recorders.get(db)?.flush();

/** Spec §7 "QR": the mall's QR codes, and the redirect page's deep links, which count each scan. */
export const qrCodeRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config, logger, notices }) => {
  const publicUrl = appBaseUrl(config);
  const deepLinks = await createDeepLinks(db, { notices });
  app.addHook('onClose', async () => deepLinks.close());
  const scans = createScanRecorder(db, logger);
  recorders.set(db, scans);
  app.addHook('onClose', () => scans.close());

  app.get(
    '/qrcode',
    {
      config: manage,
      schema: {
        tags,
        summary: 'QR codes with their scans: every one with showAll=true, else one page',
        querystring: qrCodeListQuery,
        response: { 200: z.union([z.array(qrCode), listResponse(qrCode)]) },
      },
    },
    (request) => listQrCodes(db, publicUrl, mall(request), request.query),
  );
  app.post(
    '/qrcode',
    {
      config: manage,
      schema: { tags, summary: 'New QR code', body: qrCodeInput, response: { 201: qrCode } },
    },
    async (request, reply) =>
      reply.code(201).send(await createQrCode(db, publicUrl, mall(request), request.body, acting(request))),
  );
  app.get(
    '/qrcode/:id',
    { config: manage, schema: { tags, summary: 'One QR code', params: idParams, response: { 200: qrCode } } },
    (request) => getQrCode(db, publicUrl, mall(request), request.params.id),
  );
  app.put(
    '/qrcode/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Change a QR code',
        params: idParams,
        body: qrCodeInput,
        response: { 200: qrCode },
      },
    },
    async (request) => {
      const updated = await updateQrCode(
        db,
        publicUrl,
        mall(request),
        request.params.id,
        request.body,
        acting(request),
      );
      deepLinks.forget(updated._id);
      return updated;
    },
  );
  app.delete(
    '/qrcode/:id',
    { config: manage, schema: { tags, summary: 'Delete a QR code and its scans', params: idParams } },
    async (request, reply) => {
      await deleteQrCode(db, publicUrl, mall(request), request.params.id, acting(request));
      deepLinks.forget(request.params.id);
      return reply.code(204).send();
    },
  );
  app.get(
    '/qrcode/deeplink/:qrCodeId',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary:
          'The redirect page’s app and store addresses of a code of the mall (no sign-in); each call counts a scan (time, platform, language)',
        description:
          'Query `locationId`: the mall of the code (taken off the query by the request context, as on every call).',
        params: qrCodeDeepLinkParams,
        response: { 200: qrCodeDeepLink },
      },
    },
    async (request, reply) => {
      const locationId = objectId.safeParse(request.locationId);
      if (!locationId.success) throw schemaError(locationId.error, 'querystring', ['locationId']);
      const links = await deepLinks.find(request.params.qrCodeId, locationId.data);
      if (!links) throw notFound();
      scans.record({
        qr_code_id: request.params.qrCodeId,
        scan_at: new Date(),
        scan_platform: scanPlatform(request.headers['user-agent']),
        scan_language: scanLanguage(request.headers['accept-language']),
      });
      reply.header('cache-control', 'no-store');
      return links;
    },
  );
};
