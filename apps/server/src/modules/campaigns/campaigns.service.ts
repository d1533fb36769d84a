import {
  type Campaign,
  type CampaignListFilter,
  type CampaignState,
  type CampaignUpdate,
  type CampaignValues,
  campaignFieldRule,
  campaignStatusChangeProblem,
  campaignStatusLabels,
  campaignTypeDefinitions,
  campaignTypes,
  campaignTypesWithCodePool,
  type ListResponse,
} from '@avlu/contracts';
import {
  and,
  arrayContains,
  eq,
  getTableColumns,
  gt,
  inArray,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { audit } from '../../platform/audit';
import type { Database } from '../../platform/db/database';
import { type ListRequest, listOrder, listPage, listSource } from '../../platform/db/list';
import { alphabetical, containsKeyword } from '../../platform/db/search';
import { assertNamesFree, nameKey, rethrowNameTaken } from '../../platform/db/unique-names';
import { AppError, invalidFields } from '../../platform/errors';
import { assertStoredImage, type Files } from '../../platform/files/files';
import { assertChannelOfMall } from '../channels/channels.service';
import { channels } from '../channels/channels.tables';
import { assertCouponProvidersExist } from '../coupon-providers/coupon-providers.service';
import { assertStoresExist } from '../stores/stores.service';
import { storeCategories } from '../stores/stores.tables';
import { surveys } from '../surveys/surveys.tables';
import type { Acting } from '../users/acting';
import { type CampaignRow, campaigns } from './campaigns.tables';
import { couponCodeCountsOf } from './coupon-counts';
import { campaignPrizesOf, replaceCampaignPrizes } from './prizes.service';

export const campaignList = listSource({
  table: campaigns,
  fields: getTableColumns(campaigns),
  uniqueKey: campaigns._id,
  search: [campaigns.campaign_name, campaigns.campaign_name_en, campaigns.campaign_description],
  sortable: {
    campaign_name: alphabetical(campaigns.campaign_name),
    campaign_name_en: alphabetical(campaigns.campaign_name_en),
    campaign_type: campaigns.campaign_type,
    campaign_start_date: campaigns.campaign_start_date,
    campaign_end_date: campaigns.campaign_end_date,
    campaign_archive_date: campaigns.campaign_archive_date,
    campaign_status: campaigns.campaign_status,
    createdAt: campaigns.created_at,
    updatedAt: campaigns.updated_at,
  },
  defaultSort: { orderBy: 'campaign_start_date', order: 'desc' },
});
type SortKey = keyof typeof campaignList.sortable;

const inMall = (locationId: string) => eq(campaigns.location_id, locationId);
const notArchived = ne(campaigns.campaign_status, 'archived');

export const campaignNotFound = () => new AppError('CAMPAIGN_NOT_FOUND', 404);

/**
 * A row as the contracts give a campaign: written out field by field, because it runs for every row
 * of every list and an object rest over this many fields costs more than the rest of the mapping.
 * (The mall, the names' sort keys and the pool's counters stay inside.)
 */
export const toCampaign = (row: CampaignRow): Campaign => ({
  _id: row._id,
  campaign_name: row.campaign_name,
  campaign_name_en: row.campaign_name_en,
  campaign_description: row.campaign_description,
  campaign_description_en: row.campaign_description_en,
  campaign_type: row.campaign_type,
  campaign_start_date: row.campaign_start_date.toISOString(),
  campaign_end_date: row.campaign_end_date.toISOString(),
  campaign_archive_date: row.campaign_archive_date.toISOString(),
  campaign_images: row.campaign_images,
  campaign_is_qrcode: row.campaign_is_qrcode,
  campaign_budget: row.campaign_budget,
  campaign_spending_limit: row.campaign_spending_limit,
  campaign_spending_limit_type: row.campaign_spending_limit_type,
  campaign_point_multiplier: row.campaign_point_multiplier,
  campaign_participation: row.campaign_participation,
  campaign_daily_participation_limit: row.campaign_daily_participation_limit,
  campaign_win_rate: row.campaign_win_rate,
  campaign_scratch_area_count: row.campaign_scratch_area_count,
  campaign_scratch_images: row.campaign_scratch_images,
  campaign_session_day_count: row.campaign_session_day_count,
  campaign_third_party_id: row.campaign_third_party_id,
  campaign_survey_id: row.campaign_survey_id,
  campaign_regular_code: row.campaign_regular_code,
  campaign_store_ids: row.campaign_store_ids,
  campaign_store_category_ids: row.campaign_store_category_ids,
  campaign_excluded_store_ids: row.campaign_excluded_store_ids,
  campaign_excluded_category_ids: row.campaign_excluded_category_ids,
  campaign_stamp_count: row.campaign_stamp_count,
  campaign_game_right_rule: row.campaign_game_right_rule,
  campaign_lottery_permit_no: row.campaign_lottery_permit_no,
  campaign_prizes: [],
  campaign_step_goal: row.campaign_step_goal,
  campaign_provider_ids: row.campaign_provider_ids,
  campaign_channel_ids: row.campaign_channel_ids,
  campaign_segment: row.campaign_segment,
  campaign_status: row.campaign_status,
  coupon_print_count: row.coupon_print_count,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

/** The campaigns running at `now` (published, started, not ended: the shown state `activated`), as SQL. */
export const runningAt = (now: Date) =>
  and(
    eq(campaigns.campaign_status, 'published'),
    lte(campaigns.campaign_start_date, now),
    gt(campaigns.campaign_end_date, now),
  );

/** The rows in a shown state at `now` (contracts' `campaignStateAt`, as SQL). */
const inState = (state: CampaignState, now: Date): SQL | undefined => {
  const published = eq(campaigns.campaign_status, 'published');
  switch (state) {
    case 'to_be_published':
    case 'archived':
      return eq(campaigns.campaign_status, state);
    case 'published':
      return and(published, gt(campaigns.campaign_start_date, now));
    case 'activated':
      return runningAt(now);
    case 'ended':
      return and(published, lte(campaigns.campaign_end_date, now));
  }
};

/** The list's filter: types, and shown states; without states, every campaign that is not archived. */
const listFilter = (locationId: string, filter: CampaignListFilter | undefined, now: Date) =>
  and(
    inMall(locationId),
    filter?.campaign_type?.length ? inArray(campaigns.campaign_type, filter.campaign_type) : undefined,
    filter?.campaign_state?.length
      ? or(...filter.campaign_state.map((state) => inState(state, now)))
      : notArchived,
  );

/** `POST /campaign/filter`: one page, or with `showAll` every match in the chosen order. */
export const listCampaigns = async (
  db: Database,
  locationId: string,
  query: ListRequest<SortKey> & { filter?: CampaignListFilter | undefined; showAll?: boolean | undefined },
  now = new Date(),
): Promise<Campaign[] | ListResponse<Campaign>> => {
  const where = listFilter(locationId, query.filter, now);
  if (query.showAll) {
    const keyword = query.keyword?.trim();
    const rows = await db
      .select()
      .from(campaigns)
      .where(and(where, keyword ? containsKeyword(campaignList.search, keyword) : undefined))
      .orderBy(...listOrder(campaignList, query));
    return rows.map(toCampaign);
  }
  const page = await listPage(db, campaignList, query, where);
  return { ...page, data: page.data.map(toCampaign) };
};

/** `GET /campaign?onlyArchived`: the archive (archived campaigns), or every campaign that is not archived. */
export const listCampaignsByArchive = async (
  db: Database,
  locationId: string,
  query: ListRequest<SortKey> & { filter: { onlyArchived?: boolean | undefined } },
): Promise<ListResponse<Campaign>> => {
  const where = and(
    inMall(locationId),
    query.filter.onlyArchived ? eq(campaigns.campaign_status, 'archived') : notArchived,
  );
  const page = await listPage(db, campaignList, query, where);
  return { ...page, data: page.data.map(toCampaign) };
};

const findCampaignRow = async (db: Database, locationId: string, id: string, forUpdate = false) => {
  const query = db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns._id, id), inMall(locationId)));
  return (forUpdate ? await query.for('update') : await query)[0];
};

