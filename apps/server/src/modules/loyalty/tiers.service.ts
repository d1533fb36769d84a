import type { ListResponse, LoyaltyTier, LoyaltyTierValues } from '@avlu/contracts';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { audit } from '../../platform/audit';
import type { Database } from '../../platform/db/database';
import { type ListRequest, listPage, listSource } from '../../platform/db/list';
import { alphabetical } from '../../platform/db/search';
import { violatedIndex } from '../../platform/db/unique-names';
import { invalidFields, notFound } from '../../platform/errors';
import type { Acting } from '../users/acting';
import { type LoyaltyTierRow, loyaltyTiers, pointBalances } from './loyalty.tables';

const fields = {
  _id: loyaltyTiers._id,
  loyalty_tier_title: loyaltyTiers.loyalty_tier_title,
  loyalty_tier_title_en: loyaltyTiers.loyalty_tier_title_en,
  loyalty_tier_min_points: loyaltyTiers.loyalty_tier_min_points,
  loyalty_tier_point_multiplier: loyaltyTiers.loyalty_tier_point_multiplier,
  loyalty_tier_priority: loyaltyTiers.loyalty_tier_priority,
  loyalty_tier_customer_count: sql<number>`(select count(*)::int from ${pointBalances} b where b.loyalty_tier_id = ${loyaltyTiers._id})`,
  created_at: loyaltyTiers.created_at,
  updated_at: loyaltyTiers.updated_at,
};
type Row = Omit<LoyaltyTier, 'createdAt' | 'updatedAt'> & { created_at: Date; updated_at: Date };

const toTier = ({ created_at, updated_at, ...row }: Row): LoyaltyTier => ({
  ...row,
  createdAt: created_at.toISOString(),
  updatedAt: updated_at.toISOString(),
});

export const tierList = listSource({
  table: loyaltyTiers,
  fields,
  uniqueKey: loyaltyTiers._id,
  search: [loyaltyTiers.loyalty_tier_title, loyaltyTiers.loyalty_tier_title_en],
  sortable: {
    loyalty_tier_title: alphabetical(loyaltyTiers.loyalty_tier_title),
    loyalty_tier_min_points: loyaltyTiers.loyalty_tier_min_points,
    loyalty_tier_point_multiplier: loyaltyTiers.loyalty_tier_point_multiplier,
    loyalty_tier_priority: loyaltyTiers.loyalty_tier_priority,
    createdAt: loyaltyTiers.created_at,
  },
  defaultSort: { orderBy: 'loyalty_tier_priority', order: 'asc' },
});
type SortKey = keyof typeof tierList.sortable;

const inMall = (locationId: string) => eq(loyaltyTiers.location_id, locationId);

/** `GET /loyalty-tier`: every tier of the mall, by priority (pickers: a gift's minimum tier, segments). */
export const allTiers = async (db: Database, locationId: string): Promise<LoyaltyTier[]> =>
  (
    await db
      .select(fields)
      .from(loyaltyTiers)
      .where(inMall(locationId))
      .orderBy(asc(loyaltyTiers.loyalty_tier_priority))
  ).map(toTier);

/** `POST /loyalty-tier/filter`: one page. */
export const listTiers = async (
  db: Database,
  locationId: string,
  query: ListRequest<SortKey>,
): Promise<ListResponse<LoyaltyTier>> => {
  const page = await listPage(db, tierList, query, inMall(locationId));
  return { ...page, data: page.data.map(toTier) };
};

export const findTier = async (db: Database, locationId: string, id: string) => {
  const [row] = await db
    .select(fields)
    .from(loyaltyTiers)
    .where(and(eq(loyaltyTiers._id, id), inMall(locationId)));
  if (!row) throw notFound();
  return toTier(row);
};

/**
 * The tier a balance row's points reach in its mall, as SQL over the row being updated: the highest
 * minimum reached, ties to the higher priority (the lower number); null below every minimum.
 */
export const reachedTier = sql`(
  select t._id from ${loyaltyTiers} t
  where t.location_id = ${pointBalances.location_id}
    and t.loyalty_tier_min_points <= ${pointBalances.point_tier_points}
  order by t.loyalty_tier_min_points desc, t.loyalty_tier_priority asc
  limit 1
)`;

