import type { Location } from '@avlu/contracts';
import type { TestContext } from '../../../test/helper';
import { signedInHeaders } from '../micro-site/micro-site.fixtures';
import { postPoints } from './ledger.service';
import { loyaltyTiers } from './loyalty.tables';

/** Test helpers of the gifts' API tests: tiers, points, gifts and calls as a signed-in micro-site customer. */
export const giftFixtures = (ctx: TestContext) => {
  /** Bronz (0 points, priority 3), Gümüş (1,000, 2) and Altın (5,000, 1) in the mall. */
  const tiersOf = async (mallId: string) => {
    const rows = await ctx.database.db
      .insert(loyaltyTiers)
      .values(
        (
          [
            ['Bronz', 0, 3],
            ['Gümüş', 1000, 2],
            ['Altın', 5000, 1],
          ] as const
        ).map(([title, min, priority]) => ({
          location_id: mallId,
          loyalty_tier_title: title,
          loyalty_tier_min_points: min,
          loyalty_tier_point_multiplier: 1,
          loyalty_tier_priority: priority,
        })),
      )
      .returning({ _id: loyaltyTiers._id, title: loyaltyTiers.loyalty_tier_title });
    const id = (title: string) => rows.find((row) => row.title === title)!._id;
    return { bronze: id('Bronz'), silver: id('Gümüş'), gold: id('Altın') };
  };

  /** The customer earns `amount` points (their tier follows). */
  const earn = (mallId: string, customerId: string, amount: number) =>
    ctx.database.db.transaction((tx) =>
      postPoints(tx, {
        locationId: mallId,
        customerId,
        kind: 'earn',
        amount,
        cause: 'receipt',
        actor: 'system',
        idempotencyKey: `test-earn:${customerId}:${Math.random()}`,
      }),
    );

  const newGift = async (mallId: string, body: Record<string, unknown>) => {
    const response = await ctx.inject({
      method: 'POST',
      url: `/api/loyalty-gift?locationId=${mallId}`,
      payload: {
        loyalty_gift_title: `Hediye ${Math.random().toString(36).slice(2, 8)}`,
        loyalty_gift_point_quantity: 100,
        loyalty_gift_stock_quantity: 5,
        loyalty_gift_is_active: true,
        loyalty_gift_send_type: 'by_hand',
        ...body,
      },
    });
    if (response.statusCode !== 201) throw new Error(response.body);
    return response.json() as { _id: string };
  };

  const burn = (
    mallId: string,
    body: object,
    key = `key-${Math.random().toString(36).slice(2)}`,
    lang = 'tr',
  ) =>
    ctx.inject({
      method: 'POST',
      url: `/api/loyalty-customer/burn-points?locationId=${mallId}`,
      headers: { 'idempotency-key': key, 'accept-language': lang },
      payload: body,
    });

  /** A signed-in micro-site customer of the mall. */
  const microSite = async (mall: Location, customerId: string) => {
    const headers = await signedInHeaders(ctx.database.db, mall, customerId);
    return {
      available: () =>
        ctx.app.inject({ method: 'GET', url: '/api/ext/loyalty-customer/available-gifts', headers }),
      claim: (body: object, key?: string) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/ext/loyalty-customer/get-the-gift',
          headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) },
          payload: body,
        }),
    };
  };

  return { tiersOf, earn, newGift, burn, microSite };
};
