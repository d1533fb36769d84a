import { idParams, providerAccount, providerAccountInput, providerAccountListQuery } from '@avlu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../platform/app-deps';
import { locationOf } from '../../platform/request-context';
import { acting } from '../users/acting';
import {
  createProviderAccount,
  deleteProviderAccount,
  getProviderAccount,
  listProviderAccounts,
  serviceAccounts,
  updateProviderAccount,
} from './provider-accounts.service';

/**
 * Provider accounts (issue 16 #5): managed by the system admin under Ayarlar
 * (`/marketing/provider-accounts`), listed with their state on the dashboard (spec §7
 * `GET /data/dashboard/{sms|mail}-service-accounts`). No answer carries credentials.
 */
export const providerAccountRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, logger }) => {
  const manage = { subject: 'system-admin', scope: 'location' } as const;
  const tags = ['marketing'];
  const mall = (request: Parameters<typeof locationOf>[0]) => locationOf(request)._id;
  app.get(
    '/marketing/provider-accounts',
    {
      config: manage,
      schema: {
        tags,
        summary: 'The mall’s SMS, email and push provider accounts (of one channel with channel=…)',
        querystring: providerAccountListQuery,
        response: { 200: z.array(providerAccount) },
      },
    },
    (request) => listProviderAccounts(db, mall(request), request.query.channel),
  );
  app.post(
    '/marketing/provider-accounts',
    {
      config: manage,
      schema: {
        tags,
        summary:
          'New provider account (one per channel and kind); its credentials are stored encrypted and never answered',
        body: providerAccountInput,
        response: { 201: providerAccount },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createProviderAccount(db, mall(request), request.body, acting(request))),
  );
  app.get(
    '/marketing/provider-accounts/:id',
    {
      config: manage,
      schema: { tags, summary: 'One provider account', params: idParams, response: { 200: providerAccount } },
    },
    (request) => getProviderAccount(db, mall(request), request.params.id),
  );
  app.put(
    '/marketing/provider-accounts/:id',
    {
      config: manage,
      schema: {
        tags,
        summary:
          'Change a provider account; without account_credentials (or with some left empty) the stored ones stay',
        params: idParams,
        body: providerAccountInput,
        response: { 200: providerAccount },
      },
    },
    (request) => updateProviderAccount(db, mall(request), request.params.id, request.body, acting(request)),
  );
  app.delete(
    '/marketing/provider-accounts/:id',
    { config: manage, schema: { tags, summary: 'Delete a provider account', params: idParams } },
    async (request, reply) => {
      await deleteProviderAccount(db, mall(request), request.params.id, acting(request));
      return reply.code(204).send();
    },
  );
  const dashboard = {
    subject: { anyOf: ['modules:dashboard', 'modules:marketing:marketing'] },
    scope: 'location',
  } as const;
  for (const [path, channel] of [
    ['/data/dashboard/sms-service-accounts', 'sms'],
    ['/data/dashboard/mail-service-accounts', 'email'],
  ] as const)
    app.get(
      path,
      {
        config: dashboard,
        schema: {
          tags: ['dashboard'],
          summary:
            channel === 'sms'
              ? 'The mall’s SMS accounts by kind with their state and the credit NetGSM tells (asked at most once a minute, within 3 s, never failing the list)'
              : 'The mall’s email accounts by kind with their state',
          response: { 200: z.array(providerAccount) },
        },
      },
      (request) => serviceAccounts(db, mall(request), channel, logger),
    );
};
