import {
  type ListResponse,
  type PointProvider,
  type PointProviderFilter,
  type PointProviderInput,
  type PointProviderSortKey,
  pointProviderInput,
} from '@avlu/contracts';
import { and, eq, getTableColumns, inArray, ne, type SQL } from 'drizzle-orm';
import { audit } from '../../platform/audit';
import type { Database } from '../../platform/db/database';
import { type ListRequest, listOrder, listPage, listSource } from '../../platform/db/list';
import { alphabetical } from '../../platform/db/search';
import { assertNamesFree, nameKey, rethrowNameTaken } from '../../platform/db/unique-names';
import { AppError, invalidFields, notFound } from '../../platform/errors';
import { storeCategories, stores } from '../stores/stores.tables';
import type { Acting } from '../users/acting';
import { pointProviders } from './point-providers.tables';

const inMall = (locationId: string) => eq(pointProviders.location_id, locationId);

export const pointProviderList = listSource({
  table: pointProviders,
  fields: getTableColumns(pointProviders),
  uniqueKey: pointProviders._id,
  search: [pointProviders.point_provider_name],
  sortable: {
    point_provider_name: alphabetical(pointProviders.point_provider_name),
    point_provider_type: pointProviders.point_provider_type,
    point_provider_priority: pointProviders.point_provider_priority,
    point_provider_min_amount: pointProviders.point_provider_min_amount,
    point_provider_points_multiplier: pointProviders.point_provider_points_multiplier,
    point_provider_start_at: pointProviders.point_provider_start_at,
    point_provider_end_at: pointProviders.point_provider_end_at,
    createdAt: pointProviders.created_at,
  } satisfies Record<PointProviderSortKey, unknown>,
  // The order a receipt is matched in: the highest priority first.
  defaultSort: { orderBy: 'point_provider_priority', order: 'asc' },
});

type Row = typeof pointProviders.$inferSelect;

const toProvider = ({
  location_id: _,
  point_provider_name_key,
  created_at,
  updated_at,
  ...row
}: Row): PointProvider => ({
  ...row,
  createdAt: created_at.toISOString(),
  updatedAt: updated_at.toISOString(),
});

const where = (locationId: string, filter: PointProviderFilter = {}): SQL | undefined =>
  and(
    inMall(locationId),
    filter.point_provider_type === undefined
      ? undefined
      : eq(pointProviders.point_provider_type, filter.point_provider_type),
  );

/**
 * GET /point-providers (every provider with showAll, else one page) and POST /point-providers/filter
 * (one page): keyword on the name, filter by type, the highest priority first unless told otherwise.
 */
export const listPointProviders = async (
  db: Database,
  locationId: string,
  query: ListRequest<PointProviderSortKey> & {
    filter?: (PointProviderFilter & { showAll?: boolean | undefined }) | undefined;
  },
): Promise<PointProvider[] | ListResponse<PointProvider>> => {
  const { showAll, ...filter } = query.filter ?? {};
  if (showAll)
    return (
      await db
        .select(pointProviderList.fields)
        .from(pointProviders)
        .where(where(locationId, filter))
        .orderBy(...listOrder(pointProviderList, query))
    ).map(toProvider);
  const page = await listPage(db, pointProviderList, query, where(locationId, filter));
  return { ...page, data: page.data.map(toProvider) };
};

const findRow = async (db: Database, locationId: string, id: string) =>
  (
    await db
      .select()
      .from(pointProviders)
      .where(and(eq(pointProviders._id, id), inMall(locationId)))
  )[0];

/** GET /point-providers/{id}: 404 for an id of another mall. */
export const getPointProvider = async (db: Database, locationId: string, id: string) => {
  const row = await findRow(db, locationId, id);
  if (!row) throw notFound();
  return toProvider(row);
};

/** 400 naming `<field>.<index>` for the first id that is not one of the mall's (`table`'s) records. */
const assertIdsOfMall = async (
  db: Database,
  table: typeof stores | typeof storeCategories,
  locationId: string,
  field: string,
  ids: readonly string[],
  key: string,
) => {
  if (ids.length === 0) return;
  const found = await db
    .select({ _id: table._id })
    .from(table)
    .where(and(inArray(table._id, [...ids]), eq(table.location_id, locationId)));
  const known = new Set(found.map((row) => row._id));
  const index = ids.findIndex((id) => !known.has(id));
  if (index >= 0) throw invalidFields({ [`${field}.${index}`]: key });
};

