import {
  agreement,
  agreementFilterBody,
  microSiteCustomer,
  microSiteKvkkBody,
  microSiteLocation,
  microSiteLoginBody,
  microSitePhoneBody,
  microSiteProfileBody,
  microSiteRegisterBody,
  microSiteSession,
  smsChallenge,
} from '@avlu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../platform/app-deps';
import { listAgreementsInUse } from '../agreements/agreements.service';
import { revokeCustomerSession } from './customer-sessions.service';
import {
  checkPhone,
  deleteAccount,
  login,
  microSiteCustomerOf,
  register,
  setKvkkConsent,
  updateProfile,
} from './micro-site.service';
import { customerOf, customerSessionHeaders, microSiteMallOf } from './micro-site-auth';

/** `Authorization: Bearer <locationToken>` of the mall (micro-site-auth.ts). */
const mallAccess = { auth: 'micro-site' } as const;
/** Also `customer-token` and `customer-id` of a live session in that mall. */
const customerAccess = { auth: 'customer' } as const;
const tags = ['micro-site'];

/** Spec §7 "Micro-site": the customer micro-site's API, under /api/ext. */
export const microSiteRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  const deps = { config, sms: app.sms };

  app.get(
    '/ext/location',
    {
      config: mallAccess,
      schema: {
        tags,
        summary: 'The mall of the micro-site token, for the header (name, logo)',
        response: { 200: microSiteLocation },
      },
    },
    (request) => microSiteLocation.parse(microSiteMallOf(request)),
  );

  for (const [path, summary] of [
    [
      '/ext/customers/check',
      'Send a sign-in code to the phone, answering the same whether or not it is a customer of the mall; within the resend wait nothing is sent and the same countdown is answered. 428 CHALLENGE_REQUIRED (with `challenge`) when the mall’s traffic is abnormal: solve it and send the solution as `altcha`',
    ],
    [
      '/ext/customers/sms-resend',
      'Send a new sign-in code once the resend wait is over (else the same countdown)',
    ],
  ] as const) {
    app.post(
      path,
      {
        config: mallAccess,
        schema: { tags, summary, body: microSitePhoneBody, response: { 200: smsChallenge } },
      },
      (request) => checkPhone(db, deps, microSiteMallOf(request), request.body, request),
    );
  }

  app.post(
    '/ext/customers/login',
    {
      config: mallAccess,
      schema: {
        tags,
        summary:
          'Sign in with the phone and its code; 404 CUSTOMER_NOT_REGISTERED for a new phone (the code stays for the registration); a deleted customer within the retention period comes back',
        body: microSiteLoginBody,
        response: { 200: microSiteSession },
      },
    },
    (request) => login(db, deps, microSiteMallOf(request), request.body, request),
  );

  app.post(
    '/ext/customers/register',
    {
      config: mallAccess,
      schema: {
        tags,
        summary:
          'Register with the phone and its code (KVKK required); consents go to the history with source micro-site; 409 CUSTOMER_EXISTS for a customer of the mall',
        body: microSiteRegisterBody,
        response: { 201: microSiteSession },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await register(db, deps, microSiteMallOf(request), request.body, request)),
  );

  app.post(
    '/ext/app/agreements',
    {
      // The registration form shows the KVKK text before anyone is signed in: the mall's token suffices.
      config: mallAccess,
      schema: {
        tags,
        summary: 'The mall’s agreements in use, optionally of one type and target (KVKK: kvkk, mobileapp)',
        body: agreementFilterBody,
        response: { 200: z.array(agreement) },
      },
    },
    (request) => listAgreementsInUse(db, microSiteMallOf(request)._id, request.body.filter),
  );

  app.get(
    '/ext/app/customers/profile',
    {
      config: customerAccess,
      schema: {
        tags,
        headers: customerSessionHeaders,
        summary: 'The signed-in customer’s profile',
        response: { 200: microSiteCustomer },
      },
    },
    (request) => microSiteCustomerOf(db, microSiteMallOf(request), customerOf(request)._id),
  );

  app.post(
    '/ext/app/customers/profile',
    {
      config: customerAccess,
      schema: {
        tags,
        headers: customerSessionHeaders,
        summary:
          'Update the signed-in customer’s profile and consents (customer_allows_permissions sets SMS, email and call); consents go to the history with source micro-site',
        body: microSiteProfileBody,
        response: { 200: microSiteCustomer },
      },
    },
    (request) => updateProfile(db, microSiteMallOf(request), customerOf(request)._id, request.body, request),
  );

  app.delete(
    '/ext/app/customers/profile',
    {
      config: customerAccess,
      schema: {
        tags,
        headers: customerSessionHeaders,
        summary:
          'Delete the account (customer_deletedAt) and end its sessions; signing in again within the retention period brings it back',
        response: { 200: microSiteCustomer },
      },
    },
    (request) => deleteAccount(db, microSiteMallOf(request), customerOf(request)._id, request),
  );

  app.post(
    '/ext/app/customers/kvkk',
    {
      config: customerAccess,
      schema: {
        tags,
        headers: customerSessionHeaders,
        summary:
          'Give (true) or withdraw (false) the KVKK consent; withdrawing also ends the SMS, email and call permissions. Recorded in the consent history with source micro-site; the account stays',
        body: microSiteKvkkBody,
        response: { 200: microSiteCustomer },
      },
    },
    (request) => setKvkkConsent(db, microSiteMallOf(request), customerOf(request)._id, request.body, request),
  );

  app.post(
    '/ext/app/customers/logout',
    {
      config: customerAccess,
      schema: {
        tags,
        headers: customerSessionHeaders,
        summary: 'End this session',
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await revokeCustomerSession(db, customerOf(request).sessionId);
      return reply.code(204).send(null);
    },
  );
};
