import {
  checkPhoneBody,
  customer,
  customerCount,
  customerCountBody,
  customerExportBody,
  customerListQuery,
  customerProfile,
  developerBody,
  idParams,
  listResponse,
  marketingPermission,
} from '@avlu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/app-deps';
import { holdUserSlot, withUserSlot } from '../../platform/db/user-slots';
import { locationOf } from '../../platform/request-context';
import { customerExportSlot, exportCustomers } from './customers.export';
import {
  countCustomers,
  deleteCustomer,
  findCustomerByPhone,
  getCustomerProfile,
  listCustomers,
  setDeveloper,
  setMarketingPermission,
} from './customers.service';
import { reactivateCustomer } from './retention';

/** Spec §6 path mapping: the customer list and detail pages; search by phone has its own subject. */
const list = { subject: 'modules:customers:customer-list', scope: 'location' } as const;
/** The desk that redeems gifts finds its customer by phone too (/loyalty/customer-loyalty). */
const byPhoneOrGiftDesk = {
  subject: { anyOf: ['modules:customers:search-by-phone-number', 'modules:loyalty:loyalty-customer'] },
  scope: 'location',
} as const;
const tags = ['customers'];

export const customerRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  // A count reads a whole segment and an export streams it: a few per user at a time, across processes.
  const counts = { kind: 'customers.count', limit: config.perUser.counts };
  const exports = customerExportSlot(config);
  app.post(
    '/customer/filter',
    {
      config: list,
      schema: {
        tags,
        summary: 'Customers of the mall matching a segment filter and keyword, a page at a time',
        body: customerListQuery,
        response: { 200: listResponse(customer) },
      },
    },
    (request) => listCustomers(db, locationOf(request), request.body),
  );
  app.post(
    '/customer/smart-search',
    {
      config: list,
      schema: {
        tags,
        summary: 'Customers by a name, surname, phone or email fragment (Turkish letters folded)',
        body: customerListQuery,
        response: { 200: listResponse(customer) },
      },
    },
    (request) => listCustomers(db, locationOf(request), request.body),
  );
  app.post(
    '/customer/count',
    {
      config: list,
      schema: {
        tags,
        summary: 'How many customers a segment filter holds, with their first 10,000 ids',
        body: customerCountBody,
        response: { 200: customerCount },
      },
    },
    (request) =>
      withUserSlot(db, request, counts, () => countCustomers(db, locationOf(request), request.body.filter)),
  );
  app.post(
    '/customer/export',
    {
      config: list,
      schema: {
        tags,
        summary: 'The filtered customers as an xlsx file, streamed row by row',
        body: customerExportBody,
      },
    },
    async (request, reply) => {
      await holdUserSlot(db, request, reply, exports);
      return exportCustomers(db, locationOf(request), request.body, request.lang, reply);
    },
  );
  app.post(
    '/customer/check/phone',
    {
      config: byPhoneOrGiftDesk,
      schema: {
        tags,
        summary: 'The mall’s customer with this phone number, or 404 CUSTOMER_NOT_FOUND',
        body: checkPhoneBody,
        response: { 200: customer },
      },
    },
    (request) => findCustomerByPhone(db, locationOf(request), request.body.customer_phone),
  );
  app.get(
    '/customer/profile/:id',
    {
      config: list,
      schema: {
        tags,
        summary: 'A customer with consents and their history, newest first',
        params: idParams,
        response: { 200: customerProfile },
      },
    },
    (request) => getCustomerProfile(db, locationOf(request), request.params.id),
  );
  app.delete(
    '/customer/profile/:id',
    {
      config: list,
      schema: { tags, summary: 'Soft-delete a customer (customer_deletedAt)', params: idParams },
    },
    async (request, reply) => {
      await deleteCustomer(db, locationOf(request)._id, request.params.id, request);
      return reply.code(204).send();
    },
  );
  app.post(
    '/customer/profile/:id/reactivate',
    {
      config: list,
      schema: {
        tags,
        summary:
          'Bring back a deleted customer within the retention period (409 CUSTOMER_ERASED once their data is erased)',
        params: idParams,
        response: { 200: customerProfile },
      },
    },
    (request) => reactivateCustomer(db, locationOf(request), request.params.id, request),
  );
  app.post(
    '/customer/profile/:id/marketing-permissions',
    {
      config: list,
      schema: {
        tags,
        summary: 'Grant or revoke one consent (recorded in the consent history with source staff)',
        params: idParams,
        body: marketingPermission,
        response: { 200: customerProfile },
      },
    },
    (request) => setMarketingPermission(db, locationOf(request), request.params.id, request.body, request),
  );
  app.put(
    '/customer/profile/:id/developer',
    {
      config: list,
      schema: {
        tags,
        summary: 'Mark or unmark a customer as a developer (test account)',
        params: idParams,
        body: developerBody,
        response: { 200: customerProfile },
      },
    },
    (request) => setDeveloper(db, locationOf(request), request.params.id, request.body.value, request),
  );
};
