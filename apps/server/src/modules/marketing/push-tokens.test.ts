import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { customers } from '../customers/customers.tables';
import { microSiteFixtures, signedInHeaders } from '../micro-site/micro-site.fixtures';
import { customerPushTokens } from './marketing-accounts.tables';

const ctx = useTestApp();
const site = microSiteFixtures(ctx);

let phones = 0;
const newCustomer = async (locationId: string) => {
  const [row] = await ctx.database.db
    .insert(customers)
    .values({ location_id: locationId, customer_phone: `+90537${String(3_000_000 + ++phones)}` })
    .returning({ _id: customers._id });
  return row!._id;
};

describe('push device tokens', () => {
  it('registers and removes the signed-in customer’s token; without a session nothing', async () => {
    const mall = await site.newMall();
    const ayse = await newCustomer(mall._id);
    const ali = await newCustomer(mall._id);
    const token = `fcm-token-${'x'.repeat(40)}`;
    const call = async (who: string | undefined, method: 'PUT' | 'DELETE', payload: object) =>
      ctx.app.inject({
        method,
        url: '/api/ext/app/customers/push-token',
        headers: who
          ? await signedInHeaders(ctx.database.db, mall, who)
          : { authorization: `Bearer ${mall.token}` },
        payload,
      });
    const tokensOf = (customerId: string) =>
      ctx.database.db
        .select({ token: customerPushTokens.push_token, language: customerPushTokens.push_token_language })
        .from(customerPushTokens)
        .where(
          and(eq(customerPushTokens.location_id, mall._id), eq(customerPushTokens.customer_id, customerId)),
        );
    const pushTokenOf = async (customerId: string) =>
      (
        await ctx.database.db
          .select({ token: customers.customer_push_token })
          .from(customers)
          .where(eq(customers._id, customerId))
      )[0]!.token;

    expect((await call(undefined, 'PUT', { push_token: token })).statusCode).toBe(401);
    const bad = await call(ayse, 'PUT', { push_token: 'short' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['push_token']);

    const first = await call(ayse, 'PUT', {
      push_token: token,
      push_token_platform: 'android',
      push_token_language: 'en',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ registered: true });
    expect((await call(ayse, 'PUT', { push_token: token, push_token_language: 'tr' })).statusCode).toBe(200);
    expect(await tokensOf(ayse)).toEqual([{ token, language: 'tr' }]);
    expect(await pushTokenOf(ayse)).toBe(token);

    // The phone signed in by another customer: the token moves.
    expect((await call(ali, 'PUT', { push_token: token })).statusCode).toBe(200);
    expect(await tokensOf(ayse)).toEqual([]);
    expect(await tokensOf(ali)).toHaveLength(1);
    // Ayşe cannot remove Ali's token.
    expect((await call(ayse, 'DELETE', { push_token: token })).statusCode).toBe(200);
    expect(await tokensOf(ali)).toHaveLength(1);
    expect((await call(undefined, 'DELETE', { push_token: token })).statusCode).toBe(401);
    const removed = await call(ali, 'DELETE', { push_token: token });
    expect(removed.json()).toEqual({ registered: false });
    expect(await tokensOf(ali)).toEqual([]);
    expect(await pushTokenOf(ali)).toBeNull();
  });
});