/**
 * The campaign as one campaign's answer gives it (`GET`, `POST`, `PUT`): with its pool's counts
 * when its type has a pool (the add-coupons screen); lists leave them out.
 */
export const campaignWithCounts = async (db: Database, row: CampaignRow): Promise<Campaign> => {
  const campaign = campaignTypesWithCodePool.includes(row.campaign_type)
    ? { ...toCampaign(row), campaign_code_counts: await couponCodeCountsOf(db, row._id) }
    : toCampaign(row);
  // A game's prize inventory (issue 15 #2), read from its rows; lists leave it out.
  if (campaignTypeDefinitions[row.campaign_type].participation === 'game')
    campaign.campaign_prizes = await campaignPrizesOf(db, row._id);
  return campaign;
};

export const getCampaign = async (db: Database, locationId: string, id: string): Promise<Campaign> => {
  const row = await findCampaignRow(db, locationId, id);
  if (!row) throw campaignNotFound();
  return campaignWithCounts(db, row);
};

/** The types given at a desk: those through which customers take part (they list desk channels). */
const deskTypes = campaignTypes.filter((type) => campaignFieldRule(type, 'campaign_channel_ids'));

/**
 * `GET /campaign/{channelId}/bychannel`: the campaigns the desk of a channel gives now: published,
 * started and not ended, of a type customers take part in, listing the channel or no channel (every
 * desk). The channel must be the mall's (404).
 */
