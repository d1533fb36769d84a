import { z } from 'zod';
import { couponCodeQuery } from '../campaigns/coupons';
import { objectId } from '../common/ids';
import { listQuery } from '../common/list-query';
import { isoDateTime, multilineText, requiredText, singleLineText } from '../common/text';
import type { Language } from '../i18n/languages';
import { pointProviderCurrency, pointProviderType } from './point-providers';

/**
 * Spec §3 Receipt, §4 its statuses, §5 its rules, §7 "Receipts", §8 the rejection reasons (issue 14 #2).
 *
 * A customer's shopping receipt: entered at the desk (`source: desk`, `POST /shopping-receipts/{channelId}`)
 * or uploaded on the micro-site (`source: micro_site`, `POST /ext/app/customers/shopping-receipts`),
 * always with its photo (JPEG, PNG, HEIC or PDF, told by its bytes). Staff review it: pending →
 * approved (it earns its points, once), rejected (a reason, and for `other` a message) or uncertain
 * (to look at again). An approved receipt is final: its points are in the ledger, so it is neither
 * changed nor deleted.
 */
export const receiptStatuses = ['pending', 'approved', 'rejected', 'uncertain'] as const;
export const receiptStatus = z.enum(receiptStatuses);
export type ReceiptStatus = z.infer<typeof receiptStatus>;

/** Spec §8: already in system; picture not clear/cannot be read; not belonging to the mall; brand name unreadable; credit card slip instead of receipt; paid with gift card; other. */
export const receiptRejectionReasons = [
  'already_in_system',
  'picture_not_clear',
  'not_belonging_to_mall',
  'brand_name_unreadable',
  'credit_card_slip',
  'paid_with_gift_card',
  'other',
] as const;
export const receiptRejectionReason = z.enum(receiptRejectionReasons);
export type ReceiptRejectionReason = z.infer<typeof receiptRejectionReason>;

/**
 * Spec §5 "rejection message … required for certain reasons": the six named reasons say to the
 * customer what was wrong by themselves, so their message is optional; `other` says nothing, so it
 * needs the message that explains it.
 */
export const receiptReasonsNeedingMessage: readonly ReceiptRejectionReason[] = ['other'];

export const receiptSources = ['desk', 'micro_site'] as const;
export const receiptSource = z.enum(receiptSources);
export type ReceiptSource = z.infer<typeof receiptSource>;

/** What a duplicate matched: the same store, number, day and amount, or the very same photo. */
export const receiptDuplicateKinds = ['details', 'photo'] as const;
export type ReceiptDuplicateKind = (typeof receiptDuplicateKinds)[number];

export const RECEIPT_LIMITS = {
  receiptNo: 40,
  amount: { min: 0, max: 10_000_000 },
  /** Spec §5/§9: the rejection message is at most 75 characters. */
  rejectionMessage: 75,
  /** An uploaded photo or PDF; the micro-site shrinks photos before upload. */
  fileBytes: 15 * 1024 * 1024,
  /** A date a few minutes ahead of the server's clock is a phone's clock, not the future. */
  futureToleranceMs: 5 * 60_000,
} as const;

/** The photo kinds a receipt may be, told by their bytes (HEIC is stored as the JPEG it decodes to). */
export const receiptFileTypes = ['jpg', 'png', 'pdf'] as const;
export type ReceiptFileType = (typeof receiptFileTypes)[number];

const twoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

const amount = z
  .number()
  .min(RECEIPT_LIMITS.amount.min)
  .max(RECEIPT_LIMITS.amount.max)
  .refine(twoDecimals, { message: 'validation.twoDecimals' });

/** An ISO date-time not after now (with the clock tolerance); `now` is read at each parse. */
const receiptDate = (now: () => Date) =>
  isoDateTime().refine(
    (value) => new Date(value).getTime() <= now().getTime() + RECEIPT_LIMITS.futureToleranceMs,
    { message: 'validation.receiptDateInFuture' },
  );

const receiptNo = requiredText(RECEIPT_LIMITS.receiptNo);

