import {
  type ChannelType,
  type ChannelTypeInput,
  channelTypeInput,
  type ListResponse,
} from '@avlu/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { audit } from '../../platform/audit';
import type { Database } from '../../platform/db/database';
import { type ListRequest, listPage, listSource } from '../../platform/db/list';
import { assertNamesFree, nameKey, rethrowNameTaken } from '../../platform/db/unique-names';
import { invalidFields, notFound } from '../../platform/errors';
import type { Acting } from '../users/acting';
import { channelChannelTypes, channelTypes } from './channels.tables';

const fields = {
  _id: channelTypes._id,
  channel_type_name: channelTypes.channel_type_name,
  channel_type_exp: channelTypes.channel_type_exp,
};

export const channelTypeList = listSource({
  table: channelTypes,
  fields,
  uniqueKey: channelTypes._id,
  search: [channelTypes.channel_type_name, channelTypes.channel_type_exp],
  sortable: { channel_type_name: channelTypes.channel_type_name, createdAt: channelTypes.created_at },
  defaultSort: { orderBy: 'channel_type_name', order: 'asc' },
});
type SortKey = keyof typeof channelTypeList.sortable;

const inMall = (locationId: string) => eq(channelTypes.location_id, locationId);

export const listChannelTypes = (
  db: Database,
  locationId: string,
  query: ListRequest<SortKey> & { filter: { showAll?: boolean | undefined } },
): Promise<ChannelType[] | ListResponse<ChannelType>> =>
  query.filter.showAll
    ? db
        .select(fields)
        .from(channelTypes)
        .where(inMall(locationId))
        .orderBy(asc(channelTypes.channel_type_name))
    : listPage(db, channelTypeList, query, inMall(locationId));

const findChannelType = async (db: Database, locationId: string, id: string) =>
  (
    await db
      .select(fields)
      .from(channelTypes)
      .where(and(eq(channelTypes._id, id), inMall(locationId)))
  )[0];

/** The given type ids that are not this mall's: a channel may only carry its own mall's types. */
export const checkChannelTypes = async (db: Database, locationId: string, ids: readonly string[]) => {
  if (ids.length === 0) return;
  const found = await db
    .select({ _id: channelTypes._id })
    .from(channelTypes)
    .where(and(inArray(channelTypes._id, [...ids]), inMall(locationId)));
  const known = new Set(found.map((row) => row._id));
  const index = ids.findIndex((id) => !known.has(id));
  if (index >= 0) throw invalidFields({ [`channel_types.${index}`]: 'channelTypeNotFound' });
};

const auditType = (db: Database, actor: Acting, action: string, row: ChannelType, details = {}) =>
  audit(db, actor, {
    action,
    entity: 'channel_type',
    entityId: row._id,
    details: { channel_type_name: row.channel_type_name, ...details },
  });

/** The stored columns of an input, with the name's key; 409 NAME_TAKEN when another tag of the mall has the name. */
const columnsOf = async (db: Database, locationId: string, input: ChannelTypeInput, except?: string) => {
  const values = channelTypeInput.parse(input);
  await assertNamesFree(
    db,
    channelTypes,
    channelTypes._id,
    [{ key: channelTypes.channel_type_name_key, name: values.channel_type_name, field: 'channel_type_name' }],
    { scope: inMall(locationId), except },
  );
  return { ...values, channel_type_name_key: nameKey(values.channel_type_name) };
};

const whenNameTaken = rethrowNameTaken({ channel_types_name_key: 'channel_type_name' });

export const createChannelType = (
  db: Database,
  locationId: string,
  input: ChannelTypeInput,
  actor: Acting,
): Promise<ChannelType> =>
  db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(channelTypes)
        .values({ ...(await columnsOf(tx, locationId, input)), location_id: locationId })
        .returning(fields);
      await auditType(tx, actor, 'channel_type.created', row!);
      return row!;
    })
    .catch(whenNameTaken);

export const updateChannelType = (
  db: Database,
  locationId: string,
  id: string,
  input: ChannelTypeInput,
  actor: Acting,
): Promise<ChannelType> =>
  db
    .transaction(async (tx) => {
      const [row] = await tx
        .update(channelTypes)
        .set(await columnsOf(tx, locationId, input, id))
        .where(and(eq(channelTypes._id, id), inMall(locationId)))
        .returning(fields);
      if (!row) throw notFound();
      await auditType(tx, actor, 'channel_type.updated', row);
      return row;
    })
    .catch(whenNameTaken);

/**
 * A type still on channels is taken off them rather than refused: a type is only a label, and the
 * screen's "Channel Tag removed" has no step for untagging channels one by one first. The foreign
 * key does it in the same statement; the audit row names the channels it touched.
 */
export const deleteChannelType = (db: Database, locationId: string, id: string, actor: Acting) =>
  db.transaction(async (tx) => {
    const existing = await findChannelType(tx, locationId, id);
    if (!existing) throw notFound();
    const uses = await tx
      .select({ channel_id: channelChannelTypes.channel_id })
      .from(channelChannelTypes)
      .where(eq(channelChannelTypes.channel_type_id, id));
    await tx.delete(channelTypes).where(eq(channelTypes._id, id));
    await auditType(tx, actor, 'channel_type.deleted', existing, {
      removed_from_channels: uses.map((use) => use.channel_id),
    });
  });
