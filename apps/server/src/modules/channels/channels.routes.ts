import {
  channel,
  channelInput,
  channelListQuery,
  channelType,
  channelTypeInput,
  channelTypeListQuery,
  idParams,
  listResponse,
} from '@avlu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../platform/app-deps';
import { holdUserSlot } from '../../platform/db/user-slots';
import { locationOf } from '../../platform/request-context';
import { customerExportSlot } from '../customers/customers.export';
import { acting } from '../users/acting';
import {
  createChannelType,
  deleteChannelType,
  listChannelTypes,
  updateChannelType,
} from './channel-types.service';
import { exportChannel } from './channels.export';
import { createChannel, deleteChannel, getChannel, listChannels, updateChannel } from './channels.service';

const channels = { subject: 'modules:customer-registration:channels', scope: 'location' } as const;
const types = { subject: 'modules:customer-registration:channel-tags', scope: 'location' } as const;
/** The export lists customers (names, phones, emails, consents): it also needs the customer list. */
const channelExport = {
  subject: ['modules:customer-registration:channels', 'modules:customers:customer-list'],
  scope: 'location',
} as const;
const tags = ['channels'];
const mall = (request: Parameters<typeof locationOf>[0]) => locationOf(request)._id;

/** Registration channels and their types ("channel tags"), spec §7 "Channels"; each mall has its own. */
export const channelRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  const exports = customerExportSlot(config);
  app.get(
    '/data-types/channel',
    {
      config: channels,
      schema: {
        tags,
        summary: 'Channels: every one with showAll=true, else one page',
        querystring: channelListQuery,
        response: { 200: z.union([z.array(channel), listResponse(channel)]) },
      },
    },
    (request) => listChannels(db, mall(request), request.query),
  );
  app.post(
    '/data-types/channel',
    {
      config: channels,
      schema: {
        tags,
        summary: 'New channel; the permission, teacher-form and detail-payment-form flags start off',
        body: channelInput,
        response: { 201: channel },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createChannel(db, mall(request), request.body, acting(request))),
  );
  app.get(
    '/data-types/channel/:id',
    {
      config: channels,
      schema: { tags, summary: 'One channel', params: idParams, response: { 200: channel } },
    },
    (request) => getChannel(db, mall(request), request.params.id),
  );
  app.put(
    '/data-types/channel/:id',
    {
      config: channels,
      schema: {
        tags,
        summary: 'Change a channel',
        params: idParams,
        body: channelInput,
        response: { 200: channel },
      },
    },
    (request) => updateChannel(db, mall(request), request.params.id, request.body, acting(request)),
  );
  app.delete(
    '/data-types/channel/:id',
    { config: channels, schema: { tags, summary: 'Delete a channel', params: idParams } },
    async (request, reply) => {
      await deleteChannel(db, mall(request), request.params.id, acting(request));
      return reply.code(204).send();
    },
  );
  app.post(
    '/data-types/channel/export/:id',
    {
      config: channelExport,
      schema: {
        tags,
        summary: 'The customers registered through the channel, as the customer export writes them',
        params: idParams,
      },
    },
    async (request, reply) => {
      await holdUserSlot(db, request, reply, exports);
      return exportChannel(db, locationOf(request), request.params.id, request.lang, reply);
    },
  );

  app.get(
    '/data-types/channel-type',
    {
      config: types,
      schema: {
        tags,
        summary: 'Channel types (tags): every one with showAll=true, else one page',
        querystring: channelTypeListQuery,
        response: { 200: z.union([z.array(channelType), listResponse(channelType)]) },
      },
    },
    (request) => listChannelTypes(db, mall(request), request.query),
  );
  app.post(
    '/data-types/channel-type',
    {
      config: types,
      schema: { tags, summary: 'New channel type', body: channelTypeInput, response: { 201: channelType } },
    },
    async (request, reply) =>
      reply.code(201).send(await createChannelType(db, mall(request), request.body, acting(request))),
  );
  app.put(
    '/data-types/channel-type/:id',
    {
      config: types,
      schema: {
        tags,
        summary: 'Change a channel type',
        params: idParams,
        body: channelTypeInput,
        response: { 200: channelType },
      },
    },
    (request) => updateChannelType(db, mall(request), request.params.id, request.body, acting(request)),
  );
  app.delete(
    '/data-types/channel-type/:id',
    {
      config: types,
      schema: { tags, summary: 'Delete a channel type; channels carrying it lose it', params: idParams },
    },
    async (request, reply) => {
      await deleteChannelType(db, mall(request), request.params.id, acting(request));
      return reply.code(204).send();
    },
  );
};
