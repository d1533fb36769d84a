import type { PushTokenInput } from '@avlu/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { customerPushTokens } from './marketing-accounts.tables';

/**
 * A customer's push device tokens (issue 16 #4), through `/ext/app` with the customer's session.
 * Registering an app's token is an upsert on (mall, token): the same installation registering again
 * refreshes its platform, language and time, and a phone now signed in by another customer of the
 * mall moves the token to them. push-tokens.sql keeps `customers.customer_push_token` the newest.
 */
export const registerPushToken = async (
  db: Database,
  locationId: string,
  customerId: string,
  input: PushTokenInput,
) => {
  await db
    .insert(customerPushTokens)
    .values({
      location_id: locationId,
      customer_id: customerId,
      push_token: input.push_token,
      push_token_platform: input.push_token_platform ?? null,
      push_token_language: input.push_token_language ?? null,
    })
    .onConflictDoUpdate({
      target: [customerPushTokens.location_id, customerPushTokens.push_token],
      set: {
        customer_id: customerId,
        push_token_platform: input.push_token_platform ?? null,
        push_token_language: input.push_token_language ?? null,
        updated_at: sql`now()`,
      },
    });
  return { registered: true };
};

/** Forgets one of the signed-in customer's tokens (sign-out in the app); another customer's is left alone. */
export const removePushToken = async (
  db: Database,
  locationId: string,
  customerId: string,
  token: string,
) => {
  await db
    .delete(customerPushTokens)
    .where(
      and(
        eq(customerPushTokens.location_id, locationId),
        eq(customerPushTokens.customer_id, customerId),
        eq(customerPushTokens.push_token, token),
      ),
    );
  return { registered: false };
};
