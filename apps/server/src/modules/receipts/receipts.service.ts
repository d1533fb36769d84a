import {
  type CustomerReceipt,
  calculateReceiptPoints,
  isCampaignActive,
  type Language,
  type ListResponse,
  type Location,
  type Receipt,
  type ReceiptDetail,
  type ReceiptFilter,
  type ReceiptPointsCalculation,
  type ReceiptSortKey,
  type ReceiptSource,
  type ReceiptUpdateInput,
  receiptLabels,
  receiptUpdateInput,
} from '@avlu/contracts';
import {
  and,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { audit } from '../../platform/audit';
import type { Database } from '../../platform/db/database';
import { type ListRequest, listPage, listSource } from '../../platform/db/list';
import { containsKeyword } from '../../platform/db/search';
import { AppError, invalidFields, notFound } from '../../platform/errors';
import { type ExportColumn, sendExport } from '../../platform/excel/xlsx-export';
import type { Files } from '../../platform/files/files';
import type { SmsSender } from '../../platform/sms';
import { campaigns } from '../campaigns/campaigns.tables';
import { applyReceiptMechanics, receiptMechanicsPlan } from '../campaigns/receipt-mechanics';
import { channels } from '../channels/channels.tables';
import { assertCustomerOfMall } from '../customers/customers.service';
import { customers } from '../customers/customers.tables';
import { dateIn } from '../customers/mall-date';
import { postPoints } from '../loyalty/ledger.service';
import { loyaltyTiers, pointBalances } from '../loyalty/loyalty.tables';
import { pointProviders } from '../point-providers/point-providers.tables';
import { stores } from '../stores/stores.tables';
import type { Acting } from '../users/acting';
import type { ReceiptPhoto } from './receipt-photos';
import { type ReceiptRow, receipts } from './receipts.tables';

/** What the receipt services need of the mall: its id, name (the SMS) and time zone (the receipt's day). */
export type ReceiptMall = Pick<Location, '_id' | 'location_name' | 'location_meta'>;

const inMall = (locationId: string) => eq(receipts.location_id, locationId);

/** A receipt number as duplicates are compared: upper case, without spaces, dashes or dots. */
export const receiptNoKey = (receiptNo: string) =>
  receiptNo
    .normalize('NFKC')
    .toLocaleUpperCase('tr')
    .replace(/[\s.\-_/]/g, '');

/** The receipt's calendar day in the mall's time zone: what point providers and duplicates compare. */
export const receiptDayOf = (mall: Pick<Location, 'location_meta'>, date: Date) =>
  dateIn(mall.location_meta.timezone, date);

// Names beside each row, written out in SQL: drizzle leaves a one-table select's columns unqualified.
const related = {
  store_name: sql<string | null>`(select s.store_name from stores s where s._id = "receipts"."store_id")`,
  customer_name: sql<
    string | null
  >`(select c.customer_name from customers c where c._id = "receipts"."customer_id")`,
  customer_surname: sql<
    string | null
  >`(select c.customer_surname from customers c where c._id = "receipts"."customer_id")`,
  customer_phone: sql<
    string | null
  >`(select c.customer_phone from customers c where c._id = "receipts"."customer_id")`,
  campaign_name: sql<
    string | null
  >`(select k.campaign_name from campaigns k where k._id = "receipts"."campaign_id")`,
};

export const receiptList = listSource({
  table: receipts,
  fields: { ...getTableColumns(receipts), ...related },
  uniqueKey: receipts._id,
  search: [
    receipts.receipt_no,
    related.store_name,
    related.customer_name,
    related.customer_surname,
    related.customer_phone,
  ],
  sortable: {
    receipt_date: receipts.receipt_date,
    receipt_amount: receipts.receipt_amount,
    receipt_no: receipts.receipt_no,
    receipt_status: receipts.receipt_status,
    receipt_calculated_points: receipts.receipt_calculated_points,
    createdAt: receipts.created_at,
  } satisfies Record<ReceiptSortKey, unknown>,
  // The newest first: the review queue.
  defaultSort: { orderBy: 'createdAt', order: 'desc' },
});

type ListedRow = ReceiptRow & { [Key in keyof typeof related]: string | null };

const toReceipt = (files: Pick<Files, 'signedUrl'>, row: ListedRow): Receipt => ({
  _id: row._id,
  receipt_no: row.receipt_no,
  receipt_amount: row.receipt_amount,
  currency: row.currency,
  receipt_date: row.receipt_date.toISOString(),
  store_id: row.store_id,
  store_name: row.store_name,
  customer_id: row.customer_id,
  customer_name: row.customer_name,
  customer_surname: row.customer_surname,
  customer_phone: row.customer_phone,
  campaign_id: row.campaign_id,
  campaign_name: row.campaign_name,
  channel_id: row.channel_id,
  receipt_status: row.receipt_status,
  receipt_rejection_reason: row.receipt_rejection_reason,
  receipt_rejection_message: row.receipt_rejection_message,
  receipt_calculated_points: row.receipt_calculated_points,
  receipt_photo_type: row.receipt_photo_type,
  receipt_photo_url: files.signedUrl(row.receipt_photo),
  receipt_thumbnail_url: row.receipt_thumbnail ? files.signedUrl(row.receipt_thumbnail) : null,
  receipt_source: row.receipt_source,
  send_sms: row.send_sms,
  receipt_is_duplicate: row.receipt_duplicate_of !== null,
  receipt_duplicate_of: row.receipt_duplicate_of,
  receipt_duplicate_kind: row.receipt_duplicate_kind,
  receipt_approved_at: row.receipt_approved_at?.toISOString() ?? null,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

const toCustomerReceipt = (files: Pick<Files, 'signedUrl'>, row: ListedRow): CustomerReceipt => ({
  _id: row._id,
  receipt_no: row.receipt_no,
  receipt_amount: row.receipt_amount,
  currency: row.currency,
  receipt_date: row.receipt_date.toISOString(),
  store_id: row.store_id,
  store_name: row.store_name,
  campaign_id: row.campaign_id,
  receipt_status: row.receipt_status,
  receipt_rejection_reason: row.receipt_rejection_reason,
  receipt_rejection_message: row.receipt_rejection_message,
  receipt_calculated_points: row.receipt_calculated_points,
  receipt_thumbnail_url: row.receipt_thumbnail ? files.signedUrl(row.receipt_thumbnail) : null,
  createdAt: row.created_at.toISOString(),
});

const selectListed = (db: Database, where: SQL | undefined) =>
  db.select(receiptList.fields).from(receipts).where(where);

const findListed = async (db: Database, locationId: string, id: string) =>
  (await selectListed(db, and(eq(receipts._id, id), inMall(locationId))))[0] as ListedRow | undefined;

/** The filter of the list and the export, inside the mall. */
const whereOf = (locationId: string, filter: ReceiptFilter = {}): SQL =>
  and(
    inMall(locationId),
    filter.receipt_status?.length ? inArray(receipts.receipt_status, filter.receipt_status) : undefined,
    filter.store_id ? eq(receipts.store_id, filter.store_id) : undefined,
    filter.customer_id ? eq(receipts.customer_id, filter.customer_id) : undefined,
    filter.campaign_id ? eq(receipts.campaign_id, filter.campaign_id) : undefined,
    filter.receipt_source ? eq(receipts.receipt_source, filter.receipt_source) : undefined,
    filter.receipt_is_duplicate === undefined
      ? undefined
      : filter.receipt_is_duplicate
        ? isNotNull(receipts.receipt_duplicate_of)
        : isNull(receipts.receipt_duplicate_of),
    filter.receipt_date_from ? gte(receipts.receipt_date, new Date(filter.receipt_date_from)) : undefined,
    filter.receipt_date_to ? lte(receipts.receipt_date, new Date(filter.receipt_date_to)) : undefined,
    filter.receipt_amount_min === undefined
      ? undefined
      : gte(receipts.receipt_amount, filter.receipt_amount_min),
    filter.receipt_amount_max === undefined
      ? undefined
      : lte(receipts.receipt_amount, filter.receipt_amount_max),
  ) as SQL;

/** `POST /shopping-receipts/filter`: one page, newest first unless told otherwise. */
export const listReceipts = async (
  db: Database,
  files: Pick<Files, 'signedUrl'>,
  locationId: string,
  query: ListRequest<ReceiptSortKey> & { filter?: ReceiptFilter | undefined },
): Promise<ListResponse<Receipt>> => {
  const page = await listPage(db, receiptList, query, whereOf(locationId, query.filter));
  return { ...page, data: page.data.map((row) => toReceipt(files, row as ListedRow)) };
};

// ——— checks shared by creation and change ———

const assertStoreOfMall = async (db: Database, locationId: string, storeId: string, field: string) => {
  const [row] = await db
    .select({ category: stores.store_category_id })
    .from(stores)
    .where(and(eq(stores._id, storeId), eq(stores.location_id, locationId)));
  if (!row) throw invalidFields({ [field]: 'receiptStoreNotFound' });
  return row.category;
};

/** A campaign of the mall of type receipt, not archived; on the micro-site it must be running. */
const assertReceiptCampaign = async (
  db: Database,
  locationId: string,
  campaignId: string,
  field: string,
  mustRun: boolean,
) => {
  const [row] = await db
    .select({
      campaign_type: campaigns.campaign_type,
      campaign_status: campaigns.campaign_status,
      campaign_start_date: campaigns.campaign_start_date,
      campaign_end_date: campaigns.campaign_end_date,
    })
    .from(campaigns)
    .where(and(eq(campaigns._id, campaignId), eq(campaigns.location_id, locationId)));
  if (row?.campaign_type !== 'receipt' || row.campaign_status === 'archived')
    throw invalidFields({ [field]: 'receiptCampaignNotFound' });
  if (
    mustRun &&
    !isCampaignActive(
      {
        campaign_status: row.campaign_status,
        campaign_start_date: row.campaign_start_date.toISOString(),
        campaign_end_date: row.campaign_end_date.toISOString(),
      },
      new Date(),
    )
  )
    throw invalidFields({ [field]: 'receiptCampaignNotRunning' });
};

/**
 * The earlier receipt of the mall this one repeats, if any: the same store, number, day and amount
 * (a rejected receipt does not count: the customer may send a readable photo of it again), else the
 * very same photo (any status). The oldest such receipt is named.
 */
const duplicateOf = async (
  db: Database,
  locationId: string,
  receipt: Pick<
    ReceiptRow,
    'store_id' | 'receipt_no_key' | 'receipt_day' | 'receipt_amount' | 'receipt_photo_hash'
  >,
  except?: string,
): Promise<Pick<ReceiptRow, 'receipt_duplicate_of' | 'receipt_duplicate_kind'>> => {
  const other = except ? ne(receipts._id, except) : undefined;
  const [details] = await db
    .select({ _id: receipts._id })
    .from(receipts)
    .where(
      and(
        inMall(locationId),
        eq(receipts.store_id, receipt.store_id),
        eq(receipts.receipt_no_key, receipt.receipt_no_key),
        eq(receipts.receipt_day, receipt.receipt_day),
        eq(receipts.receipt_amount, receipt.receipt_amount),
        ne(receipts.receipt_status, 'rejected'),
        other,
      ),
    )
    .orderBy(receipts.created_at, receipts._id)
    .limit(1);
  if (details) return { receipt_duplicate_of: details._id, receipt_duplicate_kind: 'details' };
  const [photo] = await db
    .select({ _id: receipts._id })
    .from(receipts)
    .where(and(inMall(locationId), eq(receipts.receipt_photo_hash, receipt.receipt_photo_hash), other))
    .orderBy(receipts.created_at, receipts._id)
    .limit(1);
  if (photo) return { receipt_duplicate_of: photo._id, receipt_duplicate_kind: 'photo' };
  return { receipt_duplicate_of: null, receipt_duplicate_kind: null };
};

// ——— creation ———

export type NewReceipt = {
  customerId: string;
  channelId: string | null;
  source: ReceiptSource;
  receipt_no: string;
  receipt_amount: number;
  currency: ReceiptRow['currency'];
  receipt_date: string;
  store_id: string;
  campaign_id: string | null | undefined;
  send_sms: boolean;
  language: Language;
  createdBy: string | null;
};

/** The names of the fields in the request a refusal names: the desk's spec names or the micro-site's. */
export type ReceiptFieldNames = { store: string; campaign: string };

/**
 * The checks of a new receipt before its photo is stored: the desk's channel (another mall's: 404;
 * closed, or with CDP receipt entry off: 400 naming `channelId`), the customer (404), the store and
 * campaign of the mall (400 naming the field as the request named it).
 */
export const checkNewReceipt = async (
  db: Database,
  mall: ReceiptMall,
  input: NewReceipt,
  names: ReceiptFieldNames,
) => {
  if (input.channelId) {
    const [channel] = await db
      .select({ open: channels.channel_status, receipts: channels.channel_cdp_receipt_entry })
      .from(channels)
      .where(and(eq(channels._id, input.channelId), eq(channels.location_id, mall._id)));
    if (!channel) throw notFound();
    if (!channel.open || !channel.receipts) throw invalidFields({ channelId: 'receiptChannelClosed' });
  }
  await assertCustomerOfMall(db, mall._id, input.customerId);
  await assertStoreOfMall(db, mall._id, input.store_id, names.store);
  if (input.campaign_id)
    await assertReceiptCampaign(
      db,
      mall._id,
      input.campaign_id,
      names.campaign,
      input.source === 'micro_site',
    );
};

/** Saves a checked receipt with its stored photo, flagged when it repeats an earlier one. */
export const insertReceipt = (
  db: Database,
  mall: ReceiptMall,
  input: NewReceipt,
  photo: ReceiptPhoto,
  actor?: Acting,
): Promise<ReceiptRow> =>
  db.transaction(async (tx) => {
    const date = new Date(input.receipt_date);
    const values = {
      location_id: mall._id,
      customer_id: input.customerId,
      store_id: input.store_id,
      campaign_id: input.campaign_id ?? null,
      channel_id: input.channelId,
      receipt_no: input.receipt_no,
      receipt_no_key: receiptNoKey(input.receipt_no),
      receipt_amount: input.receipt_amount,
      currency: input.currency,
      receipt_date: date,
      receipt_day: receiptDayOf(mall, date),
      receipt_photo: photo.photo,
      receipt_thumbnail: photo.thumbnail,
      receipt_photo_type: photo.type,
      receipt_photo_hash: photo.hash,
      receipt_source: input.source,
      send_sms: input.send_sms,
      receipt_language: input.language,
      receipt_created_by: input.createdBy,
    };
    const duplicate = await duplicateOf(tx, mall._id, values);
    const [row] = await tx
      .insert(receipts)
      .values({ ...values, ...duplicate })
      .returning();
    if (actor)
      await audit(tx, actor, {
        action: 'receipt.created',
        entity: 'receipt',
        entityId: row!._id,
        details: {
          receipt_no: row!.receipt_no,
          receipt_amount: row!.receipt_amount,
          customer_id: row!.customer_id,
        },
      });
    return row!;
  });

// ——— reading ———

/**
 * What a receipt earns if approved now (issue 14 #3): the mall's providers, the customer's tier now,
 * the receipt campaign's multiplier (a campaign of another type multiplies nothing).
 */
export const calculationFor = async (
  db: Database,
  row: Pick<
    ReceiptRow,
    'location_id' | 'customer_id' | 'store_id' | 'campaign_id' | 'receipt_amount' | 'currency' | 'receipt_day'
  >,
): Promise<ReceiptPointsCalculation> => {
  // One after another: inside a transaction they share one connection.
  const providers = await db
    .select()
    .from(pointProviders)
    .where(eq(pointProviders.location_id, row.location_id));
  const [store] = await db
    .select({ category: stores.store_category_id })
    .from(stores)
    .where(and(eq(stores._id, row.store_id), eq(stores.location_id, row.location_id)));
  const [tier] = await db
    .select({
      title: loyaltyTiers.loyalty_tier_title,
      multiplier: loyaltyTiers.loyalty_tier_point_multiplier,
    })
    .from(pointBalances)
    .innerJoin(loyaltyTiers, eq(loyaltyTiers._id, pointBalances.loyalty_tier_id))
    .where(
      and(eq(pointBalances.customer_id, row.customer_id), eq(pointBalances.location_id, row.location_id)),
    );
  const [campaign] = row.campaign_id
    ? await db
        .select({ type: campaigns.campaign_type, multiplier: campaigns.campaign_point_multiplier })
        .from(campaigns)
        .where(and(eq(campaigns._id, row.campaign_id), eq(campaigns.location_id, row.location_id)))
    : [];
  return calculateReceiptPoints({
    receipt: {
      receipt_amount: row.receipt_amount,
      currency: row.currency,
      receipt_day: row.receipt_day,
      store_id: row.store_id,
      // A store deleted since: only a default provider can match.
      store_category_id: store?.category ?? null,
    },
    providers,
    tier: tier ?? null,
    campaignMultiplier: campaign?.type === 'receipt' ? (campaign.multiplier ?? 1) : null,
  });
};

/** `GET /shopping-receipts/{id}`: the receipt and its calculation (as approved, or what approval would earn now). */
export const getReceipt = async (
  db: Database,
  files: Pick<Files, 'signedUrl'>,
  locationId: string,
  id: string,
): Promise<ReceiptDetail> => {
  const row = await findListed(db, locationId, id);
  if (!row) throw notFound();
  const calculation =
    row.receipt_status === 'approved' && row.receipt_points_calculation
      ? row.receipt_points_calculation
      : await calculationFor(db, row);
  return { ...toReceipt(files, row), receipt_points_calculation: calculation };
};

/** `GET /customer/receipt/{customerId}?channelId`: the customer's receipts, newest first. */
export const customerReceipts = async (
  db: Database,
  files: Pick<Files, 'signedUrl'>,
  locationId: string,
  customerId: string,
  channelId?: string,
): Promise<Receipt[]> => {
  await assertCustomerOfMall(db, locationId, customerId);
  const rows = await selectListed(
    db,
    and(
      inMall(locationId),
      eq(receipts.customer_id, customerId),
      channelId ? eq(receipts.channel_id, channelId) : undefined,
    ),
  ).orderBy(desc(receipts.created_at), desc(receipts._id));
  return rows.map((row) => toReceipt(files, row as ListedRow));
};

/** `GET /ext/app/customers/shopping-receipts`: the signed-in customer's own receipts, newest first. */
export const microSiteReceipts = async (
  db: Database,
  files: Pick<Files, 'signedUrl'>,
  locationId: string,
  customerId: string,
): Promise<CustomerReceipt[]> => {
  const rows = await selectListed(db, and(inMall(locationId), eq(receipts.customer_id, customerId))).orderBy(
    desc(receipts.created_at),
    desc(receipts._id),
  );
  return rows.map((row) => toCustomerReceipt(files, row as ListedRow));
};

export const toMicroSiteReceipt = async (
  db: Database,
  files: Pick<Files, 'signedUrl'>,
  locationId: string,
  id: string,
) => toCustomerReceipt(files, (await findListed(db, locationId, id))!);

export const toStaffReceipt = async (
  db: Database,
  files: Pick<Files, 'signedUrl'>,
  locationId: string,
  id: string,
) => toReceipt(files, (await findListed(db, locationId, id))!);

// ——— change and review ———

const approvedFinal = () =>
  new AppError('CONFLICT', 409, { fields: { receipt_status: 'receiptApprovedFinal' } });

/** The approval SMS, in the language the customer uploaded in. */
export const approvalSms = (
  language: string,
  values: { mall: string; receiptNo: string; points: number; balance: number },
) =>
  language === 'en'
    ? `${values.mall}: your receipt ${values.receiptNo} was approved and earned you ${values.points} points. Your balance is now ${values.balance} points.`
    : `${values.mall}: ${values.receiptNo} numaralı fişiniz onaylandı, ${values.points} puan kazandınız. Güncel puanınız: ${values.balance}.`;

/**
 * `PUT /shopping-receipts/{id}`: changes any of a receipt's fields and its status, under the row's lock.
 * Approving earns the calculated points in the same transaction (`postPoints`, key
 * `receipt:<id>:earn`), so the receipt and its points commit together; approving an approved receipt
 * again changes nothing and earns nothing. An approved receipt is otherwise final (409). Rejection
 * keeps its reason and message; any other status clears them. With `send_sms`, the customer is told
 * of the approval after the commit (a failed SMS is logged; the approval stands).
 */
export const updateReceipt = async (
  db: Database,
  deps: { files: Pick<Files, 'signedUrl'>; sms: SmsSender; log?: FastifyBaseLogger },
  mall: ReceiptMall,
  id: string,
  input: ReceiptUpdateInput,
  actor: Acting,
): Promise<ReceiptDetail> => {
  const values = receiptUpdateInput().parse(input);
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(receipts)
      .where(and(eq(receipts._id, id), inMall(mall._id)))
      .for('update');
    if (!row) throw notFound();
    if (row.receipt_status === 'approved') {
      // Approving again is answered as the first approval was; anything else would change it.
      const others = Object.entries(values).filter(
        ([key, value]) => key !== 'receipt_status' && value !== undefined && value !== null,
      );
      if (values.receipt_status === 'approved' && others.length === 0) return { approvedNow: false, row };
      throw approvedFinal();
    }
    const next = { ...row };
    if (values.store_id !== undefined && values.store_id !== row.store_id) {
      await assertStoreOfMall(tx, mall._id, values.store_id, 'store_id');
      next.store_id = values.store_id;
    }
    if (values.campaign_id !== undefined && values.campaign_id !== row.campaign_id) {
      if (values.campaign_id)
        await assertReceiptCampaign(tx, mall._id, values.campaign_id, 'campaign_id', false);
      next.campaign_id = values.campaign_id;
    }
    if (values.receipt_no !== undefined) {
      next.receipt_no = values.receipt_no;
      next.receipt_no_key = receiptNoKey(values.receipt_no);
    }
    if (values.receipt_amount !== undefined) next.receipt_amount = values.receipt_amount;
    if (values.currency !== undefined) next.currency = values.currency;
    if (values.receipt_date !== undefined) {
      next.receipt_date = new Date(values.receipt_date);
      next.receipt_day = receiptDayOf(mall, next.receipt_date);
    }
    if (values.send_sms !== undefined) next.send_sms = values.send_sms;
    const detailsChanged = (['store_id', 'receipt_no_key', 'receipt_day', 'receipt_amount'] as const).some(
      (key) => next[key] !== row[key],
    );
    if (detailsChanged) Object.assign(next, await duplicateOf(tx, mall._id, next, id));
    if (values.receipt_status !== undefined) {
      next.receipt_status = values.receipt_status;
      next.receipt_rejection_reason =
        values.receipt_status === 'rejected' ? (values.receipt_rejection_reason ?? null) : null;
      next.receipt_rejection_message =
        values.receipt_status === 'rejected' ? (values.receipt_rejection_message ?? null) : null;
    }
    const approvedNow = next.receipt_status === 'approved';
    if (approvedNow) {
      const now = new Date();
      // The campaigns it counts toward (issue 15 #1); its receipt campaign's multiplier only when it applies.
      const plan = await receiptMechanicsPlan(tx, mall, next, now);
      const calculation = await calculationFor(tx, plan.multiplier ? next : { ...next, campaign_id: null });
      next.receipt_points_calculation = calculation;
      next.receipt_calculated_points = calculation.total_points;
      next.receipt_approved_at = now;
      next.receipt_approved_by = actor.staff._id;
      if (calculation.total_points > 0)
        await postPoints(tx, {
          locationId: mall._id,
          customerId: row.customer_id,
          kind: 'earn',
          amount: calculation.total_points,
          cause: 'receipt',
          causeId: row._id,
          actor: 'staff',
          adminId: actor.staff._id,
          idempotencyKey: `receipt:${row._id}:earn`,
        });
      // Credits, stamps, stamp-card coupons and game rights; a refused coupon keeps the approval.
      await applyReceiptMechanics(tx, mall, next, calculation, plan, now);
    }
    const { _id, location_id, customer_id, created_at, updated_at, ...changes } = next;
    const [saved] = await tx
      .update(receipts)
      .set({ ...changes, updated_at: new Date() })
      .where(eq(receipts._id, id))
      .returning();
    await audit(tx, actor, {
      action: approvedNow ? 'receipt.approved' : 'receipt.updated',
      entity: 'receipt',
      entityId: id,
      details: {
        receipt_status: saved!.receipt_status,
        receipt_rejection_reason: saved!.receipt_rejection_reason,
        receipt_calculated_points: saved!.receipt_calculated_points,
      },
    });
    return { approvedNow, row: saved! };
  });
  if (outcome.approvedNow && outcome.row.send_sms) await tellCustomer(db, deps, mall, outcome.row);
  return getReceipt(db, deps.files, mall._id, id);
};

/** The micro-site's change of a receipt: only a rejected or uncertain one (409 naming its status). */
const notEditable = () => new AppError('CONFLICT', 409, { fields: { receipt_status: 'receiptNotEditable' } });

/** A receipt the signed-in customer may correct and send again, else the refusal (404, 409). */
export const assertResendable = async (
  db: Database,
  locationId: string,
  customerId: string,
  id: string,
  lock = false,
) => {
  const query = db
    .select()
    .from(receipts)
    .where(and(eq(receipts._id, id), inMall(locationId), eq(receipts.customer_id, customerId)));
  const [row] = lock ? await query.for('update') : await query;
  // Another customer's receipt, or another mall's, is not theirs to see: 404.
  if (!row) throw notFound();
  if (row.receipt_status === 'approved') throw approvedFinal();
  if (row.receipt_status !== 'rejected' && row.receipt_status !== 'uncertain') throw notEditable();
  return row;
};

export type ResentReceipt = {
  receipt_no: string;
  receipt_amount: number;
  receipt_date: string;
  store_id: string;
  campaign_id: string | null | undefined;
};

/**
 * The checks of a correction: the receipt (404, 409), then the store and a changed campaign of the
 * mall (400 naming `storeId` or `campaignId`). Run before the new photo is stored, and again under
 * the row's lock.
 */
export const checkResend = async (
  db: Database,
  locationId: string,
  customerId: string,
  id: string,
  input: Pick<ResentReceipt, 'store_id' | 'campaign_id'>,
  lock = false,
) => {
  const row = await assertResendable(db, locationId, customerId, id, lock);
  await assertStoreOfMall(db, locationId, input.store_id, 'storeId');
  if (input.campaign_id && input.campaign_id !== row.campaign_id)
    await assertReceiptCampaign(db, locationId, input.campaign_id, 'campaignId', true);
  return row;
};

/**
 * `PUT /ext/app/customers/shopping-receipts/{id}`: the customer corrects a rejected or uncertain
 * receipt (and may send a new photo); it waits for review again (pending, the reason and message
 * cleared) and is checked for duplicates afresh, as a new upload would be. Under the row's lock, so a
 * review racing the change sees one or the other.
 */
export const resendReceipt = async (
  db: Database,
  mall: ReceiptMall,
  customerId: string,
  id: string,
  input: ResentReceipt,
  photo: ReceiptPhoto | null,
): Promise<void> => {
  await db.transaction(async (tx) => {
    const row = await checkResend(tx, mall._id, customerId, id, input, true);
    const date = new Date(input.receipt_date);
    const next = {
      store_id: input.store_id,
      campaign_id: input.campaign_id ?? null,
      receipt_no: input.receipt_no,
      receipt_no_key: receiptNoKey(input.receipt_no),
      receipt_amount: input.receipt_amount,
      receipt_date: date,
      receipt_day: receiptDayOf(mall, date),
      ...(photo
        ? {
            receipt_photo: photo.photo,
            receipt_thumbnail: photo.thumbnail,
            receipt_photo_type: photo.type,
            receipt_photo_hash: photo.hash,
          }
        : {}),
    };
    const duplicate = await duplicateOf(
      tx,
      mall._id,
      { ...next, receipt_photo_hash: photo?.hash ?? row.receipt_photo_hash },
      id,
    );
    await tx
      .update(receipts)
      .set({
        ...next,
        ...duplicate,
        receipt_status: 'pending',
        receipt_rejection_reason: null,
        receipt_rejection_message: null,
        receipt_calculated_points: null,
        receipt_points_calculation: null,
        updated_at: new Date(),
      })
      .where(eq(receipts._id, id));
  });
};

const tellCustomer = async (
  db: Database,
  deps: { sms: SmsSender; log?: FastifyBaseLogger },
  mall: ReceiptMall,
  row: ReceiptRow,
) => {
  try {
    const [customer] = await db
      .select({ phone: customers.customer_phone, balance: pointBalances.point_balance })
      .from(customers)
      .leftJoin(pointBalances, eq(pointBalances.customer_id, customers._id))
      .where(eq(customers._id, row.customer_id));
    if (!customer) return;
    await deps.sms.send({
      to: customer.phone,
      text: approvalSms(row.receipt_language, {
        mall: mall.location_name,
        receiptNo: row.receipt_no,
        points: row.receipt_calculated_points ?? 0,
        balance: customer.balance ?? 0,
      }),
    });
  } catch (error) {
    deps.log?.warn({ err: error, receiptId: row._id }, 'the receipt approval SMS was not sent');
  }
};

/** `DELETE /shopping-receipts/{id}`: an approved receipt has earned its points and stays (409). */
export const deleteReceipt = (db: Database, locationId: string, id: string, actor: Acting) =>
  db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: receipts.receipt_status, receipt_no: receipts.receipt_no })
      .from(receipts)
      .where(and(eq(receipts._id, id), inMall(locationId)))
      .for('update');
    if (!row) throw notFound();
    if (row.status === 'approved') throw approvedFinal();
    await tx.delete(receipts).where(eq(receipts._id, id));
    await audit(tx, actor, {
      action: 'receipt.deleted',
      entity: 'receipt',
      entityId: id,
      details: { receipt_no: row.receipt_no },
    });
  });

