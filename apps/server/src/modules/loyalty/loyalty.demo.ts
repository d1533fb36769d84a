import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { customers } from '../customers/customers.tables';
import { loyaltyTiers, pointBalances, pointEntries } from './loyalty.tables';
import { placeCustomersInTiers } from './tiers.service';

const demoTiers = [
  { loyalty_tier_title: 'Bronz', loyalty_tier_title_en: 'Bronze', min: 0, multiplier: 1, priority: 3 },
  { loyalty_tier_title: 'Gümüş', loyalty_tier_title_en: 'Silver', min: 1000, multiplier: 1.25, priority: 2 },
  { loyalty_tier_title: 'Altın', loyalty_tier_title_en: 'Gold', min: 5000, multiplier: 1.5, priority: 1 },
];

/** Deterministic spread of opening balances: most small, some reaching Silver, a few Gold. */
const openingPoints = (index: number) => {
  const step = (index * 7919) % 100;
  if (step < 60) return 50 + ((index * 37) % 900);
  if (step < 92) return 1000 + ((index * 53) % 3500);
  return 5000 + ((index * 71) % 6000);
};

/**
 * The demo mall's tiers (Bronz, Gümüş, Altın) and, for every other customer, the points carried
 * over from the mall's previous loyalty system: one `adjust` entry each with that reason, their
 * balance rows, and their tiers. Written in three statements, not entry by entry: nothing else runs
 * on the new mall yet.
 */
export const seedDemoLoyalty = async (db: Database, locationId: string) => {
  await db.insert(loyaltyTiers).values(
    demoTiers.map((tier) => ({
      location_id: locationId,
      loyalty_tier_title: tier.loyalty_tier_title,
      loyalty_tier_title_en: tier.loyalty_tier_title_en,
      loyalty_tier_min_points: tier.min,
      loyalty_tier_point_multiplier: tier.multiplier,
      loyalty_tier_priority: tier.priority,
    })),
  );
  const members = (
    await db
      .select({ _id: customers._id, created_at: customers.created_at })
      .from(customers)
      .where(eq(customers.location_id, locationId))
      .orderBy(asc(customers._id))
  ).filter((_, index) => index % 2 === 0);
  if (members.length === 0) return;
  const opening = members.map((member, index) => ({ ...member, points: openingPoints(index) }));
  await db.insert(pointBalances).values(
    opening.map((member) => ({
      customer_id: member._id,
      location_id: locationId,
      point_balance: member.points,
      point_tier_points: member.points,
      point_earned_total: member.points,
      point_last_entry_at: member.created_at,
    })),
  );
  await db.insert(pointEntries).values(
    opening.map((member) => ({
      location_id: locationId,
      customer_id: member._id,
      point_entry_kind: 'adjust' as const,
      point_entry_amount: member.points,
      point_entry_balance_after: member.points,
      point_entry_cause: 'adjustment' as const,
      point_entry_note: 'Önceki sadakat sisteminden devreden puan',
      point_entry_actor: 'system' as const,
      point_entry_idempotency_key: `demo-opening:${member._id}`,
      created_at: member.created_at,
    })),
  );
  await placeCustomersInTiers(db, locationId);
};
