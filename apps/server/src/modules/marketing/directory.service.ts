import type {
  ListResponse,
  MallPost,
  MallPostSortKey,
  MallPostValues,
  MobilePage,
  MobilePageSortKey,
  MobilePageValues,
  PostKind,
} from '@avlu/contracts';
import { and, eq, getTableColumns, gte, inArray, type SQL } from 'drizzle-orm';
import { audit } from '../../platform/audit';
import type { Database } from '../../platform/db/database';
import { type ListRequest, type ListSource, listOrder, listPage, listSource } from '../../platform/db/list';
import { alphabetical, containsKeyword } from '../../platform/db/search';
import { assertNamesFree, nameKey, rethrowNameTaken } from '../../platform/db/unique-names';
import { AppError, notFound } from '../../platform/errors';
import { assertStoredImage, type Files } from '../../platform/files/files';
import { type Mall, mallToday } from '../customers/mall-date';
import type { Acting } from '../users/acting';
import { notifications } from './marketing.tables';
import { mallPosts, mobilePages } from './marketing-directory.tables';

type AllOrPage<SortKey extends string> = ListRequest<SortKey> & {
  filter?: Record<string, unknown> | undefined;
};

const stamps = <Row extends { created_at: Date; updated_at: Date }>({
  created_at,
  updated_at,
  ...row
}: Row) => ({
  ...row,
  createdAt: created_at.toISOString(),
  updatedAt: updated_at.toISOString(),
});

type Row = Record<string, unknown>;

/** Every row (showAll=true, pickers) or one page, the same filter and order either way. */
const allOrPage = async <SortKey extends string>(
  db: Database,
  // biome-ignore lint/suspicious/noExplicitAny: both sources' field maps
  source: ListSource<any, SortKey>,
  query: AllOrPage<SortKey>,
  where: SQL | undefined,
): Promise<Row[] | ListResponse<Row>> => {
  if (query.filter?.showAll) {
    const keyword = query.keyword?.trim();
    const rows = await db
      .select(source.fields)
      .from(source.table)
      .where(and(where, keyword ? containsKeyword(source.search, keyword) : undefined))
      .orderBy(...listOrder(source, query));
    return rows as Row[];
  }
  return (await listPage(db, source, query, where)) as ListResponse<Row>;
};

// ——— Mobile pages ———

const {
  location_id: _l,
  mobile_page_title_key: _t,
  mobile_page_name_key: _n,
  ...mobilePageFields
} = getTableColumns(mobilePages);

const mobilePageList = listSource({
  table: mobilePages,
  fields: mobilePageFields,
  uniqueKey: mobilePages._id,
  search: [mobilePages.mobile_page_title, mobilePages.mobile_page_name],
  sortable: {
    mobile_page_title: alphabetical(mobilePages.mobile_page_title),
    mobile_page_name: mobilePages.mobile_page_name,
    mobile_page_type: mobilePages.mobile_page_type,
    createdAt: mobilePages.created_at,
  } satisfies Record<MobilePageSortKey, unknown>,
  defaultSort: { orderBy: 'mobile_page_title', order: 'asc' },
});

const toMobilePage = (row: Row) => stamps(row as typeof mobilePages.$inferSelect) as unknown as MobilePage;
const pageInMall = (locationId: string) => eq(mobilePages.location_id, locationId);

/** GET /marketing/mobile-pages: every page (showAll=true) or one page of them. */
export const listMobilePages = async (
  db: Database,
  locationId: string,
  query: AllOrPage<MobilePageSortKey>,
): Promise<MobilePage[] | ListResponse<MobilePage>> => {
  const result = await allOrPage(db, mobilePageList, query, pageInMall(locationId));
  if (Array.isArray(result)) return result.map(toMobilePage);
  return { ...result, data: result.data.map(toMobilePage) };
};

export const getMobilePage = async (db: Database, locationId: string, id: string) => {
  const [row] = await db
    .select(mobilePageFields)
    .from(mobilePages)
    .where(and(eq(mobilePages._id, id), pageInMall(locationId)));
  if (!row) throw notFound();
  return toMobilePage(row);
};

