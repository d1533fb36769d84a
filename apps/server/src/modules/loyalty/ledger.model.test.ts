import { tierFor } from '@avlu/contracts';
import { and, count, eq, ne, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { AppError } from '../../platform/errors';
import { loyaltyGifts, loyaltyRedemptions } from './gifts.tables';
import { postPoints, resetCustomerPoints, withIdempotency } from './ledger.service';
import { newLoyaltyCustomer } from './loyalty.fixtures';
import { loyaltyTiers, pointBalances, pointEntries } from './loyalty.tables';
import { cancelRedemption, redeemGift } from './redemptions.service';

const ctx = useTestApp();

type Who = 0 | 1;
type Op =
  | { kind: 'earn' | 'adjust'; who: Who; amount: number }
  | { kind: 'burn'; who: Who; gift: 0 | 1; via: 'desk' | 'micro_site' }
  | { kind: 'cancel'; pick: number }
  | { kind: 'reset'; who: Who }
  | { kind: 'retry'; back: number };

const who = fc.constantFrom(0 as const, 1 as const);
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('earn' as const), who, amount: fc.integer({ min: 1, max: 500 }) }),
  fc.record({
    kind: fc.constant('burn' as const),
    who,
    gift: fc.constantFrom(0 as const, 1 as const),
    via: fc.constantFrom('desk' as const, 'micro_site' as const),
  }),
  fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat({ max: 20 }) }),
  fc.record({
    kind: fc.constant('adjust' as const),
    who,
    amount: fc.integer({ min: -400, max: 400 }).filter((value) => value !== 0),
  }),
  fc.record({ kind: fc.constant('reset' as const), who }),
  fc.record({ kind: fc.constant('retry' as const), back: fc.integer({ min: 1, max: 5 }) }),
);

type Customer = { balance: number; tierPoints: number; hasRow: boolean };
type Redemption = { id: string; who: Who; gift: 0 | 1; cancelled: boolean };
type Model = { customers: [Customer, Customer]; stock: [number, number]; redemptions: Redemption[] };

const TIERS = [
  { loyalty_tier_min_points: 0, loyalty_tier_priority: 3, title: 'Bronz' },
  { loyalty_tier_min_points: 300, loyalty_tier_priority: 2, title: 'Gümüş' },
  { loyalty_tier_min_points: 900, loyalty_tier_priority: 1, title: 'Altın' },
];
/** Two gifts of the mall, for every tier: a cheap one of little stock and a dear one. */
const GIFTS = [
  { title: 'Kahve', points: 120, stock: 2 },
  { title: 'Sinema bileti', points: 300, stock: 3 },
] as const;

const withCustomer = (model: Model, index: Who, customer: Customer): Model => {
  const customers = [...model.customers] as Model['customers'];
  customers[index] = customer;
  return { ...model, customers };
};

/**
 * The model of one change: what the ledger and the gifts must do, or undefined where they must
 * refuse. `redemptionId` is the id the real redemption got (the model cannot know it beforehand).
 */
const apply = (model: Model, change: Op, redemptionId?: string): Model | undefined => {
  switch (change.kind) {
    case 'earn': {
      const customer = model.customers[change.who];
      return withCustomer(model, change.who, {
        balance: customer.balance + change.amount,
        tierPoints: customer.tierPoints + change.amount,
        hasRow: true,
      });
    }
    case 'adjust': {
      const customer = model.customers[change.who];
      if (customer.balance + change.amount < 0) return undefined;
      return withCustomer(model, change.who, {
        balance: customer.balance + change.amount,
        tierPoints: Math.max(customer.tierPoints + change.amount, 0),
        hasRow: customer.hasRow || change.amount > 0,
      });
    }
    case 'burn': {
      const customer = model.customers[change.who];
      const gift = GIFTS[change.gift];
      if (customer.balance < gift.points || model.stock[change.gift] === 0) return undefined;
      const stock = [...model.stock] as Model['stock'];
      stock[change.gift]--;
      return {
        ...withCustomer(model, change.who, { ...customer, balance: customer.balance - gift.points }),
        stock,
        redemptions: [
          ...model.redemptions,
          { id: redemptionId!, who: change.who, gift: change.gift, cancelled: false },
        ],
      };
    }
    case 'cancel': {
      const index = change.pick % model.redemptions.length;
      const redemption = model.redemptions[index]!;
      if (redemption.cancelled) return undefined;
      const customer = model.customers[redemption.who];
      const stock = [...model.stock] as Model['stock'];
      stock[redemption.gift]++;
      const redemptions = [...model.redemptions];
      redemptions[index] = { ...redemption, cancelled: true };
      return {
        ...withCustomer(model, redemption.who, {
          ...customer,
          balance: customer.balance + GIFTS[redemption.gift].points,
          hasRow: true,
        }),
        stock,
        redemptions,
      };
    }
    case 'reset': {
      const customer = model.customers[change.who];
      return customer.hasRow
        ? withCustomer(model, change.who, { balance: 0, tierPoints: 0, hasRow: true })
        : model;
    }
    default:
      return model;
  }
};