export const campaignsByChannel = async (
  db: Database,
  locationId: string,
  channelId: string,
  now = new Date(),
): Promise<Campaign[]> => {
  await assertChannelOfMall(db, locationId, channelId);
  const rows = await db
    .select()
    .from(campaigns)
    .where(
      and(
        inMall(locationId),
        inState('activated', now),
        inArray(campaigns.campaign_type, deskTypes),
        or(
          sql`cardinality(${campaigns.campaign_channel_ids}) = 0`,
          arrayContains(campaigns.campaign_channel_ids, [channelId]),
        ),
      ),
    )
    .orderBy(campaigns.campaign_end_date, campaigns._id);
  return rows.map(toCampaign);
};

/** Each id of a list field must name a row of the mall in `table`, else 400 naming the list item. */
const assertIdsOfMall = async (
  db: Database,
  table: typeof channels | typeof storeCategories | typeof surveys,
  locationId: string,
  field: string,
  ids: readonly string[],
  message: string,
) => {
  if (ids.length === 0) return;
  const found = await db
    .select({ _id: table._id })
    .from(table)
    .where(and(inArray(table._id, [...ids]), eq(table.location_id, locationId)));
  const known = new Set(found.map((row) => row._id));
  const index = ids.findIndex((id) => !known.has(id));
  if (index >= 0)
    throw invalidFields({ [field === 'campaign_survey_id' ? field : `${field}.${index}`]: message });
};

/**
 * Every record a campaign refers to must be the mall's, else 400 naming the field or list item: desk
 * channels, stores (counting and excluded), store categories, coupon providers and the survey.
 */
export const assertCampaignRefsExist = async (
  db: Database,
  locationId: string,
  values: Pick<
    CampaignValues,
    | 'campaign_channel_ids'
    | 'campaign_store_ids'
    | 'campaign_provider_ids'
    | 'campaign_excluded_store_ids'
    | 'campaign_store_category_ids'
    | 'campaign_excluded_category_ids'
    | 'campaign_survey_id'
  >,
) => {
  await assertStoresExist(db, locationId, 'campaign_store_ids', values.campaign_store_ids);
  await assertStoresExist(db, locationId, 'campaign_excluded_store_ids', values.campaign_excluded_store_ids);
  await assertCouponProvidersExist(db, locationId, 'campaign_provider_ids', values.campaign_provider_ids);
  for (const field of ['campaign_store_category_ids', 'campaign_excluded_category_ids'] as const)
    await assertIdsOfMall(db, storeCategories, locationId, field, values[field], 'campaignCategoryNotFound');
  await assertIdsOfMall(
    db,
    surveys,
    locationId,
    'campaign_survey_id',
    values.campaign_survey_id ? [values.campaign_survey_id] : [],
    'campaignSurveyNotFound',
  );
  await assertIdsOfMall(
    db,
    channels,
    locationId,
    'campaign_channel_ids',
    values.campaign_channel_ids,
    'campaignChannelNotFound',
  );
};

/** Each image must be a public file of our store (400 naming the list item). */
const assertCampaignImages = async (db: Database, files: Pick<Files, 'find'>, values: CampaignValues) => {
  for (const field of ['campaign_images', 'campaign_scratch_images'] as const)
    for (const [index, url] of values[field].entries())
      await assertStoredImage(db, files, `${field}.${index}`, url);
};

/**
 * The stored columns of checked values: dates as moments, the names' keys beside the names. A game's
 * prizes are rows of their own (`campaign_prizes`), written beside the campaign.
 */
export const campaignColumns = ({ campaign_prizes: _prizes, ...values }: CampaignValues) => ({
  ...values,
  campaign_start_date: new Date(values.campaign_start_date),
  campaign_end_date: new Date(values.campaign_end_date),
  campaign_archive_date: new Date(values.campaign_archive_date),
  campaign_name_key: nameKey(values.campaign_name),
  campaign_name_en_key: nameKey(values.campaign_name_en),
});

/** Checks a campaign's names (409), images and references (400) before it is written. */
const checkValues = async (
  db: Database,
  files: Pick<Files, 'find'>,
  locationId: string,
  values: CampaignValues,
  except?: string,
) => {
  await assertNamesFree(
    db,
    campaigns,
    campaigns._id,
    [
      { key: campaigns.campaign_name_key, name: values.campaign_name, field: 'campaign_name' },
      { key: campaigns.campaign_name_en_key, name: values.campaign_name_en, field: 'campaign_name_en' },
    ],
    { scope: and(inMall(locationId), notArchived), except },
  );
  await assertCampaignImages(db, files, values);
  await assertCampaignRefsExist(db, locationId, values);
};

