import {
  type Channel,
  type ChannelInput,
  type ChannelValues,
  channelInput,
  type ListResponse,
} from '@avlu/contracts';
import { and, asc, eq, getTableColumns, inArray } from 'drizzle-orm';
import { audit } from '../../platform/audit';
import type { Database } from '../../platform/db/database';
import { type ListRequest, listPage, listSource } from '../../platform/db/list';
import { assertNamesFree, nameKey, rethrowNameTaken } from '../../platform/db/unique-names';
import { notFound } from '../../platform/errors';
import type { Acting } from '../users/acting';
import { checkChannelTypes } from './channel-types.service';
import { channelChannelTypes, channels } from './channels.tables';

type ChannelRow = typeof channels.$inferSelect;

export const channelList = listSource({
  table: channels,
  fields: getTableColumns(channels),
  uniqueKey: channels._id,
  search: [channels.channel_name, channels.channel_name_en, channels.channel_exp],
  sortable: {
    channel_name: channels.channel_name,
    channel_name_en: channels.channel_name_en,
    createdAt: channels.created_at,
  },
  defaultSort: { orderBy: 'channel_name', order: 'asc' },
});
type SortKey = keyof typeof channelList.sortable;

const inMall = (locationId: string) => eq(channels.location_id, locationId);

/** The type ids of each channel, in the order they were given; one query for a whole page. */
const typesOf = async (db: Database, ids: readonly string[]) => {
  const byChannel = new Map<string, string[]>();
  if (ids.length === 0) return byChannel;
  const rows = await db
    .select()
    .from(channelChannelTypes)
    .where(inArray(channelChannelTypes.channel_id, [...ids]))
    .orderBy(asc(channelChannelTypes.position));
  for (const row of rows)
    byChannel.set(row.channel_id, [...(byChannel.get(row.channel_id) ?? []), row.channel_type_id]);
  return byChannel;
};

const toChannels = async (db: Database, rows: readonly ChannelRow[]): Promise<Channel[]> => {
  const types = await typesOf(
    db,
    rows.map((row) => row._id),
  );
  return rows.map(
    ({ location_id: _, channel_name_key, channel_name_en_key, created_at, updated_at, ...row }) => ({
      ...row,
      channel_types: types.get(row._id) ?? [],
      createdAt: created_at.toISOString(),
      updatedAt: updated_at.toISOString(),
    }),
  );
};

export const listChannels = async (
  db: Database,
  locationId: string,
  query: ListRequest<SortKey> & { filter: { showAll?: boolean | undefined } },
): Promise<Channel[] | ListResponse<Channel>> => {
  if (query.filter.showAll) {
    const rows = await db
      .select()
      .from(channels)
      .where(inMall(locationId))
      .orderBy(asc(channels.channel_name));
    return toChannels(db, rows);
  }
  const page = await listPage(db, channelList, query, inMall(locationId));
  return { ...page, data: await toChannels(db, page.data) };
};

/**
 * The channels the registration desk may register through: open and taking customer data entry.
 * Readable with the registration permission alone, so the desk need not manage channels to pick one.
 */
export const listEntryChannels = async (db: Database, locationId: string): Promise<Channel[]> => {
  const rows = await db
    .select()
    .from(channels)
    .where(
      and(inMall(locationId), eq(channels.channel_status, true), eq(channels.channel_cdp_data_entry, true)),
    )
    .orderBy(asc(channels.channel_name));
  return toChannels(db, rows);
};

export const findChannelRow = async (db: Database, locationId: string, id: string) =>
  (
    await db
      .select()
      .from(channels)
      .where(and(eq(channels._id, id), inMall(locationId)))
  )[0];

/** A channel (desk) of the mall, else 404. */
export const assertChannelOfMall = async (db: Database, locationId: string, id: string) => {
  const [row] = await db
    .select({ _id: channels._id })
    .from(channels)
    .where(and(eq(channels._id, id), inMall(locationId)));
  if (!row) throw notFound();
};

export const getChannel = async (db: Database, locationId: string, id: string): Promise<Channel> => {
  const row = await findChannelRow(db, locationId, id);
  if (!row) throw notFound();
  return (await toChannels(db, [row]))[0]!;
};

