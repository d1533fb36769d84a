import {
  type Lending,
  type LendingFilter,
  type LendingItem,
  type LendingStatusInput,
  type ListResponse,
  lendingItemFields,
  paginationOf,
} from '@avlu/contracts';
import { and, asc, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import { audit } from '../../platform/audit';
import type { Database } from '../../platform/db/database';
import { assertNamesFree, nameKey, rethrowNameTaken, violatedIndex } from '../../platform/db/unique-names';
import { AppError, invalidFields, notFound, schemaError } from '../../platform/errors';
import { FILES_PATH } from '../../platform/files/file-names';
import type { Files } from '../../platform/files/files';
import { activeIn } from '../customers/customers.service';
import { customers } from '../customers/customers.tables';
import type { Mall } from '../customers/mall-date';
import type { Acting } from '../users/acting';
import { lendingItems, lendings } from './lending.tables';

const itemInMall = (locationId: string) => eq(lendingItems.location_id, locationId);
const iso = (date: Date | null) => date?.toISOString() ?? null;

// Written out in SQL: inside a subquery drizzle would leave the outer table's columns unqualified.
const lentTo = sql<{ lending_id: string; customer_name: string; customer_surname: string } | null>`(
  select json_build_object('lending_id', l._id, 'customer_name', coalesce(c.customer_name, ''),
    'customer_surname', coalesce(c.customer_surname, ''))
  from lendings l join customers c on c._id = l.customer_id
  where l.lending_item_id = "lending_items"."_id" and l.lending_status = 'started')`;
const queueLength =
  sql<number>`(select count(*) from lendings l where l.lending_item_id = "lending_items"."_id" and l.lending_status = 'in_queue')`.mapWith(
    Number,
  );

const itemFields = {
  _id: lendingItems._id,
  itemNo: lendingItems.itemNo,
  itemName: lendingItems.itemName,
  itemImage: lendingItems.itemImage,
  status: lendingItems.status,
  item_lent_to: lentTo,
  item_queue_length: queueLength,
  created_at: lendingItems.created_at,
  updated_at: lendingItems.updated_at,
};
type ItemRow = {
  [K in keyof typeof itemFields]: K extends 'item_lent_to'
    ? LendingItem['item_lent_to']
    : K extends 'created_at' | 'updated_at'
      ? Date
      : K extends 'item_queue_length'
        ? number
        : K extends 'status'
          ? LendingItem['status']
          : string;
};
const toItem = ({ created_at, updated_at, ...row }: ItemRow): LendingItem => ({
  ...row,
  createdAt: created_at.toISOString(),
  updatedAt: updated_at.toISOString(),
});

/** GET /lendible-item: a page of the mall's items by number (the screen loads them all, limit 1000). */
export const listLendingItems = async (
  db: Database,
  locationId: string,
  query: { limit: number; page: number },
): Promise<ListResponse<LendingItem>> => {
  const rows = await db
    .select({ ...itemFields, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(lendingItems)
    .where(itemInMall(locationId))
    .orderBy(asc(lendingItems.itemNo_key), asc(lendingItems._id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const total = rows[0]?.total ?? (query.page > 1 ? await countItems(db, locationId) : 0);
  return {
    data: rows.map(({ total: _, ...row }) => toItem(row as ItemRow)),
    pagination: paginationOf(total, { limit: query.limit, currentPage: query.page }),
  };
};

const countItems = async (db: Database, locationId: string) =>
  (
    await db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(lendingItems)
      .where(itemInMall(locationId))
  )[0]!.count;

export const getLendingItem = async (db: Database, locationId: string, id: string) => {
  const [row] = await db
    .select(itemFields)
    .from(lendingItems)
    .where(and(eq(lendingItems._id, id), itemInMall(locationId)));
  if (!row) throw notFound();
  return toItem(row as ItemRow);
};

/** The multipart text fields checked by contracts, named as sent. */
const checkedFields = (fields: Record<string, string>) => {
  const result = lendingItemFields.safeParse(fields);
  if (!result.success) throw schemaError(result.error, 'body');
  return result.data;
};

const noTaken = rethrowNameTaken({ lending_items_no_key: 'itemNo' });

type ItemUpload = { fields: Record<string, string>; image: Buffer | undefined };

/**
 * POST /lendible-item (multipart: itemNo, itemName, status and the image `itemImage`, known by its
 * bytes and re-encoded by the platform's image upload; required here) and PUT /lendible-item/{id}
 * (the same; without an image the item keeps its own). The number is unique per mall (409 NAME_TAKEN).
 */
export const saveLendingItem = (
  db: Database,
  files: Files,
  locationId: string,
  id: string | undefined,
  upload: ItemUpload,
  actor: Acting,
) =>
  db
    .transaction(async (tx) => {
      const values = checkedFields(upload.fields);
      if (id) await getLendingItem(tx, locationId, id);
      else if (!upload.image) throw invalidFields({ itemImage: 'required' });
      await assertNamesFree(
        tx,
        lendingItems,
        lendingItems._id,
        [{ key: lendingItems.itemNo_key, name: values.itemNo, field: 'itemNo' }],
        { scope: itemInMall(locationId), except: id },
      );
      const image =
        upload.image &&
        `${FILES_PATH}${(await files.saveImage(tx, upload.image, { visibility: 'public', owner: `admin:${actor.staff._id}` })).name}`;
      const columns = { ...values, itemNo_key: nameKey(values.itemNo), ...(image && { itemImage: image }) };
      let itemId = id;
      if (id) await tx.update(lendingItems).set(columns).where(eq(lendingItems._id, id));
      else
        itemId = (
          await tx
            .insert(lendingItems)
            .values({ ...columns, itemImage: image!, location_id: locationId })
            .returning({ _id: lendingItems._id })
        )[0]!._id;
      await audit(tx, actor, {
        action: id ? 'lending_item.updated' : 'lending_item.created',
        entity: 'lending_item',
        entityId: itemId!,
        details: { itemNo: values.itemNo, itemName: values.itemName, status: values.status },
      });
      return getLendingItem(tx, locationId, itemId!);
    })
    .catch(noTaken);

const lendingFields = {
  _id: lendings._id,
  lending_item_id: lendings.lending_item_id,
  itemNo: lendingItems.itemNo,
  itemName: lendingItems.itemName,
  itemImage: lendingItems.itemImage,
  customer_id: lendings.customer_id,
  customer_name: sql<string>`coalesce(${customers.customer_name}, '')`,
  customer_surname: sql<string>`coalesce(${customers.customer_surname}, '')`,
  customer_phone: customers.customer_phone,
  lending_status: lendings.lending_status,
  lending_started_at: lendings.lending_started_at,
  lending_ended_at: lendings.lending_ended_at,
  created_at: lendings.created_at,
  updated_at: lendings.updated_at,
};
type LendingRow = Omit<Lending, 'lending_started_at' | 'lending_ended_at' | 'createdAt' | 'updatedAt'> & {
  lending_started_at: Date | null;
  lending_ended_at: Date | null;
  created_at: Date;
  updated_at: Date;
};
export const toLending = ({
  lending_started_at,
  lending_ended_at,
  created_at,
  updated_at,
  ...row
}: LendingRow): Lending => ({
  ...row,
  lending_started_at: iso(lending_started_at),
  lending_ended_at: iso(lending_ended_at),
  createdAt: created_at.toISOString(),
  updatedAt: updated_at.toISOString(),
});

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The lending filter of spec §3 as SQL: the dates are the mall's calendar days, both ends included. */
export const lendingWhere = (mall: Mall, filter: LendingFilter): SQL => {
  const day = (column: typeof lendings.lending_started_at) =>
    sql`(${column} at time zone ${mall.location_meta.timezone})::date`;
  return and(
    eq(lendings.location_id, mall._id),
    filter.item ? ilike(lendingItems.itemName, `%${escapeLike(filter.item)}%`) : undefined,
    filter.itemNo ? eq(lendingItems.itemNo_key, nameKey(filter.itemNo)) : undefined,
    filter.lending_status ? eq(lendings.lending_status, filter.lending_status) : undefined,
    filter.stStart ? sql`${day(lendings.lending_started_at)} >= ${filter.stStart}::date` : undefined,
    filter.stEnd ? sql`${day(lendings.lending_started_at)} <= ${filter.stEnd}::date` : undefined,
    filter.etStart ? sql`${day(lendings.lending_ended_at)} >= ${filter.etStart}::date` : undefined,
    filter.etEnd ? sql`${day(lendings.lending_ended_at)} <= ${filter.etEnd}::date` : undefined,
  )!;
};

export const lendingRows = (db: Database, where: SQL) =>
  db
    .select(lendingFields)
    .from(lendings)
    .innerJoin(lendingItems, eq(lendingItems._id, lendings.lending_item_id))
    .innerJoin(customers, eq(customers._id, lendings.customer_id))
    .where(where);

/** GET /lending: a page of the mall's lendings, newest first, filtered as §3 says. */
export const listLendings = async (
  db: Database,
  mall: Mall,
  query: LendingFilter & { limit: number; page: number },
): Promise<ListResponse<Lending>> => {
  const { limit, page, ...filter } = query;
  const where = lendingWhere(mall, filter);
  const [rows, [counted]] = await Promise.all([
    lendingRows(db, where)
      .orderBy(desc(lendings.created_at), desc(lendings._id))
      .limit(limit)
      .offset((page - 1) * limit),
    db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(lendings)
      .innerJoin(lendingItems, eq(lendingItems._id, lendings.lending_item_id))
      .where(where),
  ]);
  return {
    data: rows.map((row) => toLending(row as LendingRow)),
    pagination: paginationOf(counted!.count, { limit, currentPage: page }),
  };
};

const readLending = async (db: Database, locationId: string, id: string) => {
  const [row] = await lendingRows(db, and(eq(lendings._id, id), eq(lendings.location_id, locationId))!);
  if (!row) throw notFound();
  return toLending(row as LendingRow);
};

/**
 * POST /lending: the customer with that phone (a live customer of the mall) waits in the item's queue.
 * An item out of service is refused; a customer already waiting for or holding the item is told so
 * (409 CONFLICT from `lendings_item_customer_open`).
 */
export const createLending = (
  db: Database,
  locationId: string,
  values: { lending_item_id: string; customer_phone: string },
  actor: Acting,
) =>
  db
    .transaction(async (tx) => {
      const [item] = await tx
        .select({ status: lendingItems.status })
        .from(lendingItems)
        .where(and(eq(lendingItems._id, values.lending_item_id), itemInMall(locationId)));
      if (!item) throw invalidFields({ lending_item_id: 'lendingItemUnknown' });
      if (item.status !== 'active') throw invalidFields({ lending_item_id: 'lendingItemInactive' });
      const [customer] = await tx
        .select({ _id: customers._id })
        .from(customers)
        .where(and(eq(customers.customer_phone, values.customer_phone), activeIn(locationId)));
      if (!customer) throw invalidFields({ customer_phone: 'lendingCustomerUnknown' });
      const [row] = await tx
        .insert(lendings)
        .values({
          location_id: locationId,
          lending_item_id: values.lending_item_id,
          customer_id: customer._id,
        })
        .returning({ _id: lendings._id });
      await audit(tx, actor, {
        action: 'lending.queued',
        entity: 'lending',
        entityId: row!._id,
        details: { lending_item_id: values.lending_item_id, customer_id: customer._id },
      });
      return readLending(tx, locationId, row!._id);
    })
    .catch((error) => {
      if (violatedIndex(error) === 'lendings_item_customer_open') throw new AppError('CONFLICT', 409);
      throw error;
    });

/**
 * PATCH /lending/{id}: `approved` hands the item over (in queue → started), `done` takes it back
 * (started → done); any other move is 409 LENDING_STATUS_INVALID. The item is out with one customer
 * at a time: the partial unique index `lendings_item_out` refuses a second started lending, whatever
 * the timing of two approvals (409 LENDING_ITEM_LENT naming the item).
 */
export const changeLendingStatus = async (
  db: Database,
  locationId: string,
  id: string,
  input: LendingStatusInput,
  actor: Acting,
) => {
  const current = await readLending(db, locationId, id);
  const now = new Date();
  const [from, set] =
    input.status === 'approved'
      ? (['in_queue', { lending_status: 'started' as const, lending_started_at: now }] as const)
      : (['started', { lending_status: 'done' as const, lending_ended_at: now }] as const);
  return db
    .transaction(async (tx) => {
      const changed = await tx
        .update(lendings)
        .set(set)
        .where(and(eq(lendings._id, id), eq(lendings.lending_status, from)))
        .returning({ _id: lendings._id });
      if (changed.length === 0) throw new AppError('LENDING_STATUS_INVALID', 409);
      await audit(tx, actor, {
        action: input.status === 'approved' ? 'lending.started' : 'lending.done',
        entity: 'lending',
        entityId: id,
        details: { lending_item_id: current.lending_item_id, customer_id: current.customer_id },
      });
      return readLending(tx, locationId, id);
    })
    .catch((error) => {
      if (violatedIndex(error) === 'lendings_item_out')
        throw new AppError('LENDING_ITEM_LENT', 409, { params: { name: current.itemName } });
      throw error;
    });
};