// ——— export ———

const labels = (key: keyof (typeof receiptLabels)['tr']['columns']) => ({
  tr: receiptLabels.tr.columns[key],
  en: receiptLabels.en.columns[key],
});
const enumLabels = <Key extends 'status' | 'reason' | 'source'>(key: Key) => ({
  tr: receiptLabels.tr[key],
  en: receiptLabels.en[key],
});

const exportColumns: readonly ExportColumn<ListedRow>[] = [
  { header: labels('receipt_no'), kind: 'text', value: (row) => row.receipt_no },
  { header: labels('receipt_date'), kind: 'datetime', value: (row) => row.receipt_date },
  { header: labels('store_name'), kind: 'text', value: (row) => row.store_name },
  {
    header: labels('customer_name'),
    kind: 'text',
    value: (row) => [row.customer_name, row.customer_surname].filter(Boolean).join(' ') || null,
  },
  { header: labels('customer_phone'), kind: 'phone', value: (row) => row.customer_phone },
  { header: labels('receipt_amount'), kind: 'number', value: (row) => row.receipt_amount },
  { header: labels('currency'), kind: 'text', value: (row) => row.currency },
  {
    header: labels('receipt_status'),
    kind: 'enum',
    labels: enumLabels('status'),
    value: (row) => row.receipt_status,
  },
  {
    header: labels('receipt_rejection_reason'),
    kind: 'enum',
    labels: enumLabels('reason'),
    value: (row) => row.receipt_rejection_reason,
  },
  {
    header: labels('receipt_rejection_message'),
    kind: 'text',
    value: (row) => row.receipt_rejection_message,
  },
  {
    header: labels('receipt_calculated_points'),
    kind: 'number',
    value: (row) => row.receipt_calculated_points,
  },
  { header: labels('campaign_name'), kind: 'text', value: (row) => row.campaign_name },
  {
    header: labels('receipt_source'),
    kind: 'enum',
    labels: enumLabels('source'),
    value: (row) => row.receipt_source,
  },
  {
    header: labels('receipt_is_duplicate'),
    kind: 'boolean',
    value: (row) => row.receipt_duplicate_of !== null,
  },
  { header: labels('createdAt'), kind: 'datetime', value: (row) => row.created_at },
];

