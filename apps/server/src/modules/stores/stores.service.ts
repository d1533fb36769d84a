import {
  type ListResponse,
  type MicroSiteStore,
  type Store,
  type StoreCategory,
  type StoreCategoryInput,
  type StoreFilter,
  type StoreInput,
  storeCategoryInput,
  storeInput,
} from '@avlu/contracts';
import { and, arrayOverlaps, count, eq, getTableColumns, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { audit } from '../../platform/audit';
import type { Database } from '../../platform/db/database';
import { type ListRequest, listOrder, listPage, listSource } from '../../platform/db/list';
import { alphabetical, containsKeyword } from '../../platform/db/search';
import { assertNamesFree, nameKey, rethrowNameTaken } from '../../platform/db/unique-names';
import { AppError, invalidFields, notFound } from '../../platform/errors';
import { assertStoredImage, type Files } from '../../platform/files/files';
import { campaigns } from '../campaigns/campaigns.tables';
import { couponProviders } from '../coupon-providers/coupon-providers.tables';
import type { Acting } from '../users/acting';
import { storeCategories, stores } from './stores.tables';

/* ---------------------------------------------------------------- categories */

const categoryInMall = (locationId: string) => eq(storeCategories.location_id, locationId);

/**
 * Correlated subqueries are written out: drizzle leaves columns unqualified in a one-table select,
 * which inside a subquery would name the subquery's own table.
 */
const storeCount =
  sql<number>`(select count(*) from stores s where s.store_category_id = store_categories._id)`.mapWith(
    Number,
  );

export const storeCategoryList = listSource({
  table: storeCategories,
  fields: { ...getTableColumns(storeCategories), store_count: storeCount },
  uniqueKey: storeCategories._id,
  search: [storeCategories.store_category_name, storeCategories.store_category_name_en],
  sortable: {
    store_category_name: alphabetical(storeCategories.store_category_name),
    store_category_name_en: alphabetical(storeCategories.store_category_name_en),
    createdAt: storeCategories.created_at,
  },
  defaultSort: { orderBy: 'store_category_name', order: 'asc' },
});
type CategorySortKey = keyof typeof storeCategoryList.sortable;
type CategoryRow = typeof storeCategories.$inferSelect & { store_count: number };

const toCategory = ({
  location_id: _,
  store_category_name_key,
  store_category_name_en_key,
  created_at,
  updated_at,
  ...row
}: CategoryRow): StoreCategory => ({
  ...row,
  createdAt: created_at.toISOString(),
  updatedAt: updated_at.toISOString(),
});

const categoryRows = (db: Database, where: SQL | undefined) =>
  db
    .select(storeCategoryList.fields)
    .from(storeCategories)
    .where(where)
    .orderBy(...listOrder(storeCategoryList, {}));

/** GET /data/categories: every category with showAll=true (pickers), else one page. */
export const listStoreCategories = async (
  db: Database,
  locationId: string,
  query: ListRequest<CategorySortKey> & { filter: { showAll?: boolean | undefined } },
): Promise<StoreCategory[] | ListResponse<StoreCategory>> => {
  if (query.filter.showAll) return (await categoryRows(db, categoryInMall(locationId))).map(toCategory);
  const page = await listPage(db, storeCategoryList, query, categoryInMall(locationId));
  return { ...page, data: page.data.map(toCategory) };
};

const findCategory = async (db: Database, locationId: string, id: string) =>
  (await categoryRows(db, and(eq(storeCategories._id, id), categoryInMall(locationId))))[0];

export const getStoreCategory = async (db: Database, locationId: string, id: string) => {
  const row = await findCategory(db, locationId, id);
  if (!row) throw notFound();
  return toCategory(row);
};

/** The stored names and keys of a category; the English name falls back to the Turkish one. */
export const storeCategoryColumns = (values: {
  store_category_name: string;
  store_category_name_en?: string | undefined;
}) => {
  const english = values.store_category_name_en || values.store_category_name;
  return {
    store_category_name: values.store_category_name,
    store_category_name_en: english,
    store_category_name_key: nameKey(values.store_category_name),
    store_category_name_en_key: nameKey(english),
  };
};

const assertCategoryNamesFree = (
  db: Database,
  locationId: string,
  input: StoreCategoryInput,
  columns: ReturnType<typeof storeCategoryColumns>,
  except?: string,
) =>
  assertNamesFree(
    db,
    storeCategories,
    storeCategories._id,
    [
      {
        key: storeCategories.store_category_name_key,
        name: columns.store_category_name,
        field: 'store_category_name',
      },
      {
        key: storeCategories.store_category_name_en_key,
        name: columns.store_category_name_en,
        field: input.store_category_name_en ? 'store_category_name_en' : 'store_category_name',
      },
    ],
    { scope: categoryInMall(locationId), except },
  );

const whenCategoryNameTaken = rethrowNameTaken({
  store_categories_name_key: 'store_category_name',
  store_categories_name_en_key: 'store_category_name_en',
});

const auditCategory = (db: Database, actor: Acting, action: string, category: StoreCategory) =>
  audit(db, actor, {
    action,
    entity: 'store_category',
    entityId: category._id,
    details: {
      store_category_name: category.store_category_name,
      store_category_name_en: category.store_category_name_en,
    },
  });

export const createStoreCategory = (
  db: Database,
  locationId: string,
  input: StoreCategoryInput,
  actor: Acting,
) =>
  db
    .transaction(async (tx) => {
      const values = storeCategoryInput.parse(input);
      const columns = storeCategoryColumns(values);
      await assertCategoryNamesFree(tx, locationId, values, columns);
      const [row] = await tx
        .insert(storeCategories)
        .values({ ...columns, location_id: locationId })
        .returning();
      const created = toCategory({ ...row!, store_count: 0 });
      await auditCategory(tx, actor, 'store_category.created', created);
      return created;
    })
    .catch(whenCategoryNameTaken);

export const updateStoreCategory = (
  db: Database,
  locationId: string,
  id: string,
  input: StoreCategoryInput,
  actor: Acting,
) =>
  db
    .transaction(async (tx) => {
      const values = storeCategoryInput.parse(input);
      if (!(await findCategory(tx, locationId, id))) throw notFound();
      const columns = storeCategoryColumns(values);
      await assertCategoryNamesFree(tx, locationId, values, columns, id);
      await tx.update(storeCategories).set(columns).where(eq(storeCategories._id, id));
      const updated = toCategory((await findCategory(tx, locationId, id))!);
      await auditCategory(tx, actor, 'store_category.updated', updated);
      return updated;
    })
    .catch(whenCategoryNameTaken);

/** 409 STORE_CATEGORY_IN_USE, naming the category and its store count, while it holds stores. */
export const deleteStoreCategory = (db: Database, locationId: string, id: string, actor: Acting) =>
  db.transaction(async (tx) => {
    // Locked, so a store cannot join it between the count and the delete.
    const [locked] = await tx
      .select({ _id: storeCategories._id })
      .from(storeCategories)
      .where(and(eq(storeCategories._id, id), categoryInMall(locationId)))
      .for('update');
    if (!locked) throw notFound();
    const category = toCategory((await findCategory(tx, locationId, id))!);
    if (category.store_count > 0)
      throw new AppError('STORE_CATEGORY_IN_USE', 409, {
        params: {
          name: actor.lang === 'en' ? category.store_category_name_en : category.store_category_name,
          count: category.store_count,
        },
      });
    await tx.delete(storeCategories).where(eq(storeCategories._id, id));
    await auditCategory(tx, actor, 'store_category.deleted', category);
  });

/* -------------------------------------------------------------------- stores */

const storeInMall = (locationId: string) => eq(stores.location_id, locationId);
const categoryName = sql<string>`(select c.store_category_name from store_categories c where c._id = stores.store_category_id)`;
const categoryNameEn = sql<string>`(select c.store_category_name_en from store_categories c where c._id = stores.store_category_id)`;

export const storeList = listSource({
  table: stores,
  fields: {
    ...getTableColumns(stores),
    store_category_name: categoryName,
    store_category_name_en: categoryNameEn,
  },
  uniqueKey: stores._id,
  search: [stores.store_name, stores.store_unit_no, stores.store_cms_id, categoryName, categoryNameEn],
  sortable: {
    store_name: alphabetical(stores.store_name),
    store_category_name: alphabetical(categoryName),
    store_floor: stores.store_floor,
    store_unit_no: stores.store_unit_no,
    store_is_active: stores.store_is_active,
    createdAt: stores.created_at,
  },
  defaultSort: { orderBy: 'store_name', order: 'asc' },
});
export type StoreSortKey = keyof typeof storeList.sortable;
type StoreRow = typeof stores.$inferSelect & { store_category_name: string; store_category_name_en: string };

export const toStore = ({
  location_id: _,
  store_name_key,
  created_at,
  updated_at,
  ...row
}: StoreRow): Store => ({
  ...row,
  createdAt: created_at.toISOString(),
  updatedAt: updated_at.toISOString(),
});

/** The list's filters as SQL, inside the mall. */
export const storeWhere = (locationId: string, filter: StoreFilter = {}) =>
  and(
    storeInMall(locationId),
    filter.store_category_id === undefined
      ? undefined
      : eq(stores.store_category_id, filter.store_category_id),
    filter.store_is_active === undefined ? undefined : eq(stores.store_is_active, filter.store_is_active),
  );

/** Every matching store in the list's order (pickers, the export): a mall has hundreds, not millions. */
export const allStores = async (
  db: Database,
  locationId: string,
  query: {
    keyword?: string | undefined;
    order?: 'asc' | 'desc' | undefined;
    orderBy?: StoreSortKey | undefined;
    filter?: StoreFilter | undefined;
  },
) => {
  const keyword = query.keyword?.trim();
  const rows = await db
    .select(storeList.fields)
    .from(stores)
    .where(
      and(
        storeWhere(locationId, query.filter),
        keyword ? containsKeyword(storeList.search, keyword) : undefined,
      ),
    )
    .orderBy(...listOrder(storeList, query));
  return rows.map(toStore);
};

/** GET /data/stores and POST /data/stores/filter: with showAll every row, else one page. */
export const listStores = async (
  db: Database,
  locationId: string,
  query: ListRequest<StoreSortKey> & {
    filter?: (StoreFilter & { showAll?: boolean | undefined }) | undefined;
  },
): Promise<Store[] | ListResponse<Store>> => {
  const { showAll, ...filter } = query.filter ?? {};
  if (showAll) return allStores(db, locationId, { ...query, filter });
  const page = await listPage(db, storeList, query, storeWhere(locationId, filter));
  return { ...page, data: page.data.map(toStore) };
};

const findStore = async (db: Database, locationId: string, id: string) =>
  (
    await db
      .select(storeList.fields)
      .from(stores)
      .where(and(eq(stores._id, id), storeInMall(locationId)))
  )[0];

export const getStore = async (db: Database, locationId: string, id: string) => {
  const row = await findStore(db, locationId, id);
  if (!row) throw notFound();
  return toStore(row);
};

/** 400 naming `store_category_id` unless the category is one of the mall's. */
const assertCategoryOfMall = async (db: Database, locationId: string, id: string) => {
  const [row] = await db
    .select({ _id: storeCategories._id })
    .from(storeCategories)
    .where(and(eq(storeCategories._id, id), categoryInMall(locationId)));
  if (!row) throw invalidFields({ store_category_id: 'storeCategoryNotFound' });
};

const whenStoreNameTaken = rethrowNameTaken({ stores_name_key: 'store_name' });

const auditStore = (db: Database, actor: Acting, action: string, store: Store) =>
  audit(db, actor, {
    action,
    entity: 'store',
    entityId: store._id,
    details: { store_name: store.store_name, store_is_active: store.store_is_active },
  });

/** The checks of a create or an update, in its transaction: category of the mall, logo of our store, name free. */
const checkedColumns = async (
  db: Database,
  files: Pick<Files, 'find'>,
  locationId: string,
  input: StoreInput,
  except?: string,
) => {
  const values = storeInput.parse(input);
  await assertCategoryOfMall(db, locationId, values.store_category_id);
  await assertStoredImage(db, files, 'store_logo', values.store_logo);
  await assertNamesFree(
    db,
    stores,
    stores._id,
    [{ key: stores.store_name_key, name: values.store_name, field: 'store_name' }],
    { scope: storeInMall(locationId), except },
  );
  return { ...values, store_name_key: nameKey(values.store_name) };
};

export const createStore = (
  db: Database,
  files: Pick<Files, 'find'>,
  locationId: string,
  input: StoreInput,
  actor: Acting,
) =>
  db
    .transaction(async (tx) => {
      const columns = await checkedColumns(tx, files, locationId, input);
      const [row] = await tx
        .insert(stores)
        .values({ ...columns, location_id: locationId })
        .returning({ _id: stores._id });
      const created = await getStore(tx, locationId, row!._id);
      await auditStore(tx, actor, 'store.created', created);
      return created;
    })
    .catch(whenStoreNameTaken);

export const updateStore = (
  db: Database,
  files: Pick<Files, 'find'>,
  locationId: string,
  id: string,
  input: StoreInput,
  actor: Acting,
) =>
  db
    .transaction(async (tx) => {
      if (!(await findStore(tx, locationId, id))) throw notFound();
      const columns = await checkedColumns(tx, files, locationId, input, id);
      await tx.update(stores).set(columns).where(eq(stores._id, id));
      const updated = await getStore(tx, locationId, id);
      await auditStore(tx, actor, 'store.updated', updated);
      return updated;
    })
    .catch(whenStoreNameTaken);

/** 400 naming `<field>.<index>` for the first id that is not a store of the mall (campaigns' pickers). */
export const assertStoresExist = async (
  db: Database,
  locationId: string,
  field: string,
  ids: readonly string[],
) => {
  if (ids.length === 0) return;
  const found = await db
    .select({ _id: stores._id })
    .from(stores)
    .where(and(inArray(stores._id, [...ids]), storeInMall(locationId)));
  const known = new Set(found.map((row) => row._id));
  const index = ids.findIndex((id) => !known.has(id));
  if (index >= 0) throw invalidFields({ [`${field}.${index}`]: 'campaignStoreNotFound' });
};

/**
 * Refused (409 STORE_IN_USE, naming the store) while a coupon provider stands for it or a campaign
 * that is not archived lists it; the store row is locked, so neither can start using it meanwhile.
 */
export const deleteStore = (db: Database, locationId: string, id: string, actor: Acting) =>
  db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ _id: stores._id })
      .from(stores)
      .where(and(eq(stores._id, id), storeInMall(locationId)))
      .for('update');
    if (!locked) throw notFound();
    const existing = (await findStore(tx, locationId, id))!;
    const [provider] = await tx
      .select({ _id: couponProviders._id })
      .from(couponProviders)
      .where(eq(couponProviders.coupon_provider_store_id, id))
      .limit(1);
    const [campaign] = await tx
      .select({ _id: campaigns._id })
      .from(campaigns)
      .where(
        and(
          eq(campaigns.location_id, locationId),
          ne(campaigns.campaign_status, 'archived'),
          arrayOverlaps(campaigns.campaign_store_ids, [id]),
        ),
      )
      .limit(1);
    if (provider || campaign)
      throw new AppError('STORE_IN_USE', 409, { params: { name: existing.store_name } });
    await tx.delete(stores).where(eq(stores._id, id));
    await auditStore(tx, actor, 'store.deleted', toStore(existing));
  });

/** GET /ext/data/stores: the mall's active stores for the micro-site's directory, by name. */
export const microSiteStores = async (db: Database, locationId: string): Promise<MicroSiteStore[]> =>
  db
    .select({
      _id: stores._id,
      store_name: stores.store_name,
      store_category_name: categoryName,
      store_category_name_en: categoryNameEn,
      store_floor: stores.store_floor,
      store_unit_no: stores.store_unit_no,
      store_phone: stores.store_phone,
      store_logo: stores.store_logo,
      store_website: stores.store_website,
    })
    .from(stores)
    .where(and(storeInMall(locationId), eq(stores.store_is_active, true)))
    .orderBy(...listOrder(storeList, {}));

/** How many stores a mall has (tests, demo). */
export const countStores = async (db: Database, locationId: string) =>
  (await db.select({ total: count() }).from(stores).where(storeInMall(locationId)))[0]?.total ?? 0;