/**
 * Random sequences of earn, adjust, reset, gifts redeemed (`redeemGift`, at the desk or on the
 * micro-site), redemptions cancelled (`cancelRedemption`: the points and the stock back) and retried
 * requests on two customers and two gifts: after every step each balance row equals the model, never
 * goes below zero, equals the sum of its entries and the last entry's balance after it, and its tier
 * is the one the model's tier points reach; each gift's stock equals the model, never goes below
 * zero, and with its active (not cancelled) redemptions makes its first stock; every entry written
 * names who made it.
 */
describe('the points ledger and the gifts against their model', () => {
  it('holds for random sequences of changes', async () => {
    const runs = process.env.TEST_ENGINE === 'postgres' ? 60 : 25;
    const clerk = await ctx.newStaff();
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        const db = ctx.database.db;
        const mall = await ctx.newLocation();
        const tierIds = new Map<string, string>();
        for (const tier of TIERS) {
          const [row] = await db
            .insert(loyaltyTiers)
            .values({
              location_id: mall._id,
              loyalty_tier_title: tier.title,
              loyalty_tier_min_points: tier.loyalty_tier_min_points,
              loyalty_tier_point_multiplier: 1,
              loyalty_tier_priority: tier.loyalty_tier_priority,
            })
            .returning({ _id: loyaltyTiers._id });
          tierIds.set(tier.title, row!._id);
        }
        const giftIds: string[] = [];
        for (const gift of GIFTS) {
          const [row] = await db
            .insert(loyaltyGifts)
            .values({
              location_id: mall._id,
              loyalty_gift_title: gift.title,
              loyalty_gift_title_key: gift.title.toLocaleLowerCase('tr'),
              loyalty_gift_point_quantity: gift.points,
              loyalty_gift_stock_quantity: gift.stock,
              loyalty_gift_send_type: 'by_hand',
            })
            .returning({ _id: loyaltyGifts._id });
          giftIds.push(row!._id);
        }
        const customerIds = [
          await newLoyaltyCustomer(db, mall._id),
          await newLoyaltyCustomer(db, mall._id),
        ] as const;
        let model: Model = {
          customers: [
            { balance: 0, tierPoints: 0, hasRow: false },
            { balance: 0, tierPoints: 0, hasRow: false },
          ],
          stock: [GIFTS[0].stock, GIFTS[1].stock],
          redemptions: [],
        };
        const done: { key: string; change: Op }[] = [];
        run++;

        /** Makes one change for real; answers the redemption it made (a burn), or refuses. */
        const perform = async (change: Op, key: string): Promise<string | undefined> => {
          if (change.kind === 'burn') {
            const redemption = await redeemGift(db, mall._id, {
              customerId: customerIds[change.who],
              giftId: giftIds[change.gift]!,
              address: null,
              note: null,
              source: change.via,
              adminId: change.via === 'desk' ? clerk._id : null,
              idempotencyKey: key,
            });
            return redemption._id;
          }
          if (change.kind === 'cancel') {
            const redemption = model.redemptions[change.pick % model.redemptions.length]!;
            await cancelRedemption(
              db,
              mall._id,
              redemption.id,
              { loyalty_customer_note: 'Vazgeçti' },
              undefined,
            );
            return undefined;
          }
          if (change.kind === 'retry') return undefined;
          const customerId = customerIds[change.who];
          await withIdempotency(db, mall._id, key, () =>
            db.transaction(async (tx) => {
              if (change.kind === 'reset') {
                const entry = await resetCustomerPoints(tx, {
                  locationId: mall._id,
                  customerId,
                  causeId: mall._id,
                  idempotencyKey: key,
                });
                // Nothing to reset writes nothing; the key stays free, as an empty reset left nothing.
                if (!entry) throw new AppError('CONFLICT', 409);
                return entry;
              }
              return postPoints(tx, {
                locationId: mall._id,
                customerId,
                kind: change.kind,
                amount: change.amount,
                cause: change.kind === 'adjust' ? 'adjustment' : 'receipt',
                actor: 'system',
                idempotencyKey: key,
              });
            }),
          );
          return undefined;
        };

        /** Who the entry a change wrote names: the clerk at the desk, the customer on the micro-site, else the system. */
        const actorOf = (change: Op) =>
          change.kind === 'burn' && change.via === 'desk'
            ? { actor: 'staff', admin: clerk._id }
            : change.kind === 'burn'
              ? { actor: 'customer', admin: null }
              : { actor: 'system', admin: null };

        for (const [step, planned] of ops.entries()) {
          let change = planned;
          let key = `model:${run}:${step}`;
          if (planned.kind === 'retry') {
            const earlier = done.at(-Math.min(planned.back, done.length));
            if (!earlier) continue;
            ({ key, change } = earlier);
          }
          if (change.kind === 'cancel' && model.redemptions.length === 0) continue;
          const cancelled =
            change.kind === 'cancel' ? model.redemptions[change.pick % model.redemptions.length] : undefined;
          const context = `step ${step} (${JSON.stringify(planned)})`;
          const outcome = await perform(change, key).then(
            (redemptionId) => ({ written: true as const, redemptionId }),
            (error: unknown) =>
              error instanceof AppError ? { written: false as const } : Promise.reject(error),
          );
          if (planned.kind === 'retry') {
            // A retried key changes nothing: a cancel again is refused, any other answers the first.
            expect(outcome.written, context).toBe(change.kind !== 'cancel');
          } else {
            const expected = apply(model, change, outcome.written ? outcome.redemptionId : undefined);
            // A reset of a customer who never had points writes nothing (and is told so here).
            const empty = change.kind === 'reset' && !model.customers[change.who].hasRow;
            expect(outcome.written, context).toBe(expected !== undefined && !empty);
            if (outcome.written && expected) {
              // A retried cancel is of the same redemption, whatever was redeemed after it.
              done.push({
                key,
                change:
                  change.kind === 'cancel'
                    ? { ...change, pick: model.redemptions.indexOf(cancelled!) }
                    : change,
              });
              model = expected;
              const [entry] = await db
                .select({ actor: pointEntries.point_entry_actor, admin: pointEntries.admin_id })
                .from(pointEntries)
                .where(
                  and(
                    eq(pointEntries.location_id, mall._id),
                    eq(
                      pointEntries.point_entry_idempotency_key,
                      cancelled ? `gift-refund:${cancelled.id}` : key,
                    ),
                  ),
                );
              expect(entry, context).toEqual(actorOf(change));
            }
          }

          for (const [index, id] of customerIds.entries()) {
            const customer = model.customers[index as Who];
            const [row] = await db.select().from(pointBalances).where(eq(pointBalances.customer_id, id));
            const [sum] = await db
              .select({ total: sql<number>`coalesce(sum(${pointEntries.point_entry_amount}), 0)::int` })
              .from(pointEntries)
              .where(and(eq(pointEntries.customer_id, id), eq(pointEntries.location_id, mall._id)));
            const [last] = await db
              .select({ after: pointEntries.point_entry_balance_after })
              .from(pointEntries)
              .where(eq(pointEntries.customer_id, id))
              .orderBy(sql`${pointEntries.created_at} desc, ${pointEntries._id} desc`)
              .limit(1);
            const about = `after ${context}, customer ${index}`;
            expect(row?.point_balance ?? 0, about).toBeGreaterThanOrEqual(0);
            expect(row?.point_balance ?? 0, about).toBe(customer.balance);
            expect(row?.point_tier_points ?? 0, about).toBe(customer.tierPoints);
            expect(sum?.total, about).toBe(customer.balance);
            expect(last?.after ?? 0, about).toBe(customer.balance);
            const reached = customer.hasRow ? tierFor(TIERS, customer.tierPoints)?.title : undefined;
            expect(row?.loyalty_tier_id ?? undefined, about).toBe(reached ? tierIds.get(reached) : undefined);
          }
          for (const [index, giftId] of giftIds.entries()) {
            const [gift] = await db
              .select({ stock: loyaltyGifts.loyalty_gift_stock_quantity })
              .from(loyaltyGifts)
              .where(eq(loyaltyGifts._id, giftId));
            const [active] = await db
              .select({ count: count() })
              .from(loyaltyRedemptions)
              .where(
                and(
                  eq(loyaltyRedemptions.loyalty_gift_id, giftId),
                  ne(loyaltyRedemptions.loyalty_customer_status, 'cancelled'),
                ),
              );
            const about = `after ${context}, gift ${index}`;
            expect(gift!.stock, about).toBeGreaterThanOrEqual(0);
            expect(gift!.stock, about).toBe(model.stock[index as 0 | 1]);
            expect(gift!.stock + active!.count, about).toBe(GIFTS[index]!.stock);
          }
          const [redemptions] = await db
            .select({ count: count() })
            .from(loyaltyRedemptions)
            .where(eq(loyaltyRedemptions.location_id, mall._id));
          expect(redemptions!.count, `after ${context}`).toBe(model.redemptions.length);
        }
      }),
      {
        numRuns: runs,
        // One sequence always run besides the random ones: burns at the desk and on the micro-site, a
        // burn the stock refuses, cancels (one again, refused), a reset between and retries of each.
        examples: [
          [
            [
              { kind: 'earn', who: 0, amount: 500 },
              { kind: 'burn', who: 0, gift: 0, via: 'desk' },
              { kind: 'burn', who: 0, gift: 0, via: 'micro_site' },
              { kind: 'earn', who: 1, amount: 200 },
              { kind: 'burn', who: 1, gift: 0, via: 'micro_site' },
              { kind: 'retry', back: 2 },
              { kind: 'cancel', pick: 0 },
              { kind: 'retry', back: 1 },
              { kind: 'cancel', pick: 0 },
              { kind: 'reset', who: 0 },
              { kind: 'cancel', pick: 1 },
              { kind: 'burn', who: 1, gift: 0, via: 'desk' },
              { kind: 'burn', who: 0, gift: 1, via: 'desk' },
            ],
          ],
        ],
      },
    );
  }, 600_000);
});
