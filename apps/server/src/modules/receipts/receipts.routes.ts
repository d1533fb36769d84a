import {
  customerReceipt,
  customerReceiptsQuery,
  idParams,
  listResponse,
  objectId,
  RECEIPT_DESK_TEXT_FIELDS,
  RECEIPT_FILE_FIELD,
  RECEIPT_LIMITS,
  RECEIPT_UPLOAD_TEXT_FIELDS,
  receipt,
  receiptChannelParams,
  receiptCouponSmsQuery,
  receiptCouponSmsResult,
  receiptDeskFields,
  receiptDeskQuery,
  receiptDetail,
  receiptExportBody,
  receiptFilterQuery,
  receiptUpdateInput,
  receiptUploadFields,
} from '@avlu/contracts';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../platform/app-deps';
import { schemaError } from '../../platform/errors';
import { readUploadedForm, readUploadedFormFileOptional } from '../../platform/files/upload';
import { locationOf } from '../../platform/request-context';
import { customerOf, customerSessionHeaders, microSiteMallOf } from '../micro-site/micro-site-auth';
import { acting } from '../users/acting';
import { sendCouponCodeSms } from './coupon-sms.service';
import { saveReceiptPhoto } from './receipt-photos';
import {
  assertResendable,
  checkNewReceipt,
  checkResend,
  customerReceipts,
  deleteReceipt,
  exportReceipts,
  getReceipt,
  insertReceipt,
  listReceipts,
  microSiteReceipts,
  resendReceipt,
  toMicroSiteReceipt,
  toStaffReceipt,
  updateReceipt,
} from './receipts.service';

/** Spec §6: receipts and their review are the receipts module's. */
const review = { subject: 'modules:loyalty:receipts', scope: 'location' } as const;
/** The desk (`/registration/customer/receipts/new/{channelId}`) enters receipts too. */
const entry = {
  subject: {
    anyOf: ['modules:loyalty:receipts', 'modules:customer-registration:customer-registration'],
  },
  scope: 'location',
} as const;
/** The customer detail's receipts tab, the desk and the receipts module read a customer's receipts. */
const customerTab = {
  subject: {
    anyOf: [
      'modules:customers:customer-list',
      'modules:customer-registration:customer-registration',
      'modules:loyalty:receipts',
    ],
  },
  scope: 'location',
} as const;
const tags = ['loyalty'];
const mall = (request: FastifyRequest) => locationOf(request)._id;
const customerParams = z.strictObject({ customerId: objectId });

/** A form's fields parsed by the contracts schema, refusals named as the form named them (400). */
const parseForm = <T>(schema: z.ZodType<T>, fields: Record<string, string>): T => {
  const parsed = schema.safeParse(fields);
  if (!parsed.success) throw schemaError(parsed.error, 'body');
  return parsed.data;
};