const whenNameTaken = rethrowNameTaken({
  campaigns_name_key: 'campaign_name',
  campaigns_name_en_key: 'campaign_name_en',
});

const auditCampaign = (
  db: Database,
  actor: Acting,
  action: string,
  campaign: Pick<Campaign, '_id' | 'campaign_name' | 'campaign_type' | 'campaign_status'>,
  details: Record<string, unknown> = {},
) =>
  audit(db, actor, {
    action,
    entity: 'campaign',
    entityId: campaign._id,
    details: {
      campaign_name: campaign.campaign_name,
      campaign_type: campaign.campaign_type,
      campaign_status: campaign.campaign_status,
      ...details,
    },
  });

/** `POST /campaign`: values checked by `campaignInput` at the server's clock; a new campaign is to be published. */
export const createCampaign = (
  db: Database,
  files: Pick<Files, 'find'>,
  locationId: string,
  values: CampaignValues,
  actor: Acting,
) =>
  db
    .transaction(async (tx) => {
      await checkValues(tx, files, locationId, values);
      const [row] = await tx
        .insert(campaigns)
        .values({ ...campaignColumns(values), location_id: locationId })
        .returning();
      await replaceCampaignPrizes(tx, locationId, row!._id, values.campaign_prizes ?? []);
      const created = toCampaign(row!);
      await auditCampaign(tx, actor, 'campaign.created', created);
      return campaignWithCounts(tx, row!);
    })
    .catch(whenNameTaken);

/**
 * `PUT /campaign/{id}`: the full values, the status alone (transitions of contracts' lifecycle), or
 * the QR flag alone. An archived campaign is only read (409 CAMPAIGN_ARCHIVED), except that asking
 * to change its status says which transition is refused.
 */
export const updateCampaign = (
  db: Database,
  files: Pick<Files, 'find'>,
  locationId: string,
  id: string,
  update: CampaignUpdate,
  actor: Acting,
  now = new Date(),
) =>
  db
    .transaction(async (tx) => {
      const existing = await findCampaignRow(tx, locationId, id, true);
      if (!existing) throw campaignNotFound();
      const before = toCampaign(existing);
      if (update.kind === 'status') {
        const to = update.campaign_status;
        const problem = campaignStatusChangeProblem(before, to, now);
        const labels = campaignStatusLabels[actor.lang];
        if (problem === 'transition')
          throw new AppError('CAMPAIGN_STATUS_CHANGE', 409, {
            params: { from: labels[existing.campaign_status], to: labels[to] },
          });
        if (problem === 'ended') throw new AppError('CAMPAIGN_ENDED', 409);
        const [row] = await tx
          .update(campaigns)
          .set({ campaign_status: to })
          .where(eq(campaigns._id, id))
          .returning();
        const changed = toCampaign(row!);
        await auditCampaign(tx, actor, 'campaign.status_changed', changed, {
          from: existing.campaign_status,
          to,
        });
        return campaignWithCounts(tx, row!);
      }
      if (existing.campaign_status === 'archived') throw new AppError('CAMPAIGN_ARCHIVED', 409);
      if (update.kind === 'qrcode') {
        const [row] = await tx
          .update(campaigns)
          .set({ campaign_is_qrcode: update.campaign_is_qrcode })
          .where(eq(campaigns._id, id))
          .returning();
        const changed = toCampaign(row!);
        await auditCampaign(tx, actor, 'campaign.updated', changed, {
          campaign_is_qrcode: update.campaign_is_qrcode,
        });
        return campaignWithCounts(tx, row!);
      }
      await checkValues(tx, files, locationId, update.values, id);
      const [row] = await tx
        .update(campaigns)
        .set(campaignColumns(update.values))
        .where(eq(campaigns._id, id))
        .returning();
      await replaceCampaignPrizes(tx, locationId, id, update.values.campaign_prizes ?? []);
      const changed = toCampaign(row!);
      await auditCampaign(tx, actor, 'campaign.updated', changed);
      return campaignWithCounts(tx, row!);
    })
    .catch(whenNameTaken);

/** `DELETE /campaign/{id}`. */
export const deleteCampaign = (db: Database, locationId: string, id: string, actor: Acting) =>
  db.transaction(async (tx) => {
    const existing = await findCampaignRow(tx, locationId, id, true);
    if (!existing) throw campaignNotFound();
    await tx.delete(campaigns).where(eq(campaigns._id, id));
    await auditCampaign(tx, actor, 'campaign.deleted', toCampaign(existing));
  });