/**
 * Places every customer of the mall in the tier their points reach now, in one statement: after a
 * tier is added, changed or removed. Only rows whose tier changes are written.
 */
export const placeCustomersInTiers = async (db: Database, locationId: string) => {
  await db
    .update(pointBalances)
    .set({ loyalty_tier_id: reachedTier })
    .where(
      and(
        eq(pointBalances.location_id, locationId),
        sql`${pointBalances.loyalty_tier_id} is distinct from ${reachedTier}`,
      ),
    );
};

/** The priority's unique index, as the form's field: 'Loyalty tier priority already used' (§8). */
const rethrowPriorityTaken = (error: unknown): never => {
  if (violatedIndex(error) === 'loyalty_tiers_priority')
    throw invalidFields({ loyalty_tier_priority: 'loyaltyTierPriorityTaken' });
  throw error;
};

const assertPriorityFree = async (db: Database, locationId: string, priority: number, except?: string) => {
  const [taken] = await db
    .select({ _id: loyaltyTiers._id })
    .from(loyaltyTiers)
    .where(
      and(
        inMall(locationId),
        eq(loyaltyTiers.loyalty_tier_priority, priority),
        except ? ne(loyaltyTiers._id, except) : undefined,
      ),
    );
  if (taken) throw invalidFields({ loyalty_tier_priority: 'loyaltyTierPriorityTaken' });
};

const auditTier = (
  db: Database,
  actor: Acting,
  action: string,
  row: Pick<LoyaltyTierRow, '_id'> & LoyaltyTierValues,
) =>
  audit(db, actor, {
    action,
    entity: 'loyalty_tier',
    entityId: row._id,
    details: {
      loyalty_tier_title: row.loyalty_tier_title,
      loyalty_tier_min_points: row.loyalty_tier_min_points,
      loyalty_tier_point_multiplier: row.loyalty_tier_point_multiplier,
      loyalty_tier_priority: row.loyalty_tier_priority,
    },
  });

/** `POST /loyalty-tier`: customers whose points reach it move into it at once. */
export const createTier = (db: Database, locationId: string, values: LoyaltyTierValues, actor: Acting) =>
  db
    .transaction(async (tx) => {
      await assertPriorityFree(tx, locationId, values.loyalty_tier_priority);
      const [row] = await tx
        .insert(loyaltyTiers)
        .values({ ...values, location_id: locationId })
        .returning({ _id: loyaltyTiers._id });
      await placeCustomersInTiers(tx, locationId);
      await auditTier(tx, actor, 'loyalty_tier.create', { ...values, _id: row!._id });
      return findTier(tx, locationId, row!._id);
    })
    .catch(rethrowPriorityTaken);

/** `PUT /loyalty-tier/{id}`: a changed minimum moves customers in or out at once. */
export const updateTier = (
  db: Database,
  locationId: string,
  id: string,
  values: LoyaltyTierValues,
  actor: Acting,
) =>
  db
    .transaction(async (tx) => {
      await findTier(tx, locationId, id);
      await assertPriorityFree(tx, locationId, values.loyalty_tier_priority, id);
      await tx
        .update(loyaltyTiers)
        .set(values)
        .where(and(eq(loyaltyTiers._id, id), inMall(locationId)));
      await placeCustomersInTiers(tx, locationId);
      await auditTier(tx, actor, 'loyalty_tier.update', { ...values, _id: id });
      return findTier(tx, locationId, id);
    })
    .catch(rethrowPriorityTaken);

/** `DELETE /loyalty-tier/{id}`: its customers fall to the next tier their points reach. */
export const deleteTier = (db: Database, locationId: string, id: string, actor: Acting) =>
  db.transaction(async (tx) => {
    const tier = await findTier(tx, locationId, id);
    await tx.delete(loyaltyTiers).where(and(eq(loyaltyTiers._id, id), inMall(locationId)));
    await placeCustomersInTiers(tx, locationId);
    await auditTier(tx, actor, 'loyalty_tier.delete', tier);
  });