/** A form's text value as a number: empty is missing, anything else must read as one (`12,50` too). */
const formNumber = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  const text = value.trim().replace(',', '.');
  if (text === '') return undefined;
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : value;
}, amount);
const formFlag = z
  .enum(['true', 'false', '1', '0', 'on', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1' || value === 'on');
const formId = z.preprocess((value) => (value === '' ? undefined : value), objectId.optional());

/**
 * `POST /shopping-receipts/{channelId}?customerId` (the desk, multipart): the text fields beside the
 * photo (`file`). Built per `now` source so the date rule reads the clock at each parse.
 */
export const receiptDeskFields = (now: () => Date = () => new Date()) =>
  z.strictObject({
    receipt_no: receiptNo,
    receipt_amount: formNumber,
    currency: z.preprocess(
      (value) => (value === '' ? undefined : value),
      pointProviderCurrency.default('TRY'),
    ),
    receipt_date: receiptDate(now),
    store_id: objectId,
    campaign_id: formId,
    send_sms: formFlag,
  });
export type ReceiptDeskFields = z.output<ReturnType<typeof receiptDeskFields>>;
export const RECEIPT_DESK_TEXT_FIELDS = [
  'receipt_no',
  'receipt_amount',
  'currency',
  'receipt_date',
  'store_id',
  'campaign_id',
  'send_sms',
] as const;
export const RECEIPT_FILE_FIELD = 'file';

/** `POST /ext/app/customers/shopping-receipts` (the micro-site, multipart, spec §3's names): beside `file`. */
export const receiptUploadFields = (now: () => Date = () => new Date()) =>
  z.strictObject({
    receiptNo,
    amount: formNumber,
    invoiceDate: receiptDate(now),
    storeId: objectId,
    campaignId: formId,
  });
export type ReceiptUploadFields = z.output<ReturnType<typeof receiptUploadFields>>;
export const RECEIPT_UPLOAD_TEXT_FIELDS = [
  'receiptNo',
  'amount',
  'invoiceDate',
  'storeId',
  'campaignId',
] as const;

/**
 * `PUT /shopping-receipts/{id}`: any of the receipt's fields and its status, the rest kept. The
 * review screen approves with `{ receipt_status: 'approved' }` alone. Rejected needs a reason; `other`
 * a message (spec §5); a reason or message on another status is refused, so none is kept by mistake.
 */
export const receiptUpdateInput = (now: () => Date = () => new Date()) =>
  z
    .strictObject({
      receipt_no: receiptNo.optional(),
      receipt_amount: amount.optional(),
      currency: pointProviderCurrency.optional(),
      receipt_date: receiptDate(now).optional(),
      store_id: objectId.optional(),
      campaign_id: objectId.nullable().optional(),
      send_sms: z.boolean().optional(),
      receipt_status: receiptStatus.optional(),
      receipt_rejection_reason: receiptRejectionReason.nullable().optional(),
      receipt_rejection_message: multilineText()
        .max(RECEIPT_LIMITS.rejectionMessage)
        .nullable()
        .optional()
        .transform((value) => (value ? value : null)),
    })
    .superRefine(
      (values, context) => {
        if (values === null || typeof values !== 'object') return;
        const failed = new Set(context.issues.map((issue) => String(issue.path?.[0])));
        if (failed.has('receipt_status') || failed.has('receipt_rejection_reason')) return;
        const reason = values.receipt_rejection_reason ?? null;
        if (values.receipt_status === 'rejected') {
          if (!reason)
            context.addIssue({
              code: 'custom',
              path: ['receipt_rejection_reason'],
              message: 'validation.receiptRejectionReasonRequired',
            });
          else if (
            receiptReasonsNeedingMessage.includes(reason) &&
            !failed.has('receipt_rejection_message') &&
            !values.receipt_rejection_message
          )
            context.addIssue({
              code: 'custom',
              path: ['receipt_rejection_message'],
              message: 'validation.receiptRejectionMessageRequired',
            });
          return;
        }
        for (const field of ['receipt_rejection_reason', 'receipt_rejection_message'] as const)
          if (values[field] && !failed.has(field))
            context.addIssue({
              code: 'custom',
              path: [field],
              message: 'validation.receiptRejectionOnlyWhenRejected',
            });
      },
      { when: () => true },
    );
export type ReceiptUpdateInput = z.input<ReturnType<typeof receiptUpdateInput>>;

/**
 * How a receipt's points come (issue 14 #3), as the review screen shows them before approval:
 * the matching point provider of the highest priority gives `base_points` (amount × its points per
 * lira), times the customer's tier multiplier, times the receipt campaign's point multiplier; the
 * total is rounded down to whole points. No provider: nothing is earned.
 */
export const receiptPointsCalculation = z.object({
  point_provider_id: objectId.nullable(),
  point_provider_name: z.string().nullable(),
  point_provider_type: pointProviderType.nullable(),
  point_provider_priority: z.number().int().nullable(),
  point_provider_points_multiplier: z.number().nullable(),
  receipt_amount: z.number(),
  base_points: z.number(),
  loyalty_tier_title: z.string().nullable(),
  tier_multiplier: z.number(),
  campaign_multiplier: z.number(),
  total_points: z.number().int(),
});
export type ReceiptPointsCalculation = z.infer<typeof receiptPointsCalculation>;

/** One receipt as staff see it. The photo URLs are signed and short-lived (private files). */
export const receipt = z.object({
  _id: objectId,
  receipt_no: z.string(),
  receipt_amount: z.number(),
  currency: pointProviderCurrency,
  receipt_date: z.string(),
  store_id: objectId,
  store_name: z.string().nullable(),
  customer_id: objectId,
  customer_name: z.string().nullable(),
  customer_surname: z.string().nullable(),
  customer_phone: z.string().nullable(),
  campaign_id: objectId.nullable(),
  campaign_name: z.string().nullable(),
  channel_id: objectId.nullable(),
  receipt_status: receiptStatus,
  receipt_rejection_reason: receiptRejectionReason.nullable(),
  receipt_rejection_message: z.string().nullable(),
  /** The points it earned when approved; before that, null (the calculation shows what it would). */
  receipt_calculated_points: z.number().int().nullable(),
  receipt_photo_type: z.enum(receiptFileTypes),
  receipt_photo_url: z.string(),
  /** Null for a PDF: no picture of it is drawn. */
  receipt_thumbnail_url: z.string().nullable(),
  receipt_source: receiptSource,
  send_sms: z.boolean(),
  /** 'Already in system': an earlier receipt of the mall has the same store, number, day and amount, or the same photo. */
  receipt_is_duplicate: z.boolean(),
  receipt_duplicate_of: objectId.nullable(),
  receipt_duplicate_kind: z.enum(receiptDuplicateKinds).nullable(),
  receipt_approved_at: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Receipt = z.infer<typeof receipt>;

/** `GET /shopping-receipts/{id}`: the receipt and its points calculation (the one approved, or what approval would earn now). */
export const receiptDetail = receipt.extend({ receipt_points_calculation: receiptPointsCalculation });
export type ReceiptDetail = z.infer<typeof receiptDetail>;

/** A receipt on the micro-site, the customer's own: status, reason and points, no one else's data. */
export const customerReceipt = receipt.pick({
  _id: true,
  receipt_no: true,
  receipt_amount: true,
  currency: true,
  receipt_date: true,
  store_id: true,
  store_name: true,
  campaign_id: true,
  receipt_status: true,
  receipt_rejection_reason: true,
  receipt_rejection_message: true,
  receipt_calculated_points: true,
  receipt_thumbnail_url: true,
  createdAt: true,
});
export type CustomerReceipt = z.infer<typeof customerReceipt>;

export const receiptSortKeys = [
  'receipt_date',
  'receipt_amount',
  'receipt_no',
  'receipt_status',
  'receipt_calculated_points',
  'createdAt',
] as const;
export type ReceiptSortKey = (typeof receiptSortKeys)[number];

/** The list's filter (spec §7 `POST /shopping-receipts/filter`): status, store, date and amount ranges, source. */
export const receiptFilter = z
  .strictObject({
    receipt_status: z.array(receiptStatus).max(receiptStatuses.length).optional(),
    store_id: objectId.optional(),
    customer_id: objectId.optional(),
    campaign_id: objectId.optional(),
    receipt_source: receiptSource.optional(),
    receipt_is_duplicate: z.boolean().optional(),
    receipt_date_from: isoDateTime().optional(),
    receipt_date_to: isoDateTime().optional(),
    receipt_amount_min: z.number().min(0).optional(),
    receipt_amount_max: z.number().min(0).optional(),
  })
  .superRefine((values, context) => {
    if (values === null || typeof values !== 'object') return;
    if (
      values.receipt_date_from &&
      values.receipt_date_to &&
      Date.parse(values.receipt_date_to) < Date.parse(values.receipt_date_from)
    )
      context.addIssue({
        code: 'custom',
        path: ['receipt_date_to'],
        message: 'validation.receiptRangeReversed',
      });
    if (
      values.receipt_amount_min !== undefined &&
      values.receipt_amount_max !== undefined &&
      values.receipt_amount_max < values.receipt_amount_min
    )
      context.addIssue({
        code: 'custom',
        path: ['receipt_amount_max'],
        message: 'validation.receiptRangeReversed',
      });
  });
export type ReceiptFilter = z.infer<typeof receiptFilter>;

/** `POST /shopping-receipts/filter`: pagination, keyword (receipt number, store, customer), order, filter. */
export const receiptFilterQuery = listQuery({ orderBy: z.enum(receiptSortKeys), filter: receiptFilter });
export type ReceiptFilterQuery = z.input<typeof receiptFilterQuery>;

/** `POST /shopping-receipts/export`: the list's filter and keyword; every matching receipt. */
export const receiptExportBody = z.strictObject({
  filter: receiptFilter.optional(),
  keyword: singleLineText().max(200).optional(),
});
export type ReceiptExportBody = z.input<typeof receiptExportBody>;

/** `GET /customer/receipt/{customerId}?channelId`: with channelId, those entered at that desk. */
export const customerReceiptsQuery = z.strictObject({ channelId: objectId.optional() });

/** `POST /shopping-receipts/{channelId}?customerId`. */
export const receiptDeskQuery = z.strictObject({ customerId: objectId });
export const receiptChannelParams = z.strictObject({ channelId: objectId });

/**
 * `GET /shopping-receipts/sms?customerId&couponCode`: the desk sends a customer a code they hold (one a
 * receipt gave them) by SMS. The code is read as people type it (normalised).
 */
export const receiptCouponSmsQuery = z.strictObject({ customerId: objectId, couponCode: couponCodeQuery });
export type ReceiptCouponSmsQuery = z.input<typeof receiptCouponSmsQuery>;
export const receiptCouponSmsResult = z.object({ sent: z.literal(true) });
export type ReceiptCouponSmsResult = z.infer<typeof receiptCouponSmsResult>;

/** The words of receipts, shared by the screens and the export. */
export const receiptLabels: Record<
  Language,
  {
    status: Record<ReceiptStatus, string>;
    reason: Record<ReceiptRejectionReason, string>;
    source: Record<ReceiptSource, string>;
    columns: Record<
      | 'receipt_no'
      | 'receipt_date'
      | 'store_name'
      | 'customer_name'
      | 'customer_phone'
      | 'receipt_amount'
      | 'currency'
      | 'receipt_status'
      | 'receipt_rejection_reason'
      | 'receipt_rejection_message'
      | 'receipt_calculated_points'
      | 'campaign_name'
      | 'receipt_source'
      | 'receipt_is_duplicate'
      | 'createdAt',
      string
    >;
    sheet: string;
  }
> = {
  tr: {
    status: { pending: 'Beklemede', approved: 'Onaylandı', rejected: 'Reddedildi', uncertain: 'Belirsiz' },
    reason: {
      already_in_system: 'Sistemde zaten var',
      picture_not_clear: 'Fotoğraf net değil / okunamıyor',
      not_belonging_to_mall: 'AVM’ye ait değil',
      brand_name_unreadable: 'Marka adı okunamıyor',
      credit_card_slip: 'Fiş yerine kredi kartı slipi',
      paid_with_gift_card: 'Hediye kartıyla ödenmiş',
      other: 'Diğer',
    },
    source: { desk: 'Danışma', micro_site: 'Mikro site' },
    columns: {
      receipt_no: 'Fiş no',
      receipt_date: 'Fiş tarihi',
      store_name: 'Mağaza',
      customer_name: 'Müşteri',
      customer_phone: 'Telefon',
      receipt_amount: 'Tutar',
      currency: 'Para birimi',
      receipt_status: 'Durum',
      receipt_rejection_reason: 'Ret nedeni',
      receipt_rejection_message: 'Ret mesajı',
      receipt_calculated_points: 'Puan',
      campaign_name: 'Kampanya',
      receipt_source: 'Kaynak',
      receipt_is_duplicate: 'Sistemde zaten var',
      createdAt: 'Kayıt zamanı',
    },
    sheet: 'Fişler',
  },
  en: {
    status: { pending: 'Pending', approved: 'Approved', rejected: 'Rejected', uncertain: 'Uncertain' },
    reason: {
      already_in_system: 'Already in system',
      picture_not_clear: 'Picture not clear / cannot be read',
      not_belonging_to_mall: 'Not belonging to the mall',
      brand_name_unreadable: 'Brand name unreadable',
      credit_card_slip: 'Credit card slip instead of receipt',
      paid_with_gift_card: 'Paid with gift card',
      other: 'Other',
    },
    source: { desk: 'Desk', micro_site: 'Micro-site' },
    columns: {
      receipt_no: 'Receipt no',
      receipt_date: 'Receipt date',
      store_name: 'Store',
      customer_name: 'Customer',
      customer_phone: 'Phone',
      receipt_amount: 'Amount',
      currency: 'Currency',
      receipt_status: 'Status',
      receipt_rejection_reason: 'Rejection reason',
      receipt_rejection_message: 'Rejection message',
      receipt_calculated_points: 'Points',
      campaign_name: 'Campaign',
      receipt_source: 'Source',
      receipt_is_duplicate: 'Already in system',
      createdAt: 'Created at',
    },
    sheet: 'Receipts',
  },
};