/** The keys of a channel's two names (`nameKey`): a mall's channels differ in each language. */
export const channelNameKeys = (names: { channel_name: string; channel_name_en: string }) => ({
  channel_name_key: nameKey(names.channel_name),
  channel_name_en_key: nameKey(names.channel_name_en),
});

/**
 * The stored columns of an input: English name and descriptions fall back to the Turkish name (spec
 * §7). 409 NAME_TAKEN when another channel of the mall has either name (an English name taken over
 * from the Turkish one is named as the Turkish field).
 */
const columnsOf = async (
  db: Database,
  locationId: string,
  { channel_types: _, ...values }: ChannelValues,
  except?: string,
) => {
  const columns = {
    ...values,
    channel_name_en: values.channel_name_en || values.channel_name,
    channel_exp: values.channel_exp || values.channel_name,
    channel_exp_en: values.channel_exp_en || values.channel_name_en || values.channel_name,
  };
  await assertNamesFree(
    db,
    channels,
    channels._id,
    [
      { key: channels.channel_name_key, name: columns.channel_name, field: 'channel_name' },
      {
        key: channels.channel_name_en_key,
        name: columns.channel_name_en,
        field: values.channel_name_en ? 'channel_name_en' : 'channel_name',
      },
    ],
    { scope: inMall(locationId), except },
  );
  return { ...columns, ...channelNameKeys(columns) };
};

const whenNameTaken = rethrowNameTaken({
  channels_name_key: 'channel_name',
  channels_name_en_key: 'channel_name_en',
});

const setTypes = async (db: Database, channelId: string, typeIds: readonly string[]) => {
  await db.delete(channelChannelTypes).where(eq(channelChannelTypes.channel_id, channelId));
  const unique = [...new Set(typeIds)];
  if (unique.length > 0)
    await db
      .insert(channelChannelTypes)
      .values(
        unique.map((channel_type_id, position) => ({ channel_id: channelId, channel_type_id, position })),
      );
};

const auditChannel = (db: Database, actor: Acting, action: string, channel: Channel) =>
  audit(db, actor, {
    action,
    entity: 'channel',
    entityId: channel._id,
    details: { channel_name: channel.channel_name, channel_status: channel.channel_status },
  });

export const createChannel = (db: Database, locationId: string, input: ChannelInput, actor: Acting) =>
  db
    .transaction(async (tx) => {
      const values = channelInput.parse(input);
      await checkChannelTypes(tx, locationId, values.channel_types);
      const [row] = await tx
        .insert(channels)
        .values({
          ...(await columnsOf(tx, locationId, values)),
          // Spec §7: a new channel never starts with these forms or the permission step on; an edit may turn them on.
          channel_permission_allow: false,
          channel_teacher_form_allowed: false,
          channel_detail_payment_form_allowed: false,
          location_id: locationId,
        })
        .returning();
      await setTypes(tx, row!._id, values.channel_types);
      const created = (await toChannels(tx, [row!]))[0]!;
      await auditChannel(tx, actor, 'channel.created', created);
      return created;
    })
    .catch(whenNameTaken);

export const updateChannel = (
  db: Database,
  locationId: string,
  id: string,
  input: ChannelInput,
  actor: Acting,
) =>
  db
    .transaction(async (tx) => {
      const values = channelInput.parse(input);
      if (!(await findChannelRow(tx, locationId, id))) throw notFound();
      await checkChannelTypes(tx, locationId, values.channel_types);
      const [row] = await tx
        .update(channels)
        .set(await columnsOf(tx, locationId, values, id))
        .where(eq(channels._id, id))
        .returning();
      await setTypes(tx, id, values.channel_types);
      const updated = (await toChannels(tx, [row!]))[0]!;
      await auditChannel(tx, actor, 'channel.updated', updated);
      return updated;
    })
    .catch(whenNameTaken);

export const deleteChannel = (db: Database, locationId: string, id: string, actor: Acting) =>
  db.transaction(async (tx) => {
    const existing = await findChannelRow(tx, locationId, id);
    if (!existing) throw notFound();
    const [channel] = await toChannels(tx, [existing]);
    await tx.delete(channels).where(eq(channels._id, id));
    await auditChannel(tx, actor, 'channel.deleted', channel!);
  });
