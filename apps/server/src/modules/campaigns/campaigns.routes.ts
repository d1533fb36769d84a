import {
  campaign,
  campaignByChannelParams,
  campaignInput,
  campaignListQuery,
  campaignSearchParams,
  campaignStampProgress,
  campaignStampsQuery,
  campaignUpdateBody,
  idParams,
  listResponse,
} from '@avlu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../platform/app-deps';
import { locationOf } from '../../platform/request-context';
import { acting } from '../users/acting';
import {
  campaignsByChannel,
  createCampaign,
  deleteCampaign,
  getCampaign,
  listCampaigns,
  listCampaignsByArchive,
  updateCampaign,
} from './campaigns.service';
import { receiptStampCards } from './receipt-mechanics';

const campaigns = { subject: 'modules:campaigns:campaigns', scope: 'location' } as const;
/** The campaigns a desk gives are read by the campaign screens and by the registration desk that gives them. */
const deskCampaigns = {
  subject: { anyOf: ['modules:campaigns:campaigns', 'modules:customer-registration:customer-registration'] },
  scope: 'location',
} as const;
const tags = ['campaigns'];
const mall = (request: Parameters<typeof locationOf>[0]) => locationOf(request)._id;
/** The date rules (§5) read the server's clock at each request. */
const now = () => new Date();

/** Campaigns, spec §7 "Campaigns" (issue 13); each mall has its own. */
export const campaignRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.post(
    '/campaign',
    {
      config: campaigns,
      schema: {
        tags,
        summary: 'New campaign (to be published); the type decides which fields are required or refused',
        body: campaignInput({ now }),
        response: { 201: campaign },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createCampaign(db, app.files, mall(request), request.body, acting(request))),
  );
  app.post(
    '/campaign/filter',
    {
      config: campaigns,
      schema: {
        tags,
        summary: 'Campaigns by type, shown state and keyword: one page, or every match with showAll',
        body: campaignListQuery,
        response: { 200: z.union([z.array(campaign), listResponse(campaign)]) },
      },
    },
    (request) => listCampaigns(db, mall(request), request.body),
  );
  app.get(
    '/campaign',
    {
      config: campaigns,
      schema: {
        tags,
        summary: 'The archived campaigns with onlyArchived=true, else those not archived',
        querystring: campaignSearchParams,
        response: { 200: listResponse(campaign) },
      },
    },
    (request) => listCampaignsByArchive(db, mall(request), request.query),
  );
  app.get(
    '/campaign/:id',
    {
      config: campaigns,
      schema: { tags, summary: 'One campaign', params: idParams, response: { 200: campaign } },
    },
    (request) => getCampaign(db, mall(request), request.params.id),
  );
  app.put(
    '/campaign/:id',
    {
      config: campaigns,
      schema: {
        tags,
        summary: 'Change a campaign: its full values, or only campaign_status, or only campaign_is_qrcode',
        params: idParams,
        body: campaignUpdateBody({ now }),
        response: { 200: campaign },
      },
    },
    (request) =>
      updateCampaign(db, app.files, mall(request), request.params.id, request.body, acting(request)),
  );
  app.delete(
    '/campaign/:id',
    { config: campaigns, schema: { tags, summary: 'Delete a campaign', params: idParams } },
    async (request, reply) => {
      await deleteCampaign(db, mall(request), request.params.id, acting(request));
      return reply.code(204).send();
    },
  );
  app.get(
    '/campaign/:channelId/bychannel',
    {
      config: deskCampaigns,
      schema: {
        tags,
        summary: 'The campaigns the desk of a channel gives now (published, running)',
        params: campaignByChannelParams,
        response: { 200: z.array(campaign) },
      },
    },
    (request) => campaignsByChannel(db, mall(request), request.params.channelId),
  );
  app.get(
    '/campaign/stamps',
    {
      config: deskCampaigns,
      schema: {
        tags,
        summary:
          'A customer’s stamp cards in the running over-limit coupon campaigns: stamps on the card, per card, cards filled, coupons given, today’s sum (day based)',
        querystring: campaignStampsQuery,
        response: { 200: z.array(campaignStampProgress) },
      },
    },
    (request) => receiptStampCards(db, locationOf(request), request.query.userId),
  );
};
