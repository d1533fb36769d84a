import {
  type ListResponse,
  type LoyaltyGift,
  type LoyaltyGiftFilter,
  type LoyaltyGiftInput,
  type LoyaltyGiftSortKey,
  loyaltyGiftInput,
} from '@avlu/contracts';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { audit } from '../../platform/audit';
import type { Database } from '../../platform/db/database';
import { type ListRequest, listPage, listSource } from '../../platform/db/list';
import { alphabetical } from '../../platform/db/search';
import { assertNamesFree, nameKey, rethrowNameTaken } from '../../platform/db/unique-names';
import { invalidFields, notFound } from '../../platform/errors';
import type { Acting } from '../users/acting';
import { loyaltyGiftCodes, loyaltyGifts } from './gifts.tables';
import { loyaltyTiers } from './loyalty.tables';

const inMall = (locationId: string) => eq(loyaltyGifts.location_id, locationId);

/**
 * Subqueries name the outer row's columns with its table: drizzle writes a column of a one-table
 * query without it, and `_id` would then be the inner table's.
 */
const codesCount = (used: boolean) =>
  sql<number>`(select count(*)::int from ${loyaltyGiftCodes} c where c.loyalty_gift_id = loyalty_gifts._id and c.loyalty_redemption_id is ${sql.raw(used ? 'not null' : 'null')})`;

export const giftFields = {
  _id: loyaltyGifts._id,
  loyalty_gift_title: loyaltyGifts.loyalty_gift_title,
  loyalty_gift_note: loyaltyGifts.loyalty_gift_note,
  loyalty_gift_point_quantity: loyaltyGifts.loyalty_gift_point_quantity,
  loyalty_gift_stock_quantity: loyaltyGifts.loyalty_gift_stock_quantity,
  loyalty_gift_min_tier_id: loyaltyGifts.loyalty_gift_min_tier_id,
  loyalty_gift_min_tier_title: sql<
    string | null
  >`(select t.loyalty_tier_title from ${loyaltyTiers} t where t._id = ${loyaltyGifts.loyalty_gift_min_tier_id})`,
  loyalty_gift_min_tier_title_en: sql<
    string | null
  >`(select t.loyalty_tier_title_en from ${loyaltyTiers} t where t._id = ${loyaltyGifts.loyalty_gift_min_tier_id})`,
  loyalty_gift_is_active: loyaltyGifts.loyalty_gift_is_active,
  loyalty_gift_send_type: loyaltyGifts.loyalty_gift_send_type,
  loyalty_gift_codes_used: codesCount(true),
  loyalty_gift_available_codes: codesCount(false),
  created_at: loyaltyGifts.created_at,
  updated_at: loyaltyGifts.updated_at,
};
type Row = Omit<LoyaltyGift, 'createdAt' | 'updatedAt'> & { created_at: Date; updated_at: Date };

export const toGift = ({ created_at, updated_at, ...row }: Row): LoyaltyGift => ({
  ...row,
  createdAt: created_at.toISOString(),
  updatedAt: updated_at.toISOString(),
});

export const giftList = listSource({
  table: loyaltyGifts,
  fields: giftFields,
  uniqueKey: loyaltyGifts._id,
  search: [loyaltyGifts.loyalty_gift_title],
  sortable: {
    loyalty_gift_title: alphabetical(loyaltyGifts.loyalty_gift_title),
    loyalty_gift_point_quantity: loyaltyGifts.loyalty_gift_point_quantity,
    loyalty_gift_stock_quantity: loyaltyGifts.loyalty_gift_stock_quantity,
    createdAt: loyaltyGifts.created_at,
  } satisfies Record<LoyaltyGiftSortKey, unknown>,
  defaultSort: { orderBy: 'createdAt', order: 'desc' },
});

const filterOf = (locationId: string, filter: LoyaltyGiftFilter = {}): SQL | undefined =>
  and(
    inMall(locationId),
    filter.loyalty_gift_is_active === undefined
      ? undefined
      : eq(loyaltyGifts.loyalty_gift_is_active, filter.loyalty_gift_is_active),
    filter.loyalty_gift_send_type === undefined
      ? undefined
      : eq(loyaltyGifts.loyalty_gift_send_type, filter.loyalty_gift_send_type),
  );

/** `POST /loyalty-gift/filter`: one page; keyword on the title, filter by active and send type. */
export const listGifts = async (
  db: Database,
  locationId: string,
  query: ListRequest<LoyaltyGiftSortKey> & { filter?: LoyaltyGiftFilter | undefined },
): Promise<ListResponse<LoyaltyGift>> => {
  const page = await listPage(db, giftList, query, filterOf(locationId, query.filter));
  return { ...page, data: page.data.map(toGift) };
};

/** `GET /loyalty-gift/{id}`: 404 for another mall's. */
export const findGift = async (db: Database, locationId: string, id: string): Promise<LoyaltyGift> => {
  const [row] = await db
    .select(giftFields)
    .from(loyaltyGifts)
    .where(and(eq(loyaltyGifts._id, id), inMall(locationId)));
  if (!row) throw notFound();
  return toGift(row);
};

