import { tierFor } from '@avlu/contracts';
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { AppError } from '../../platform/errors';
import { type PointChange, postPoints, resetCustomerPoints, withIdempotency } from './ledger.service';
import { newLoyaltyCustomer } from './loyalty.fixtures';
import { loyaltyTiers, pointBalances, pointEntries } from './loyalty.tables';

const ctx = useTestApp();

type Op =
  | { kind: 'earn' | 'burn' | 'refund' | 'adjust'; who: 0 | 1; amount: number }
  | { kind: 'reset'; who: 0 | 1 }
  | { kind: 'retry'; back: number };

const amount = fc.integer({ min: 1, max: 500 });
const who = fc.constantFrom(0 as const, 1 as const);
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('earn' as const), who, amount }),
  fc.record({ kind: fc.constant('burn' as const), who, amount }),
  fc.record({ kind: fc.constant('refund' as const), who, amount }),
  fc.record({
    kind: fc.constant('adjust' as const),
    who,
    amount: fc.integer({ min: -400, max: 400 }).filter((value) => value !== 0),
  }),
  fc.record({ kind: fc.constant('reset' as const), who }),
  fc.record({ kind: fc.constant('retry' as const), back: fc.integer({ min: 1, max: 5 }) }),
);

type Model = { balance: number; tierPoints: number; hasRow: boolean };
const TIERS = [
  { loyalty_tier_min_points: 0, loyalty_tier_priority: 3, title: 'Bronz' },
  { loyalty_tier_min_points: 300, loyalty_tier_priority: 2, title: 'Gümüş' },
  { loyalty_tier_min_points: 900, loyalty_tier_priority: 1, title: 'Altın' },
];

/** The model of one change: what the ledger must do, or undefined where it must refuse. */
const apply = (model: Model, change: Op): Model | undefined => {
  switch (change.kind) {
    case 'earn':
      return {
        balance: model.balance + change.amount,
        tierPoints: model.tierPoints + change.amount,
        hasRow: true,
      };
    case 'refund':
      return { ...model, balance: model.balance + change.amount, hasRow: true };
    case 'burn':
      return model.balance >= change.amount
        ? { ...model, balance: model.balance - change.amount }
        : undefined;
    case 'adjust':
      if (model.balance + change.amount < 0) return undefined;
      return {
        balance: model.balance + change.amount,
        tierPoints: Math.max(model.tierPoints + change.amount, 0),
        hasRow: model.hasRow || change.amount > 0,
      };
    case 'reset':
      return model.hasRow ? { balance: 0, tierPoints: 0, hasRow: true } : model;
    default:
      return model;
  }
};

/**
 * Random sequences of earn, burn, refund, adjust, reset and retried requests on two customers: after
 * every step the balance row equals the model, never goes below zero, equals the sum of the entries
 * and the last entry's balance after it; the tier is the one the model's tier points reach.
 */
describe('the points ledger against its model', () => {
  it('holds for random sequences of changes', async () => {
    const runs = process.env.TEST_ENGINE === 'postgres' ? 60 : 25;
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        const mall = await ctx.newLocation();
        const tierIds = new Map<string, string>();
        for (const tier of TIERS) {
          const [row] = await ctx.database.db
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
        const customerIds = [
          await newLoyaltyCustomer(ctx.database.db, mall._id),
          await newLoyaltyCustomer(ctx.database.db, mall._id),
        ];
        const models: Model[] = [
          { balance: 0, tierPoints: 0, hasRow: false },
          { balance: 0, tierPoints: 0, hasRow: false },
        ];
        const keys: { key: string; change: Op }[] = [];
        run++;
        for (const [step, planned] of ops.entries()) {
          let change = planned;
          let key = `model:${run}:${step}`;
          if (planned.kind === 'retry') {
            const earlier = keys.at(-Math.min(planned.back, keys.length));
            if (!earlier) continue;
            ({ key, change } = earlier);
          }
          if (change.kind === 'retry') continue;
          const customerId = customerIds[change.who]!;
          const expected = planned.kind === 'retry' ? models[change.who] : apply(models[change.who]!, change);
          const write = () =>
            ctx.database.db.transaction(async (tx) => {
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
              const signed = change.kind === 'burn' ? -change.amount : change.amount;
              const posted: PointChange = {
                locationId: mall._id,
                customerId,
                kind: change.kind,
                amount: signed,
                cause:
                  change.kind === 'adjust'
                    ? 'adjustment'
                    : change.kind === 'earn'
                      ? 'receipt'
                      : 'gift_redemption',
                actor: 'system',
                idempotencyKey: key,
              };
              return postPoints(tx, posted);
            });
          const outcome = await withIdempotency(ctx.database.db, mall._id, key, write).then(
            () => 'written',
            (error: unknown) => (error instanceof AppError ? 'refused' : Promise.reject(error)),
          );
          if (planned.kind !== 'retry') {
            if (expected === undefined) expect(outcome, `${step}: ${JSON.stringify(change)}`).toBe('refused');
            else {
              models[change.who] = expected;
              if (outcome === 'written') keys.push({ key, change });
            }
          }
          for (const [index, id] of customerIds.entries()) {
            const model = models[index]!;
            const [row] = await ctx.database.db
              .select()
              .from(pointBalances)
              .where(eq(pointBalances.customer_id, id));
            const [sum] = await ctx.database.db
              .select({ total: sql<number>`coalesce(sum(${pointEntries.point_entry_amount}), 0)::int` })
              .from(pointEntries)
              .where(and(eq(pointEntries.customer_id, id), eq(pointEntries.location_id, mall._id)));
            const [last] = await ctx.database.db
              .select({ after: pointEntries.point_entry_balance_after })
              .from(pointEntries)
              .where(eq(pointEntries.customer_id, id))
              .orderBy(sql`${pointEntries.created_at} desc, ${pointEntries._id} desc`)
              .limit(1);
            const context = `after step ${step} (${JSON.stringify(change)}), customer ${index}`;
            expect(row?.point_balance ?? 0, context).toBe(model.balance);
            expect(row?.point_tier_points ?? 0, context).toBe(model.tierPoints);
            expect(sum?.total, context).toBe(model.balance);
            expect(last?.after ?? 0, context).toBe(model.balance);
            const reached = model.hasRow ? tierFor(TIERS, model.tierPoints)?.title : undefined;
            expect(row?.loyalty_tier_id ?? undefined, context).toBe(
              reached ? tierIds.get(reached) : undefined,
            );
          }
        }
      }),
      { numRuns: runs },
    );
  }, 600_000);
});
