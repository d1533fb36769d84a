import {
  gamePlayBody,
  gamePlayResult,
  gameRightsBalance,
  gameRightsGiveBody,
  gameRightsQuery,
  idParams,
  microSiteGame as microSiteGameSchema,
  objectId,
} from '@avlu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../platform/app-deps';
import { locationOf } from '../../platform/request-context';
import { customerOf, customerSessionHeaders, microSiteMallOf } from '../micro-site/micro-site-auth';
import { acting } from '../users/acting';
import { customerGameRights, giveGameRights, microSiteGame, playGame } from './games.service';

/** The customer detail and the registration desk read and give a customer's rights to play. */
const customerGames = {
  subject: {
    anyOf: ['modules:customers:customer-list', 'modules:customer-registration:customer-registration'],
  },
  scope: 'location',
} as const;
const customerParams = z.strictObject({ customerId: objectId });

/** Games (issue 15 #2): rights for staff (spec §7 `GET /customer/wof-rights/{customerId}`), and playing on the micro-site. */
export const gameRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/customer/wof-rights/:customerId',
    {
      config: customerGames,
      schema: {
        tags: ['customers'],
        summary:
          'A customer’s rights to play each running game campaign of the mall (earned from receipts, given by staff, spent, left); with channelId, the campaigns of that desk',
        params: customerParams,
        querystring: gameRightsQuery,
        response: { 200: z.array(gameRightsBalance) },
      },
    },
    (request) => customerGameRights(db, locationOf(request)._id, request.params.customerId, request.query),
  );

  app.post(
    '/customer/wof-rights/:customerId',
    {
      config: customerGames,
      schema: {
        tags: ['customers'],
        summary:
          'Give a customer rights to play a game campaign, with a reason (audited); answers the balance',
        params: customerParams,
        body: gameRightsGiveBody,
        response: { 200: gameRightsBalance },
      },
    },
    (request) =>
      giveGameRights(db, locationOf(request)._id, request.params.customerId, request.body, acting(request)),
  );

  const micro = { tags: ['micro-site'], headers: customerSessionHeaders };
  app.get(
    '/ext/app/customers/campaigns/:id/game',
    {
      config: { auth: 'customer' },
      schema: {
        ...micro,
        summary:
          'A game campaign as its page shows it: the rights left, plays left today, the lottery permit number, the wheel’s slices or the scratch card’s images',
        params: idParams,
        response: { 200: microSiteGameSchema },
      },
    },
    (request) => microSiteGame(db, microSiteMallOf(request), request.params.id, customerOf(request)._id),
  );

  app.post(
    '/ext/app/customers/campaigns/:id/play',
    {
      config: { auth: 'customer' },
      schema: {
        ...micro,
        summary:
          'Play a game: the server draws the outcome and spends a right; a retried key answers the same play without spending another',
        params: idParams,
        body: gamePlayBody,
        response: { 200: gamePlayResult },
      },
    },
    (request) =>
      playGame(db, microSiteMallOf(request), {
        campaignId: request.params.id,
        customerId: customerOf(request)._id,
        key: request.body.game_play_key,
      }),
  );
};
