import {
  type ListResponse,
  type ResetPoint,
  type ResetPointFilter,
  type ResetPointPreview,
  type ResetPointSortKey,
  type ResetPointValues,
  resetPointInput,
} from '@avlu/contracts';
import { and, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import { audit } from '../../platform/audit';
import type { Database } from '../../platform/db/database';
import { type ListRequest, listPage, listSource } from '../../platform/db/list';
import { alphabetical } from '../../platform/db/search';
import { AppError, invalidFields, notFound } from '../../platform/errors';
import { segmentOf } from '../customers/customers.service';
import { customers } from '../customers/customers.tables';
import { dateIn } from '../customers/mall-date';
import { locations } from '../locations/locations.tables';
import type { Acting } from '../users/acting';
import { loyaltyTiers, pointBalances, pointEntries } from './loyalty.tables';
import { type ResetPointRow, resetPoints } from './reset-points.tables';

/** The run's queue (reset-points.job.ts), declared where `move-to-in-queue` sends to it. */
declare module '../../platform/jobs' {
  interface JobQueues {
    /** One reset point's run; without an id, every run queued or begun and not finished (the sweep). */
    'loyalty.reset-points': { resetPointId?: string };
  }
}

const inMall = (locationId: string) => eq(resetPoints.location_id, locationId);

export const resetPointList = listSource({
  table: resetPoints,
  fields: getTableColumns(resetPoints),
  uniqueKey: resetPoints._id,
  search: [resetPoints.reset_point_name],
  sortable: {
    reset_point_name: alphabetical(resetPoints.reset_point_name),
    reset_point_type: resetPoints.reset_point_type,
    reset_point_status: resetPoints.reset_point_status,
    createdAt: resetPoints.created_at,
  } satisfies Record<ResetPointSortKey, unknown>,
  defaultSort: { orderBy: 'createdAt', order: 'desc' },
});

const iso = (value: Date | null) => value?.toISOString() ?? null;

const toResetPoint = ({
  location_id: _location,
  reset_point_cursor: _cursor,
  queued_by: _queuedBy,
  created_at,
  updated_at,
  ...row
}: ResetPointRow): ResetPoint => ({
  ...row,
  reset_point_queued_at: iso(row.reset_point_queued_at),
  reset_point_started_at: iso(row.reset_point_started_at),
  reset_point_finished_at: iso(row.reset_point_finished_at),
  createdAt: created_at.toISOString(),
  updatedAt: updated_at.toISOString(),
});

/** `POST /loyalty/reset-points/filter`: keyword on the name, filter by type and status, newest first. */
export const listResetPoints = async (
  db: Database,
  locationId: string,
  query: ListRequest<ResetPointSortKey> & { filter?: ResetPointFilter | undefined },
): Promise<ListResponse<ResetPoint>> => {
  const { reset_point_type: type, reset_point_status: status } = query.filter ?? {};
  const page = await listPage(
    db,
    resetPointList,
    query,
    and(
      inMall(locationId),
      type ? eq(resetPoints.reset_point_type, type) : undefined,
      status ? eq(resetPoints.reset_point_status, status) : undefined,
    ),
  );
  return { ...page, data: page.data.map((row) => toResetPoint(row as ResetPointRow)) };
};

const findRow = async (db: Database, locationId: string, id: string) => {
  const [row] = await db
    .select()
    .from(resetPoints)
    .where(and(eq(resetPoints._id, id), inMall(locationId)));
  if (!row) throw notFound();
  return row;
};

/** `GET /loyalty/reset-points/{id}`: 404 for another mall's. */
export const getResetPoint = async (db: Database, locationId: string, id: string) =>
  toResetPoint(await findRow(db, locationId, id));

/** 400 naming `reset_point_related_ids.<index>` for the first id that is not a tier of the mall. */
const assertTiersOfMall = async (db: Database, locationId: string, ids: readonly string[]) => {
  if (ids.length === 0) return;
  const found = await db
    .select({ _id: loyaltyTiers._id })
    .from(loyaltyTiers)
    .where(and(inArray(loyaltyTiers._id, [...ids]), eq(loyaltyTiers.location_id, locationId)));
  const known = new Set(found.map((row) => row._id));
  const index = ids.findIndex((id) => !known.has(id));
  if (index >= 0) throw invalidFields({ [`reset_point_related_ids.${index}`]: 'resetPointTierNotFound' });
};

const columnsOf = (values: ResetPointValues) => ({
  reset_point_name: values.reset_point_name,
  reset_point_type: values.reset_point_type,
  reset_point_related_ids: values.reset_point_related_ids,
  reset_point_segment: values.reset_point_segment,
});

const auditResetPoint = (db: Database, actor: Acting, action: string, row: ResetPointRow) =>
  audit(db, actor, {
    action,
    entity: 'reset_point',
    entityId: row._id,
    details: {
      reset_point_name: row.reset_point_name,
      reset_point_type: row.reset_point_type,
      reset_point_related_ids: row.reset_point_related_ids,
      reset_point_segment: row.reset_point_segment,
    },
  });

/** `POST /loyalty/reset-points`: saved as `created`; nothing happens to anyone until it is queued. */
export const createResetPoint = (db: Database, locationId: string, input: ResetPointValues, actor: Acting) =>
  db.transaction(async (tx) => {
    const values = resetPointInput.parse(input);
    await assertTiersOfMall(tx, locationId, values.reset_point_related_ids);
    const [row] = await tx
      .insert(resetPoints)
      .values({ ...columnsOf(values), location_id: locationId })
      .returning();
    await auditResetPoint(tx, actor, 'reset_point.create', row!);
    return toResetPoint(row!);
  });

const queued = () => new AppError('RESET_POINT_QUEUED', 409);

/**
 * Runs `change` on the row only while it is `created`: the status is the update's own condition, so a
 * change racing with `move-to-in-queue` either lands before it or is refused (409), never after.
 */
const whileCreated = (locationId: string, id: string) =>
  and(eq(resetPoints._id, id), inMall(locationId), eq(resetPoints.reset_point_status, 'created'));

/** `PUT /loyalty/reset-points/{id}`: only while created (409 `RESET_POINT_QUEUED` after). */
export const updateResetPoint = (
  db: Database,
  locationId: string,
  id: string,
  input: ResetPointValues,
  actor: Acting,
) =>
  db.transaction(async (tx) => {
    const values = resetPointInput.parse(input);
    await findRow(tx, locationId, id);
    await assertTiersOfMall(tx, locationId, values.reset_point_related_ids);
    const [row] = await tx
      .update(resetPoints)
      .set(columnsOf(values))
      .where(whileCreated(locationId, id))
      .returning();
    if (!row) throw queued();
    await auditResetPoint(tx, actor, 'reset_point.update', row);
    return toResetPoint(row);
  });

/** `DELETE /loyalty/reset-points/{id}`: only while created. */
export const deleteResetPoint = (db: Database, locationId: string, id: string, actor: Acting) =>
  db.transaction(async (tx) => {
    await findRow(tx, locationId, id);
    const [row] = await tx.delete(resetPoints).where(whileCreated(locationId, id)).returning();
    if (!row) throw queued();
    await auditResetPoint(tx, actor, 'reset_point.delete', row);
  });

/**
 * `POST /loyalty/reset-points/{id}/move-to-in-queue`: created → in_queue, once (a second call, or one
 * on a reset already running or done, is 409). The caller then hands the run to the job queue.
 */
export const queueResetPoint = (db: Database, locationId: string, id: string, actor: Acting) =>
  db.transaction(async (tx) => {
    await findRow(tx, locationId, id);
    const [row] = await tx
      .update(resetPoints)
      .set({ reset_point_status: 'in_queue', reset_point_queued_at: sql`now()`, queued_by: actor.staff._id })
      .where(whileCreated(locationId, id))
      .returning();
    if (!row) throw queued();
    await auditResetPoint(tx, actor, 'reset_point.queue', row);
    return toResetPoint(row);
  });

/** The idempotency key of one customer's reset entry in one run. */
export const resetEntryKey = (resetPointId: string, customerId: string) =>
  `reset:${resetPointId}:${customerId}`;

/**
 * The balance rows a reset targets now, as a where-clause on `point_balances`: customers of its mall
 * with something to reset (balance or tier points), of its tiers or its segment, and not yet reset
 * by this run (their entry's key is not in the ledger: the run never touches anyone twice).
 */
export const resetTargets = async (db: Database, row: ResetPointRow): Promise<SQL> => {
  const mine = and(
    eq(pointBalances.location_id, row.location_id),
    sql`(${pointBalances.point_balance} > 0 or ${pointBalances.point_tier_points} > 0)`,
    sql`not exists (select 1 from ${pointEntries} e where e.location_id = ${row.location_id}
          and e.point_entry_idempotency_key = ${`reset:${row._id}:`}::text || ${pointBalances.customer_id})`,
  ) as SQL;
  switch (row.reset_point_type) {
    case 'all':
      return mine;
    case 'tier':
      return and(
        mine,
        row.reset_point_related_ids.length === 0
          ? sql`false`
          : inArray(pointBalances.loyalty_tier_id, row.reset_point_related_ids),
      ) as SQL;
    case 'segment': {
      const [mall] = await db
        .select({ timezone: locations.timezone })
        .from(locations)
        .where(eq(locations._id, row.location_id));
      const today = dateIn(mall!.timezone);
      return and(
        mine,
        inArray(
          pointBalances.customer_id,
          db
            .select({ _id: customers._id })
            .from(customers)
            .where(segmentOf(row.location_id, row.reset_point_segment ?? [], today)),
        ),
      ) as SQL;
    }
  }
};

/** `GET /loyalty/reset-points/{id}/preview`: how many customers and points a run would touch now. */
export const previewResetPoint = async (
  db: Database,
  locationId: string,
  id: string,
): Promise<ResetPointPreview> => {
  const row = await findRow(db, locationId, id);
  const [result] = await db
    .select({
      customer_count: sql<number>`count(*)::int`,
      point_total: sql<number>`coalesce(sum(${pointBalances.point_balance}), 0)::bigint`,
    })
    .from(pointBalances)
    .where(await resetTargets(db, row));
  return {
    customer_count: Number(result?.customer_count ?? 0),
    point_total: Number(result?.point_total ?? 0),
  };
};