/** Spec §7 "Receipts", `GET /customer/receipt/{customerId}` and the micro-site's receipts (issue 14 #2). */
export const receiptRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  await app.register(multipart, {
    limits: {
      fileSize: RECEIPT_LIMITS.fileBytes,
      files: 1,
      fields: RECEIPT_DESK_TEXT_FIELDS.length,
      parts: RECEIPT_DESK_TEXT_FIELDS.length + 1,
    },
  });
  const deskFields = receiptDeskFields();
  const uploadFields = receiptUploadFields();

  app.post(
    '/shopping-receipts/:channelId',
    {
      config: entry,
      schema: {
        tags,
        summary:
          'Enter a customer’s receipt at a desk (multipart: file, receipt_no, receipt_amount, currency, receipt_date, store_id, campaign_id, send_sms); the photo is checked by its bytes and kept without its metadata',
        consumes: ['multipart/form-data'],
        params: receiptChannelParams,
        querystring: receiptDeskQuery,
        response: { 201: receipt },
      },
    },
    async (request, reply) => {
      const location = locationOf(request);
      const actor = acting(request);
      const { data, fields } = await readUploadedForm(request, RECEIPT_FILE_FIELD, RECEIPT_DESK_TEXT_FIELDS);
      const values = parseForm(deskFields, fields);
      const input = {
        customerId: request.query.customerId,
        channelId: request.params.channelId,
        source: 'desk' as const,
        receipt_no: values.receipt_no,
        receipt_amount: values.receipt_amount,
        currency: values.currency,
        receipt_date: values.receipt_date,
        store_id: values.store_id,
        campaign_id: values.campaign_id,
        send_sms: values.send_sms,
        language: 'tr' as const,
        createdBy: actor.staff._id,
      };
      await checkNewReceipt(db, location, input, { store: 'store_id', campaign: 'campaign_id' });
      const photo = await saveReceiptPhoto(db, app.files, data, {
        field: RECEIPT_FILE_FIELD,
        owner: `admin:${actor.staff._id}`,
      });
      const row = await insertReceipt(db, location, input, photo, actor);
      return reply.code(201).send(await toStaffReceipt(db, app.files, location._id, row._id));
    },
  );
  app.get(
    '/shopping-receipts/sms',
    {
      config: entry,
      schema: {
        tags,
        summary:
          'Send a customer a coupon code they hold in the mall (one a receipt gave them) by SMS, in their language; counted against the SMS budgets',
        querystring: receiptCouponSmsQuery,
        response: { 200: receiptCouponSmsResult },
      },
    },
    (request) =>
      sendCouponCodeSms(
        db,
        { sms: app.sms, config: config.sms, log: request.log },
        locationOf(request),
        request.query,
        acting(request),
      ),
  );
  app.post(
    '/shopping-receipts/filter',
    {
      config: review,
      schema: {
        tags,
        summary:
          'One page of the mall’s receipts: filter by status, store, customer, campaign, source, duplicate flag, date and amount ranges; keyword on number, store and customer',
        body: receiptFilterQuery,
        response: { 200: listResponse(receipt) },
      },
    },
    (request) => listReceipts(db, app.files, mall(request), request.body),
  );
  app.post(
    '/shopping-receipts/export',
    {
      config: review,
      schema: {
        tags,
        summary: 'The receipts the filter and keyword find, as an xlsx (dates at the mall’s time)',
        body: receiptExportBody,
      },
    },
    (request, reply) => exportReceipts(db, locationOf(request), request.body, request.lang, reply),
  );
  app.get(
    '/shopping-receipts/:id',
    {
      config: review,
      schema: {
        tags,
        summary:
          'One receipt with signed photo URLs and its points calculation (as approved, or what approval would earn now)',
        params: idParams,
        response: { 200: receiptDetail },
      },
    },
    (request) => getReceipt(db, app.files, mall(request), request.params.id),
  );
  app.put(
    '/shopping-receipts/:id',
    {
      config: review,
      schema: {
        tags,
        summary:
          'Change a receipt and review it (receipt_status): approving earns its points once, in the same transaction; rejecting needs a reason (and for other, a message); an approved receipt is final',
        params: idParams,
        body: receiptUpdateInput(),
        response: { 200: receiptDetail },
      },
    },
    (request) =>
      updateReceipt(
        db,
        { files: app.files, sms: app.sms, log: request.log },
        locationOf(request),
        request.params.id,
        request.body,
        acting(request),
      ),
  );
  app.delete(
    '/shopping-receipts/:id',
    { config: review, schema: { tags, summary: 'Delete a receipt that is not approved', params: idParams } },
    async (request, reply) => {
      await deleteReceipt(db, mall(request), request.params.id, acting(request));
      return reply.code(204).send();
    },
  );
  app.get(
    '/customer/receipt/:customerId',
    {
      config: customerTab,
      schema: {
        tags: ['customers'],
        summary: 'A customer’s receipts, newest first; with channelId, those entered at that desk',
        params: customerParams,
        querystring: customerReceiptsQuery,
        response: { 200: z.array(receipt) },
      },
    },
    (request) =>
      customerReceipts(db, app.files, mall(request), request.params.customerId, request.query.channelId),
  );

  const micro = { tags: ['micro-site'], headers: customerSessionHeaders };
  app.get(
    '/ext/app/customers/shopping-receipts',
    {
      config: { auth: 'customer' },
      schema: {
        ...micro,
        summary: 'The signed-in customer’s receipts with their status, reason and points, newest first',
        response: { 200: z.array(customerReceipt) },
      },
    },
    (request) => microSiteReceipts(db, app.files, microSiteMallOf(request)._id, customerOf(request)._id),
  );
  app.post(
    '/ext/app/customers/shopping-receipts',
    {
      config: { auth: 'customer' },
      schema: {
        ...micro,
        summary:
          'Upload a receipt (multipart: file, storeId, invoiceDate, amount, campaignId, receiptNo); it waits for staff review',
        consumes: ['multipart/form-data'],
        response: { 201: customerReceipt },
      },
    },
    async (request, reply) => {
      const location = microSiteMallOf(request);
      const customerId = customerOf(request)._id;
      const { data, fields } = await readUploadedForm(
        request,
        RECEIPT_FILE_FIELD,
        RECEIPT_UPLOAD_TEXT_FIELDS,
      );
      const values = parseForm(uploadFields, fields);
      const input = {
        customerId,
        channelId: null,
        source: 'micro_site' as const,
        receipt_no: values.receiptNo,
        receipt_amount: values.amount,
        currency: 'TRY' as const,
        receipt_date: values.invoiceDate,
        store_id: values.storeId,
        campaign_id: values.campaignId,
        send_sms: true,
        language: request.lang,
        createdBy: null,
      };
      await checkNewReceipt(db, location, input, { store: 'storeId', campaign: 'campaignId' });
      const photo = await saveReceiptPhoto(db, app.files, data, {
        field: RECEIPT_FILE_FIELD,
        owner: `customer:${customerId}`,
      });
      const row = await insertReceipt(db, location, input, photo);
      return reply.code(201).send(await toMicroSiteReceipt(db, app.files, location._id, row._id));
    },
  );
  app.put(
    '/ext/app/customers/shopping-receipts/:id',
    {
      config: { auth: 'customer' },
      schema: {
        ...micro,
        summary:
          'Correct a rejected or uncertain receipt of one’s own and send it again (multipart like the upload, the file optional); it waits for review again',
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 200: customerReceipt },
      },
    },
    async (request) => {
      const location = microSiteMallOf(request);
      const customerId = customerOf(request)._id;
      // Refused before the body is read and a photo stored: not theirs (404), not to be changed (409).
      await assertResendable(db, location._id, customerId, request.params.id);
      const { data, fields } = await readUploadedFormFileOptional(
        request,
        RECEIPT_FILE_FIELD,
        RECEIPT_UPLOAD_TEXT_FIELDS,
      );
      const values = parseForm(uploadFields, fields);
      const input = {
        receipt_no: values.receiptNo,
        receipt_amount: values.amount,
        receipt_date: values.invoiceDate,
        store_id: values.storeId,
        campaign_id: values.campaignId,
      };
      // Refused fields before the photo is stored, as on the upload.
      await checkResend(db, location._id, customerId, request.params.id, input);
      const photo = data
        ? await saveReceiptPhoto(db, app.files, data, {
            field: RECEIPT_FILE_FIELD,
            owner: `customer:${customerId}`,
          })
        : null;
      await resendReceipt(db, location, customerId, request.params.id, input, photo);
      return toMicroSiteReceipt(db, app.files, location._id, request.params.id);
    },
  );
};
