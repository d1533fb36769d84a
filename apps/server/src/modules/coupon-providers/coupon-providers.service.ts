import {
  type CouponProvider,
  type CouponProviderCategory,
  type CouponProviderInput,
  couponProviderInput,
  type ListResponse,
} from '@avlu/contracts';
import { and, arrayOverlaps, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { audit } from '../../platform/audit';
import type { Database } from '../../platform/db/database';
import { type ListRequest, listPage, listSource } from '../../platform/db/list';
import { alphabetical } from '../../platform/db/search';
import { assertNamesFree, nameKey, rethrowNameTaken } from '../../platform/db/unique-names';
import { AppError, invalidFields, notFound } from '../../platform/errors';
import { campaigns } from '../campaigns/campaigns.tables';
import { storeCategories, stores } from '../stores/stores.tables';
import type { Acting } from '../users/acting';
import { couponProviders } from './coupon-providers.tables';

const fields = {
  _id: couponProviders._id,
  coupon_provider_name: couponProviders.coupon_provider_name,
  coupon_provider_type: couponProviders.coupon_provider_type,
  coupon_provider_store_id: couponProviders.coupon_provider_store_id,
  coupon_provider_store_name: sql<
    string | null
  >`(select s.store_name from stores s where s._id = ${couponProviders.coupon_provider_store_id})`,
  created_at: couponProviders.created_at,
};

const toProvider = ({ created_at, ...row }: { created_at: Date } & Omit<CouponProvider, 'createdAt'>) => ({
  ...row,
  createdAt: created_at.toISOString(),
});

export const couponProviderList = listSource({
  table: couponProviders,
  fields,
  uniqueKey: couponProviders._id,
  search: [couponProviders.coupon_provider_name],
  sortable: {
    coupon_provider_name: alphabetical(couponProviders.coupon_provider_name),
    coupon_provider_type: couponProviders.coupon_provider_type,
    createdAt: couponProviders.created_at,
  },
  defaultSort: { orderBy: 'coupon_provider_name', order: 'asc' },
});
type SortKey = keyof typeof couponProviderList.sortable;

const inMall = (locationId: string) => eq(couponProviders.location_id, locationId);

/** GET /campaign/coupon-providers: every provider with showAll (the campaign form's picker), else one page. */
export const listCouponProviders = async (
  db: Database,
  locationId: string,
  query: ListRequest<SortKey> & { filter: { showAll?: boolean | undefined } },
): Promise<CouponProvider[] | ListResponse<CouponProvider>> => {
  if (query.filter.showAll)
    return (
      await db
        .select(fields)
        .from(couponProviders)
        .where(inMall(locationId))
        .orderBy(alphabetical(couponProviders.coupon_provider_name), asc(couponProviders._id))
    ).map(toProvider);
  const page = await listPage(db, couponProviderList, query, inMall(locationId));
  return { ...page, data: page.data.map(toProvider) };
};

const findCouponProvider = async (db: Database, locationId: string, id: string) => {
  const [row] = await db
    .select(fields)
    .from(couponProviders)
    .where(and(eq(couponProviders._id, id), inMall(locationId)));
  return row && toProvider(row);
};

/** 400 naming `<field>.<index>` for the first id that is not a coupon provider of the mall. */
export const assertCouponProvidersExist = async (
  db: Database,
  locationId: string,
  field: string,
  ids: readonly string[],
) => {
  if (ids.length === 0) return;
  const found = await db
    .select({ _id: couponProviders._id })
    .from(couponProviders)
    .where(and(inArray(couponProviders._id, [...ids]), inMall(locationId)));
  const known = new Set(found.map((row) => row._id));
  const index = ids.findIndex((id) => !known.has(id));
  if (index >= 0) throw invalidFields({ [`${field}.${index}`]: 'campaignProviderNotFound' });
};

const auditProvider = (db: Database, actor: Acting, action: string, row: CouponProvider) =>
  audit(db, actor, {
    action,
    entity: 'coupon_provider',
    entityId: row._id,
    details: {
      coupon_provider_name: row.coupon_provider_name,
      coupon_provider_type: row.coupon_provider_type,
      coupon_provider_store_id: row.coupon_provider_store_id,
    },
  });

const whenNameTaken = rethrowNameTaken({ coupon_providers_name_key: 'coupon_provider_name' });

/**
 * POST /campaign/coupon-providers: a store provider names a store of the mall (400 naming
 * `coupon_provider_store_id` otherwise); 409 NAME_TAKEN when the mall has a provider of that name.
 */
export const createCouponProvider = (
  db: Database,
  locationId: string,
  input: CouponProviderInput,
  actor: Acting,
): Promise<CouponProvider> =>
  db
    .transaction(async (tx) => {
      const values = couponProviderInput.parse(input);
      await assertNamesFree(
        tx,
        couponProviders,
        couponProviders._id,
        [
          {
            key: couponProviders.coupon_provider_name_key,
            name: values.coupon_provider_name,
            field: 'coupon_provider_name',
          },
        ],
        { scope: inMall(locationId) },
      );
      if (values.coupon_provider_store_id) {
        const [store] = await tx
          .select({ _id: stores._id })
          .from(stores)
          .where(and(eq(stores._id, values.coupon_provider_store_id), eq(stores.location_id, locationId)));
        if (!store) throw invalidFields({ coupon_provider_store_id: 'campaignStoreNotFound' });
      }
      const [row] = await tx
        .insert(couponProviders)
        .values({
          ...values,
          coupon_provider_name_key: nameKey(values.coupon_provider_name),
          location_id: locationId,
        })
        .returning({ _id: couponProviders._id });
      const created = (await findCouponProvider(tx, locationId, row!._id))!;
      await auditProvider(tx, actor, 'coupon_provider.created', created);
      return created;
    })
    .catch(whenNameTaken);

/**
 * DELETE /campaign/coupon-providers/{id}: refused (409 COUPON_PROVIDER_IN_USE, naming it) while a
 * campaign that is not archived gives its codes; an archived campaign keeps the id as history.
 */
export const deleteCouponProvider = (db: Database, locationId: string, id: string, actor: Acting) =>
  db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ _id: couponProviders._id })
      .from(couponProviders)
      .where(and(eq(couponProviders._id, id), inMall(locationId)))
      .for('update');
    if (!locked) throw notFound();
    const provider = (await findCouponProvider(tx, locationId, id))!;
    const [used] = await tx
      .select({ _id: campaigns._id })
      .from(campaigns)
      .where(
        and(
          eq(campaigns.location_id, locationId),
          ne(campaigns.campaign_status, 'archived'),
          arrayOverlaps(campaigns.campaign_provider_ids, [id]),
        ),
      )
      .limit(1);
    if (used)
      throw new AppError('COUPON_PROVIDER_IN_USE', 409, { params: { name: provider.coupon_provider_name } });
    await tx.delete(couponProviders).where(eq(couponProviders._id, id));
    await auditProvider(tx, actor, 'coupon_provider.deleted', provider);
  });

/** GET /campaign/coupon-providers/categories: the store categories with their active stores, by name. */
export const couponProviderCategories = async (
  db: Database,
  locationId: string,
): Promise<CouponProviderCategory[]> => {
  const rows = await db
    .select({
      _id: storeCategories._id,
      store_category_name: storeCategories.store_category_name,
      store_category_name_en: storeCategories.store_category_name_en,
      store_id: stores._id,
      store_name: stores.store_name,
    })
    .from(storeCategories)
    .innerJoin(
      stores,
      and(eq(stores.store_category_id, storeCategories._id), eq(stores.store_is_active, true)),
    )
    .where(eq(storeCategories.location_id, locationId))
    .orderBy(alphabetical(storeCategories.store_category_name), alphabetical(stores.store_name));
  const categories = new Map<string, CouponProviderCategory>();
  for (const row of rows) {
    const category = categories.get(row._id) ?? {
      _id: row._id,
      store_category_name: row.store_category_name,
      store_category_name_en: row.store_category_name_en,
      stores: [],
    };
    category.stores.push({ _id: row.store_id, store_name: row.store_name });
    categories.set(row._id, category);
  }
  return [...categories.values()];
};