const mobilePageNamesTaken = rethrowNameTaken({
  mobile_pages_title_key: 'mobile_page_title',
  mobile_pages_name_key: 'mobile_page_name',
});

const mobilePageColumns = async (
  db: Database,
  locationId: string,
  values: MobilePageValues,
  except?: string,
) => {
  await assertNamesFree(
    db,
    mobilePages,
    mobilePages._id,
    [
      { key: mobilePages.mobile_page_title_key, name: values.mobile_page_title, field: 'mobile_page_title' },
      { key: mobilePages.mobile_page_name_key, name: values.mobile_page_name, field: 'mobile_page_name' },
    ],
    { scope: pageInMall(locationId), except },
  );
  return {
    ...values,
    mobile_page_title_key: nameKey(values.mobile_page_title),
    mobile_page_name_key: nameKey(values.mobile_page_name),
  };
};

const auditPage = (db: Database, actor: Acting, action: string, id: string, title: string) =>
  audit(db, actor, {
    action: `mobile_page.${action}`,
    entity: 'mobile_page',
    entityId: id,
    details: { title },
  });

export const createMobilePage = (db: Database, locationId: string, values: MobilePageValues, actor: Acting) =>
  db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(mobilePages)
        .values({ ...(await mobilePageColumns(tx, locationId, values)), location_id: locationId })
        .returning({ _id: mobilePages._id });
      await auditPage(tx, actor, 'created', row!._id, values.mobile_page_title);
      return getMobilePage(tx, locationId, row!._id);
    })
    .catch(mobilePageNamesTaken);

export const updateMobilePage = (
  db: Database,
  locationId: string,
  id: string,
  values: MobilePageValues,
  actor: Acting,
) =>
  db
    .transaction(async (tx) => {
      await getMobilePage(tx, locationId, id);
      await tx
        .update(mobilePages)
        .set(await mobilePageColumns(tx, locationId, values, id))
        .where(and(eq(mobilePages._id, id), pageInMall(locationId)));
      await auditPage(tx, actor, 'updated', id, values.mobile_page_title);
      return getMobilePage(tx, locationId, id);
    })
    .catch(mobilePageNamesTaken);

/**
 * DELETE /marketing/mobile-pages/{id}: refused while a push not yet sent opens it (409
 * MOBILE_PAGE_IN_USE naming the page); a sent push keeps its record without the page.
 */
export const deleteMobilePage = (db: Database, locationId: string, id: string, actor: Acting) =>
  db.transaction(async (tx) => {
    const page = await getMobilePage(tx, locationId, id);
    const [user] = await tx
      .select({ _id: notifications._id })
      .from(notifications)
      .where(
        and(
          eq(notifications.push_notification_mobile_page_id, id),
          inArray(notifications.notification_state, [
            'created',
            'scheduled',
            'waiting_for_approval',
            'send_in_progress',
          ]),
        ),
      )
      .limit(1);
    if (user) throw new AppError('MOBILE_PAGE_IN_USE', 409, { params: { name: page.mobile_page_title } });
    await tx.delete(mobilePages).where(eq(mobilePages._id, id));
    await auditPage(tx, actor, 'deleted', id, page.mobile_page_title);
  });

// ——— Events and promotions ———

const { location_id: _pl, post_title_key: _pk, ...postFields } = getTableColumns(mallPosts);

const postList = listSource({
  table: mallPosts,
  fields: postFields,
  uniqueKey: mallPosts._id,
  search: [mallPosts.post_title],
  sortable: {
    post_title: alphabetical(mallPosts.post_title),
    post_start_date: mallPosts.post_start_date,
    post_end_date: mallPosts.post_end_date,
    createdAt: mallPosts.created_at,
  } satisfies Record<MallPostSortKey, unknown>,
  defaultSort: { orderBy: 'post_start_date', order: 'desc' },
});

const toPost = (row: Record<string, unknown>) =>
  stamps(row as typeof mallPosts.$inferSelect) as unknown as MallPost;