/** The checks of a create or an update in its transaction: the tier is the mall's, the title and new codes free. */
const checkedValues = async (db: Database, locationId: string, input: LoyaltyGiftInput, except?: string) => {
  const values = loyaltyGiftInput.parse(input);
  const [tier] = await db
    .select({ _id: loyaltyTiers._id })
    .from(loyaltyTiers)
    .where(
      and(eq(loyaltyTiers._id, values.loyalty_gift_min_tier_id), eq(loyaltyTiers.location_id, locationId)),
    );
  if (!tier) throw invalidFields({ loyalty_gift_min_tier_id: 'loyaltyGiftTierNotFound' });
  await assertNamesFree(
    db,
    loyaltyGifts,
    loyaltyGifts._id,
    [
      {
        key: loyaltyGifts.loyalty_gift_title_key,
        name: values.loyalty_gift_title,
        field: 'loyalty_gift_title',
      },
    ],
    { scope: inMall(locationId), except },
  );
  if (except && values.loyalty_gift_new_codes.length > 0) {
    const taken = await db
      .select({ code: loyaltyGiftCodes.loyalty_gift_code })
      .from(loyaltyGiftCodes)
      .where(
        and(
          eq(loyaltyGiftCodes.loyalty_gift_id, except),
          inArray(loyaltyGiftCodes.loyalty_gift_code, values.loyalty_gift_new_codes),
        ),
      );
    const takenCodes = new Set(taken.map((row) => row.code));
    const index = values.loyalty_gift_new_codes.findIndex((code) => takenCodes.has(code));
    if (index >= 0) throw invalidFields({ [`loyalty_gift_new_codes.${index}`]: 'loyaltyGiftCodeTaken' });
  }
  const { loyalty_gift_new_codes: codes, ...columns } = values;
  return { codes, columns: { ...columns, loyalty_gift_title_key: nameKey(values.loyalty_gift_title) } };
};

const addCodes = async (db: Database, giftId: string, codes: readonly string[]) => {
  // In slices: a statement has at most 65,535 parameters.
  for (let start = 0; start < codes.length; start += 5000)
    await db
      .insert(loyaltyGiftCodes)
      .values(
        codes
          .slice(start, start + 5000)
          .map((code) => ({ loyalty_gift_id: giftId, loyalty_gift_code: code })),
      );
};

const auditGift = (db: Database, actor: Acting, action: string, gift: LoyaltyGift, added = 0) =>
  audit(db, actor, {
    action,
    entity: 'loyalty_gift',
    entityId: gift._id,
    details: {
      loyalty_gift_title: gift.loyalty_gift_title,
      loyalty_gift_point_quantity: gift.loyalty_gift_point_quantity,
      loyalty_gift_stock_quantity: gift.loyalty_gift_stock_quantity,
      loyalty_gift_is_active: gift.loyalty_gift_is_active,
      codes_added: added,
    },
  });

const whenTaken = rethrowNameTaken({ loyalty_gifts_title_key: 'loyalty_gift_title' });

/** `POST /loyalty-gift`. */
export const createGift = (db: Database, locationId: string, input: LoyaltyGiftInput, actor: Acting) =>
  db
    .transaction(async (tx) => {
      const { codes, columns } = await checkedValues(tx, locationId, input);
      const [row] = await tx
        .insert(loyaltyGifts)
        .values({ ...columns, location_id: locationId })
        .returning({ _id: loyaltyGifts._id });
      await addCodes(tx, row!._id, codes);
      const gift = await findGift(tx, locationId, row!._id);
      await auditGift(tx, actor, 'loyalty_gift.created', gift, codes.length);
      return gift;
    })
    .catch(whenTaken);

/** `PUT /loyalty-gift/{id}`: every field again; new codes join the pool. 404 for another mall's. */
export const updateGift = (
  db: Database,
  locationId: string,
  id: string,
  input: LoyaltyGiftInput,
  actor: Acting,
) =>
  db
    .transaction(async (tx) => {
      await findGift(tx, locationId, id);
      const { codes, columns } = await checkedValues(tx, locationId, input, id);
      await tx
        .update(loyaltyGifts)
        .set(columns)
        .where(and(eq(loyaltyGifts._id, id), inMall(locationId)));
      await addCodes(tx, id, codes);
      const gift = await findGift(tx, locationId, id);
      await auditGift(tx, actor, 'loyalty_gift.updated', gift, codes.length);
      return gift;
    })
    .catch(whenTaken);

/** `DELETE /loyalty-gift/{id}`: its redemptions keep the gift's title, cost and send type. */
export const deleteGift = (db: Database, locationId: string, id: string, actor: Acting) =>
  db.transaction(async (tx) => {
    const gift = await findGift(tx, locationId, id);
    await tx.delete(loyaltyGifts).where(and(eq(loyaltyGifts._id, id), inMall(locationId)));
    await auditGift(tx, actor, 'loyalty_gift.deleted', gift);
  });
