import {
  COUPON_IMPORT_MAX_BYTES,
  campaign,
  couponExportBody,
  couponGenerateBody,
  couponGenerateResult,
  couponImportFields,
  couponImportResult,
  couponPrintBody,
  couponRemoveBody,
  couponRemoveResult,
  couponReportQuery,
  couponReportRow,
  idParams,
  listResponse,
  parkingTicketInfoQuery,
} from '@avlu/contracts';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/app-deps';
import { schemaError } from '../../platform/errors';
import { readUploadedForm } from '../../platform/files/upload';
import { locationOf } from '../../platform/request-context';
import { acting } from '../users/acting';
import {
  COUPON_IMPORT_FILE_FIELD,
  exportCoupons,
  generateCoupons,
  importCoupons,
  listCouponReport,
  removeReadyCoupons,
  setCouponPrintCount,
} from './coupons.service';
import { parkingTicketFile } from './parking-tickets';

/** The add-coupons screen's subject (contracts' page subjects: `/campaigns/add-coupons`). */
const codes = { subject: 'modules:campaigns:code-providers', scope: 'location' } as const;
/**
 * Reading a campaign's codes: the code pool's screen and the campaign screens' code and carpark
 * reports (`/campaigns/{id}/code-report`, `/campaigns/{id}/carpark-report`, subject campaigns).
 */
const readCodes = {
  subject: { anyOf: ['modules:campaigns:code-providers', 'modules:campaigns:campaigns'] },
  scope: 'location',
} as const;
const tags = ['campaigns'];
const mall = (request: Parameters<typeof locationOf>[0]) => locationOf(request)._id;

/** A campaign's code pool, spec §7 "Campaigns" (issue 13 "Code pools"); another mall's campaign is 404. */
export const couponRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.post(
    '/coupons/cache/generate',
    {
      config: codes,
      schema: {
        tags,
        summary:
          'Generate codes for a campaign whose type generates them (CSPRNG, check symbol, unique in the mall); answered when all are saved',
        body: couponGenerateBody,
        response: { 200: couponGenerateResult },
      },
    },
    (request) => generateCoupons(db, mall(request), request.body, acting(request)),
  );
  app.delete(
    '/coupons/remove-codes',
    {
      config: codes,
      schema: {
        tags,
        summary: 'Remove the campaign’s ready codes; given and used codes stay',
        body: couponRemoveBody,
        response: { 200: couponRemoveResult },
      },
    },
    (request) => removeReadyCoupons(db, mall(request), request.body.campaignId, acting(request)),
  );
  app.post(
    '/campaign/:id/coupons/filter',
    {
      config: readCodes,
      schema: {
        tags,
        summary:
          'One page of the campaign’s codes for its code report: status, holder, desk, dates; filter by status and a given or used date range, keyword on the code or the holder',
        params: idParams,
        body: couponReportQuery,
        response: { 200: listResponse(couponReportRow) },
      },
    },
    (request) => listCouponReport(db, mall(request), request.params.id, request.body),
  );
  app.post(
    '/campaign/:id/coupons/export',
    {
      config: readCodes,
      schema: {
        tags,
        summary:
          'The campaign’s codes as an xlsx: status, customer, desk, dates in the mall’s time zone; with the code report’s filter and keyword, the codes it lists',
        params: idParams,
        body: couponExportBody.optional(),
      },
    },
    (request, reply) =>
      exportCoupons(db, locationOf(request), request.params.id, request.body, request.lang, reply),
  );
  app.get(
    '/skidata/ticket/info',
    {
      config: readCodes,
      schema: {
        tags,
        summary: 'A parking campaign’s handed-out codes as the CSV the car park’s ticket system reads',
        querystring: parkingTicketInfoQuery,
      },
    },
    async (request, reply) => {
      const file = await parkingTicketFile(db, locationOf(request), request.query.campaignId);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.body);
    },
  );
  app.put(
    '/coupon-campaign/:id',
    {
      config: codes,
      schema: {
        tags,
        summary: 'Set how many paper coupons of the campaign were printed',
        params: idParams,
        body: couponPrintBody,
        response: { 200: campaign },
      },
    },
    (request) =>
      setCouponPrintCount(
        db,
        mall(request),
        request.params.id,
        request.body.coupon_print_count,
        acting(request),
      ),
  );
};

/** Its own plugin, so multipart is accepted by this route only (see platform/files). */
export const couponImportRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  await app.register(multipart, {
    limits: { fileSize: COUPON_IMPORT_MAX_BYTES, files: 1, fields: 1, parts: 2 },
  });
  app.post(
    '/coupons/code-parser',
    {
      config: codes,
      schema: {
        tags,
        summary:
          'Import a partner’s codes (multipart `campaignId` and `file`, xlsx or csv; the column headed “Kupon kodu”/“Coupon code”, else the first): with any refused row nothing is saved',
        consumes: ['multipart/form-data'],
        response: { 200: couponImportResult },
      },
    },
    async (request) => {
      const { data, fields } = await readUploadedForm(request, COUPON_IMPORT_FILE_FIELD, ['campaignId']);
      const parsed = couponImportFields.safeParse(fields);
      if (!parsed.success) throw schemaError(parsed.error, 'body');
      return importCoupons(db, mall(request), parsed.data.campaignId, data, acting(request));
    },
  );
};
