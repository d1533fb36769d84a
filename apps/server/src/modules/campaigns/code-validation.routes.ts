import {
  codeValidationCampaign,
  codeValidationOtpBody,
  codeValidationOtpResult,
  codeValidationQuery,
  codeValidationRedeemBody,
  codeValidationRedeemResult,
  codeValidationReleaseBody,
  codeValidationResult,
} from '@avlu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../platform/app-deps';
import { locationOf } from '../../platform/request-context';
import { acting } from '../users/acting';
import {
  codeValidationCampaigns,
  lookUpCode,
  redeemCode,
  releaseHold,
  sendRedemptionCode,
} from './code-validation.service';

/** The code validation screen's subject (contracts' page subjects: `/campaigns/code-validation`). */
const validation = { subject: 'modules:campaign-code-validation', scope: 'location' } as const;
const tags = ['campaigns'];
const mall = (request: Parameters<typeof locationOf>[0]) => locationOf(request)._id;

/** Code validation at the store, spec §7 "code-validation" (issue 13 point 8). */
export const codeValidationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  const deps = { config, sms: app.sms };
  app.get(
    '/code-validation/campaigns',
    {
      config: validation,
      schema: {
        tags,
        summary: 'The mall’s published campaigns whose codes are redeemed at stores, by name',
        response: { 200: z.array(codeValidationCampaign) },
      },
    },
    (request) => codeValidationCampaigns(db, mall(request)),
  );
  app.get(
    '/code-validation',
    {
      config: validation,
      schema: {
        tags,
        summary:
          'Look a code up: its status, campaign and masked holder; a given code is held for this user for a few minutes (lookups are limited per user and address)',
        querystring: codeValidationQuery,
        response: { 200: codeValidationResult },
      },
    },
    (request) => lookUpCode(db, mall(request), request.query, acting(request)),
  );
  app.post(
    '/code-validation/sendOtp',
    {
      config: validation,
      schema: {
        tags,
        summary:
          'Send the code’s holder a 4-digit SMS code to the phone on file (the code must be held by this user; the sign-in codes’ caps and budgets apply)',
        body: codeValidationOtpBody,
        response: { 200: codeValidationOtpResult },
      },
    },
    (request) => sendRedemptionCode(db, deps, mall(request), request.body, acting(request), request.log),
  );
  app.put(
    '/code-validation/',
    {
      config: validation,
      schema: {
        tags,
        summary: 'Redeem a held code with its holder’s SMS code: marked used once, audited',
        body: codeValidationRedeemBody,
        response: { 200: codeValidationRedeemResult },
      },
    },
    (request) => redeemCode(db, deps, mall(request), request.body, acting(request)),
  );
  app.delete(
    '/code-validation/hold',
    {
      config: validation,
      schema: {
        tags,
        summary: 'End this user’s hold on a code (the clerk closed it), so another till may take it',
        body: codeValidationReleaseBody,
      },
    },
    async (request, reply) => {
      await releaseHold(db, mall(request), request.body, acting(request));
      return reply.code(204).send();
    },
  );
};