const postsOf = (locationId: string, kind: PostKind) =>
  and(eq(mallPosts.location_id, locationId), eq(mallPosts.post_kind, kind));

/**
 * GET /data/events, GET /data/promotions: every one (showAll=true; `post_is_active`, and `current`:
 * not ended by the mall's today) or one page; the newest start first.
 */
export const listPosts = async (
  db: Database,
  mall: Mall,
  kind: PostKind,
  query: AllOrPage<MallPostSortKey>,
): Promise<MallPost[] | ListResponse<MallPost>> => {
  const filter = query.filter ?? {};
  const where = and(
    postsOf(mall._id, kind),
    typeof filter.post_is_active === 'boolean'
      ? eq(mallPosts.post_is_active, filter.post_is_active)
      : undefined,
    filter.current ? gte(mallPosts.post_end_date, mallToday(mall)) : undefined,
  );
  const result = await allOrPage(db, postList, query, where);
  if (Array.isArray(result)) return result.map(toPost);
  return { ...result, data: result.data.map(toPost) };
};

export const getPost = async (db: Database, locationId: string, kind: PostKind, id: string) => {
  const [row] = await db
    .select(postFields)
    .from(mallPosts)
    .where(and(eq(mallPosts._id, id), postsOf(locationId, kind)));
  if (!row) throw notFound();
  return toPost(row);
};

const postTitleTaken = rethrowNameTaken({ mall_posts_title_key: 'post_title' });

const postColumns = async (
  db: Database,
  files: Pick<Files, 'find'>,
  locationId: string,
  kind: PostKind,
  values: MallPostValues,
  except?: string,
) => {
  await assertNamesFree(
    db,
    mallPosts,
    mallPosts._id,
    [{ key: mallPosts.post_title_key, name: values.post_title, field: 'post_title' }],
    { scope: postsOf(locationId, kind), except },
  );
  await assertStoredImage(db, files, 'post_image', values.post_image);
  return { ...values, post_title_key: nameKey(values.post_title) };
};

const auditPost = (db: Database, actor: Acting, action: string, kind: PostKind, id: string, title: string) =>
  audit(db, actor, { action: `${kind}.${action}`, entity: kind, entityId: id, details: { title } });

export const createPost = (
  db: Database,
  files: Pick<Files, 'find'>,
  locationId: string,
  kind: PostKind,
  values: MallPostValues,
  actor: Acting,
) =>
  db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(mallPosts)
        .values({
          ...(await postColumns(tx, files, locationId, kind, values)),
          location_id: locationId,
          post_kind: kind,
        })
        .returning({ _id: mallPosts._id });
      await auditPost(tx, actor, 'created', kind, row!._id, values.post_title);
      return getPost(tx, locationId, kind, row!._id);
    })
    .catch(postTitleTaken);

export const updatePost = (
  db: Database,
  files: Pick<Files, 'find'>,
  locationId: string,
  kind: PostKind,
  id: string,
  values: MallPostValues,
  actor: Acting,
) =>
  db
    .transaction(async (tx) => {
      await getPost(tx, locationId, kind, id);
      await tx
        .update(mallPosts)
        .set(await postColumns(tx, files, locationId, kind, values, id))
        .where(and(eq(mallPosts._id, id), postsOf(locationId, kind)));
      await auditPost(tx, actor, 'updated', kind, id, values.post_title);
      return getPost(tx, locationId, kind, id);
    })
    .catch(postTitleTaken);

/**
 * Deleting an event or promotion: a newsletter not yet sent that lists it keeps its id, and its next
 * full edit names the field (as a campaign's deleted store), so nothing is changed behind its back.
 */
export const deletePost = (db: Database, locationId: string, kind: PostKind, id: string, actor: Acting) =>
  db.transaction(async (tx) => {
    const post = await getPost(tx, locationId, kind, id);
    await tx.delete(mallPosts).where(eq(mallPosts._id, id));
    await auditPost(tx, actor, 'deleted', kind, id, post.post_title);
  });