const EXPORT_PAGE = 2000;

/** Keyset pages of the export, newest first: memory stays flat however many receipts match. */
async function* exportRows(db: Database, where: SQL): AsyncGenerator<ListedRow> {
  let after: { created_at: Date; _id: string } | undefined;
  for (;;) {
    const rows = (await selectListed(
      db,
      and(
        where,
        after
          ? or(
              sql`${receipts.created_at} < ${after.created_at}`,
              and(eq(receipts.created_at, after.created_at), sql`${receipts._id} < ${after._id}`),
            )
          : undefined,
      ),
    )
      .orderBy(desc(receipts.created_at), desc(receipts._id))
      .limit(EXPORT_PAGE)) as ListedRow[];
    yield* rows;
    if (rows.length < EXPORT_PAGE) return;
    const last = rows.at(-1)!;
    after = { created_at: last.created_at, _id: last._id };
  }
}

/** `POST /shopping-receipts/export`: every receipt the list's filter and keyword find, as an xlsx. */
export const exportReceipts = (
  db: Database,
  mall: ReceiptMall,
  body: { filter?: ReceiptFilter | undefined; keyword?: string | undefined },
  lang: Language,
  reply: FastifyReply,
) => {
  const keyword = body.keyword?.trim();
  const where = and(whereOf(mall._id, body.filter), keyword ? keywordWhere(keyword) : undefined) as SQL;
  return sendExport(reply, {
    filename: `${receiptLabels[lang].sheet.toLowerCase()}.xlsx`,
    sheetName: { tr: receiptLabels.tr.sheet, en: receiptLabels.en.sheet },
    lang,
    timezone: mall.location_meta.timezone,
    columns: exportColumns,
    rows: exportRows(db, where),
  });
};

const keywordWhere = (keyword: string) => containsKeyword(receiptList.search, keyword);