/** The 409 of a priority another provider of the mall holds, naming `point_provider_priority`. */
const priorityTaken = () =>
  new AppError('CONFLICT', 409, { fields: { point_provider_priority: 'pointProviderPriorityTaken' } });

/** A write's `.catch`: a race lost at a unique index answers as the checks before it would have. */
const whenTaken = (error: unknown): never => {
  for (let cause = error, depth = 0; cause && typeof cause === 'object' && depth < 3; depth++) {
    const { code, constraint } = cause as { code?: unknown; constraint?: unknown };
    if (code === '23505' && constraint === 'point_providers_priority') throw priorityTaken();
    cause = (cause as { cause?: unknown }).cause;
  }
  return rethrowNameTaken({ point_providers_name_key: 'point_provider_name' })(error);
};

/**
 * The checks of a create or an update, in its transaction: the contracts rules, stores and
 * categories of the mall, the name and the priority free among the mall's other providers.
 */
const checkedColumns = async (
  db: Database,
  locationId: string,
  input: PointProviderInput,
  except?: string,
) => {
  const values = pointProviderInput.parse(input);
  await assertIdsOfMall(
    db,
    stores,
    locationId,
    'point_provider_store_ids',
    values.point_provider_store_ids,
    'campaignStoreNotFound',
  );
  await assertIdsOfMall(
    db,
    storeCategories,
    locationId,
    'point_provider_category_ids',
    values.point_provider_category_ids,
    'storeCategoryNotFound',
  );
  await assertNamesFree(
    db,
    pointProviders,
    pointProviders._id,
    [
      {
        key: pointProviders.point_provider_name_key,
        name: values.point_provider_name,
        field: 'point_provider_name',
      },
    ],
    { scope: inMall(locationId), except },
  );
  const [holder] = await db
    .select({ _id: pointProviders._id })
    .from(pointProviders)
    .where(
      and(
        inMall(locationId),
        eq(pointProviders.point_provider_priority, values.point_provider_priority),
        except ? ne(pointProviders._id, except) : undefined,
      ),
    )
    .limit(1);
  if (holder) throw priorityTaken();
  return { ...values, point_provider_name_key: nameKey(values.point_provider_name) };
};

const auditProvider = (db: Database, actor: Acting, action: string, row: PointProvider) =>
  audit(db, actor, {
    action,
    entity: 'point_provider',
    entityId: row._id,
    details: {
      point_provider_name: row.point_provider_name,
      point_provider_type: row.point_provider_type,
      point_provider_priority: row.point_provider_priority,
      point_provider_points_multiplier: row.point_provider_points_multiplier,
    },
  });

/** POST /point-providers. */
export const createPointProvider = (
  db: Database,
  locationId: string,
  input: PointProviderInput,
  actor: Acting,
) =>
  db
    .transaction(async (tx) => {
      const columns = await checkedColumns(tx, locationId, input);
      const [row] = await tx
        .insert(pointProviders)
        .values({ ...columns, location_id: locationId })
        .returning();
      const created = toProvider(row!);
      await auditProvider(tx, actor, 'point_provider.created', created);
      return created;
    })
    .catch(whenTaken);

/** PUT /point-providers/{id}: the whole provider again; 404 for another mall's. */
export const updatePointProvider = (
  db: Database,
  locationId: string,
  id: string,
  input: PointProviderInput,
  actor: Acting,
) =>
  db
    .transaction(async (tx) => {
      if (!(await findRow(tx, locationId, id))) throw notFound();
      const columns = await checkedColumns(tx, locationId, input, id);
      const [row] = await tx
        .update(pointProviders)
        .set(columns)
        .where(and(eq(pointProviders._id, id), inMall(locationId)))
        .returning();
      const updated = toProvider(row!);
      await auditProvider(tx, actor, 'point_provider.updated', updated);
      return updated;
    })
    .catch(whenTaken);

/** DELETE /point-providers/{id}: 404 for another mall's. Receipts already scored keep their points. */
export const deletePointProvider = (db: Database, locationId: string, id: string, actor: Acting) =>
  db.transaction(async (tx) => {
    const [row] = await tx
      .delete(pointProviders)
      .where(and(eq(pointProviders._id, id), inMall(locationId)))
      .returning();
    if (!row) throw notFound();
    await auditProvider(tx, actor, 'point_provider.deleted', toProvider(row));
  });
