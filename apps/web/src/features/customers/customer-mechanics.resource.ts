import {
  type GameRightsBalance,
  type GameRightsGiveBody,
  gameRightsBalance,
  gameRightsGiveBody,
  type StepCounter,
  stepCounter,
} from '@avlu/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, api, isApiError } from '../../lib/api';
import { defineResource } from '../../lib/resource';

/**
 * A customer's campaign mechanics on the customer detail (issue 15 #2, #6): the rights to play each
 * running game campaign (`GET /customer/wof-rights/{customerId}`), staff giving rights with a reason
 * (`POST` on the same address), and the reported steps (`GET /step-counter?customer_id`).
 */
export const gameRights = defineResource<GameRightsBalance, GameRightsGiveBody>({
  name: 'customer-game-rights',
  path: '/customer/wof-rights',
  item: gameRightsBalance,
  input: gameRightsGiveBody,
});

/** `GET /customer/wof-rights/{customerId}`: one balance per running game campaign of the mall. */
export const useGameRights = (customerId: string) =>
  useQuery<GameRightsBalance[], ApiError>({
    queryKey: gameRights.keys.detail(customerId),
    queryFn: ({ signal }) =>
      api.get(`/customer/wof-rights/${customerId}`, { schema: z.array(gameRightsBalance), signal }),
  });

/**
 * A refusal of the campaign picked (409 `CAMPAIGN_ENDED`, `CAMPAIGN_NOT_ACTIVE`, `CAMPAIGN_NOT_A_GAME`)
 * names no field; it is said under the campaign field, where the staff member can change it.
 */
const underCampaign = (error: unknown): never => {
  if (isApiError(error) && !error.fields && error.code.startsWith('CAMPAIGN_'))
    throw new ApiError({ ...error.body, fields: { campaign_id: error.message } });
  throw error;
};

/**
 * `POST /customer/wof-rights/{customerId}`: the rights given, then the customer's balances again. The
 * dialog's form shows a refusal itself (under its field), so no toast repeats it.
 */
export const useGiveGameRights = () =>
  gameRights.useAction(
    ({ customerId, body }: { customerId: string; body: GameRightsGiveBody }) =>
      api
        .post(`/customer/wof-rights/${customerId}`, body, { schema: gameRightsBalance })
        .catch(underCampaign),
    {
      invalidates: ({ customerId }) => [gameRights.keys.detail(customerId)],
      success: 'customer-mechanics:games.given',
      error: false,
    },
  );

/** `GET /step-counter?customer_id`: the last 30 days' reports, newest first, and today's step goals. */
export const useStepCounter = (customerId: string) =>
  useQuery<StepCounter, ApiError>({
    queryKey: ['customer-steps', customerId],
    queryFn: ({ signal }) =>
      api.get('/step-counter', { query: { customer_id: customerId }, schema: stepCounter, signal }),
  });
