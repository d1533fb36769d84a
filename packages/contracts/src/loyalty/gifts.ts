import { z } from 'zod';
import { objectId } from '../common/ids';
import { listQuery } from '../common/list-query';
import { multilineText, requiredText, singleLineText } from '../common/text';
import type { Language } from '../i18n/languages';
import { pointBalance, pointEntry } from './ledger';

/**
 * Spec §3 Loyalty gift, §5, §7 "Gifts" (issue 14 #5): what a customer's points buy. A gift costs
 * `loyalty_gift_point_quantity` points, is taken from `loyalty_gift_stock_quantity`, is offered to
 * customers whose tier is at least `loyalty_gift_min_tier_id` (tier priority 1 is the highest, so a
 * customer qualifies when their tier's priority number is at most the gift's tier's) and only while
 * `loyalty_gift_is_active`. A gift may carry a pool of codes (a voucher number, a cinema ticket
 * code): each redemption then takes one, and a gift whose pool is used up is out of stock too.
 */
export const loyaltyGiftSendTypes = ['to_address', 'by_hand'] as const;
export const loyaltyGiftSendType = z.enum(loyaltyGiftSendTypes);
export type LoyaltyGiftSendType = z.infer<typeof loyaltyGiftSendType>;

export const LOYALTY_GIFT_LIMITS = {
  title: 100,
  note: 500,
  /** §5 "required with minimums": a gift costs at least one point; stock may run down to zero. */
  points: { min: 1, max: 10_000_000 },
  stock: { min: 0, max: 1_000_000 },
  code: 60,
  /** Codes one save may add to the pool. */
  codes: 10_000,
} as const;

const giftCode = singleLineText()
  .min(1)
  .max(LOYALTY_GIFT_LIMITS.code)
  .transform((code) => code.trim());

/**
 * The body of `POST /loyalty-gift` and `PUT /loyalty-gift/{id}`, and the form's schema.
 * `loyalty_gift_new_codes` adds codes to the gift's pool (a code already in it is refused); codes are
 * never removed, so the used ones stay explainable.
 */
export const loyaltyGiftInput = z.strictObject({
  loyalty_gift_title: requiredText(LOYALTY_GIFT_LIMITS.title),
  loyalty_gift_note: multilineText()
    .max(LOYALTY_GIFT_LIMITS.note)
    .nullish()
    .transform((value) => (value?.trim() ? value.trim() : null)),
  loyalty_gift_point_quantity: z
    .number()
    .int()
    .min(LOYALTY_GIFT_LIMITS.points.min)
    .max(LOYALTY_GIFT_LIMITS.points.max),
  loyalty_gift_stock_quantity: z
    .number()
    .int()
    .min(LOYALTY_GIFT_LIMITS.stock.min)
    .max(LOYALTY_GIFT_LIMITS.stock.max),
  loyalty_gift_min_tier_id: objectId,
  loyalty_gift_is_active: z.boolean(),
  loyalty_gift_send_type: loyaltyGiftSendType,
  loyalty_gift_new_codes: z
    .array(giftCode)
    .max(LOYALTY_GIFT_LIMITS.codes)
    .default([])
    .superRefine((codes, context) => {
      const seen = new Set<string>();
      codes.forEach((code, index) => {
        if (seen.has(code))
          context.addIssue({ code: 'custom', path: [index], message: 'validation.loyaltyGiftCodeRepeated' });
        seen.add(code);
      });
    }),
});
export type LoyaltyGiftInput = z.input<typeof loyaltyGiftInput>;
export type LoyaltyGiftValues = z.output<typeof loyaltyGiftInput>;

export const loyaltyGift = z.object({
  _id: objectId,
  loyalty_gift_title: z.string(),
  loyalty_gift_note: z.string().nullable(),
  loyalty_gift_point_quantity: z.number().int(),
  loyalty_gift_stock_quantity: z.number().int(),
  /** Null only when the tier was deleted after: the gift is then open to every customer. */
  loyalty_gift_min_tier_id: objectId.nullable(),
  loyalty_gift_min_tier_title: z.string().nullable(),
  loyalty_gift_min_tier_title_en: z.string().nullable(),
  loyalty_gift_is_active: z.boolean(),
  loyalty_gift_send_type: loyaltyGiftSendType,
  /** The pool: codes given with a redemption, and codes still to give (both 0 without a pool). */
  loyalty_gift_codes_used: z.number().int(),
  loyalty_gift_available_codes: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LoyaltyGift = z.infer<typeof loyaltyGift>;

export const loyaltyGiftSortKeys = [
  'loyalty_gift_title',
  'loyalty_gift_point_quantity',
  'loyalty_gift_stock_quantity',
  'createdAt',
] as const;
export type LoyaltyGiftSortKey = (typeof loyaltyGiftSortKeys)[number];
export const loyaltyGiftFilter = z.strictObject({
  loyalty_gift_is_active: z.boolean().optional(),
  loyalty_gift_send_type: loyaltyGiftSendType.optional(),
});
export type LoyaltyGiftFilter = z.infer<typeof loyaltyGiftFilter>;
/** `POST /loyalty-gift/filter`: the newest first unless told otherwise. */
export const loyaltyGiftListQuery = listQuery({
  orderBy: z.enum(loyaltyGiftSortKeys),
  filter: loyaltyGiftFilter,
});

/** What the micro-site shows of a gift: no stock figures or pool. */
export const publicLoyaltyGift = loyaltyGift.pick({
  _id: true,
  loyalty_gift_title: true,
  loyalty_gift_note: true,
  loyalty_gift_point_quantity: true,
  loyalty_gift_send_type: true,
});
export type PublicLoyaltyGift = z.infer<typeof publicLoyaltyGift>;

/**
 * Spec §3 Loyalty customer: one gift redeemed by one customer, §4 "Gift to customer": `new` when the
 * points are burnt, `waiting` once sent (tracking number and address saved), `cancelled` with a note,
 * which gives the points (a refund entry) and the stock back. The gift's title, cost and send type
 * are kept as they were when it was redeemed.
 */
export const loyaltyCustomerStatuses = ['new', 'waiting', 'cancelled'] as const;
export const loyaltyCustomerStatus = z.enum(loyaltyCustomerStatuses);
export type LoyaltyCustomerStatus = z.infer<typeof loyaltyCustomerStatus>;
export const loyaltyCustomerSources = ['desk', 'micro_site'] as const;
export type LoyaltyCustomerSource = (typeof loyaltyCustomerSources)[number];

export const LOYALTY_CUSTOMER_LIMITS = { note: 300, address: 300, trackingNumber: 60 } as const;

const optionalText = (max: number) =>
  multilineText()
    .max(max)
    .nullish()
    .transform((value) => (value?.trim() ? value.trim() : null));

export const loyaltyCustomer = z.object({
  _id: objectId,
  /** The customer's id, name and phone. */
  loyalty_customer: objectId,
  loyalty_customer_name: z.string().nullable(),
  loyalty_customer_surname: z.string().nullable(),
  loyalty_customer_phone: z.string(),
  loyalty_customer_gift: objectId.nullable(),
  loyalty_customer_gift_title: z.string(),
  loyalty_customer_points: z.number().int(),
  loyalty_customer_gift_send_type: loyaltyGiftSendType,
  /** The pool's code given with it, when the gift has a pool. */
  loyalty_customer_gift_code: z.string().nullable(),
  loyalty_customer_note: z.string().nullable(),
  loyalty_customer_address: z.string().nullable(),
  loyalty_customer_tracking_number: z.string().nullable(),
  loyalty_customer_status: loyaltyCustomerStatus,
  loyalty_customer_source: z.enum(loyaltyCustomerSources),
  loyalty_customer_admin_name: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LoyaltyCustomer = z.infer<typeof loyaltyCustomer>;

/** `POST /loyalty-customer/burn-points` (with an `Idempotency-Key` header): staff redeem a gift for a customer. */
export const burnPointsInput = z.strictObject({
  loyalty_customer: objectId,
  loyalty_customer_gift: objectId,
  loyalty_customer_address: optionalText(LOYALTY_CUSTOMER_LIMITS.address),
  loyalty_customer_note: optionalText(LOYALTY_CUSTOMER_LIMITS.note),
});
export type BurnPointsInput = z.input<typeof burnPointsInput>;

/** `POST /ext/loyalty-customer/get-the-gift`: the signed-in customer claims a gift. */
export const getTheGiftInput = burnPointsInput.pick({
  loyalty_customer_gift: true,
  loyalty_customer_address: true,
});
export type GetTheGiftInput = z.input<typeof getTheGiftInput>;

/**
 * `POST /loyalty-customer/{id}/sent-and-save`: the gift is on its way (new → waiting). A gift sent to
 * an address needs both; a gift given by hand may be saved without them.
 */
export const sentAndSaveInput = z.strictObject({
  loyalty_customer_tracking_number: singleLineText()
    .max(LOYALTY_CUSTOMER_LIMITS.trackingNumber)
    .nullish()
    .transform((value) => (value?.trim() ? value.trim() : null)),
  loyalty_customer_address: optionalText(LOYALTY_CUSTOMER_LIMITS.address),
});
export type SentAndSaveInput = z.input<typeof sentAndSaveInput>;

/** `POST /loyalty-customer/{id}/cancel`: why, required. */
export const cancelRedemptionInput = z.strictObject({
  loyalty_customer_note: requiredText(LOYALTY_CUSTOMER_LIMITS.note),
});
export type CancelRedemptionInput = z.input<typeof cancelRedemptionInput>;

export const loyaltyCustomerSortKeys = [
  'createdAt',
  'loyalty_customer_gift_title',
  'loyalty_customer_points',
] as const;
export const loyaltyCustomerFilter = z.strictObject({
  loyalty_customer_status: loyaltyCustomerStatus.optional(),
  loyalty_customer_gift: objectId.optional(),
  loyalty_customer: objectId.optional(),
});
export type LoyaltyCustomerFilter = z.infer<typeof loyaltyCustomerFilter>;
/** `POST /loyalty-customer/filter`: the redemptions, newest first; keyword on the customer and the gift. */
export const loyaltyCustomerListQuery = listQuery({
  orderBy: z.enum(loyaltyCustomerSortKeys),
  filter: loyaltyCustomerFilter,
});
/**
 * `GET /loyalty-customer/export?loyalty_customer_status&loyalty_customer_gift&loyalty_customer&keyword`:
 * the rows the list finds with the same filter and keyword, as an xlsx. A GET has no body, so the
 * list's filter fields travel flat in the query string (as GET lists take theirs, `listSearchParams`)
 * and arrive as the list's `{ filter, keyword }`.
 */
export const loyaltyCustomerExportQuery = z
  .strictObject({ ...loyaltyCustomerFilter.shape, keyword: singleLineText().max(200).optional() })
  .transform(({ keyword, ...filter }): { filter: LoyaltyCustomerFilter; keyword?: string | undefined } => ({
    filter,
    keyword,
  }));
export type LoyaltyCustomerExportQuery = z.input<typeof loyaltyCustomerExportQuery>;

/**
 * `GET /loyalty-customer/burn-points/{customerId}` (spec §3 burn preparation data): the customer,
 * their redemptions (`customer_loyalty_list`), the gifts they can take now (`available_gift_list`:
 * active, in stock, their tier at least the gift's, no more points than they hold), their balance and
 * the newest entries of their ledger.
 */
export const burnPreparation = z.object({
  customer: z.object({
    _id: objectId,
    customer_name: z.string().nullable(),
    customer_surname: z.string().nullable(),
    customer_phone: z.string(),
  }),
  balance: pointBalance,
  point_history: z.array(pointEntry),
  customer_loyalty_list: z.array(loyaltyCustomer),
  available_gift_list: z.array(loyaltyGift),
});
export type BurnPreparation = z.infer<typeof burnPreparation>;

/** `GET /ext/loyalty-customer/available-gifts`: the signed-in customer's balance and what it buys now. */
export const microSiteAvailableGifts = z.object({
  balance: pointBalance,
  available_gift_list: z.array(publicLoyaltyGift),
});
export type MicroSiteAvailableGifts = z.infer<typeof microSiteAvailableGifts>;

/** Words of the redemptions' statuses and send types, for the screens and the export. */
export const loyaltyCustomerStatusLabels: Record<Language, Record<LoyaltyCustomerStatus, string>> = {
  tr: { new: 'Yeni', waiting: 'Gönderildi', cancelled: 'İptal edildi' },
  en: { new: 'New', waiting: 'Sent', cancelled: 'Cancelled' },
};
export const loyaltyGiftSendTypeLabels: Record<Language, Record<LoyaltyGiftSendType, string>> = {
  tr: { to_address: 'Adrese gönderim', by_hand: 'Elden teslim' },
  en: { to_address: 'Sent to an address', by_hand: 'Handed over' },
};
export const loyaltyCustomerColumnLabels = {
  tr: {
    createdAt: 'Tarih',
    customer_name: 'Ad',
    customer_surname: 'Soyad',
    customer_phone: 'Telefon',
    gift: 'Hediye',
    points: 'Puan',
    send_type: 'Gönderim şekli',
    code: 'Hediye kodu',
    status: 'Durum',
    address: 'Adres',
    tracking_number: 'Takip numarası',
    note: 'Not',
  },
  en: {
    createdAt: 'Date',
    customer_name: 'Name',
    customer_surname: 'Surname',
    customer_phone: 'Phone',
    gift: 'Gift',
    points: 'Points',
    send_type: 'Send type',
    code: 'Gift code',
    status: 'Status',
    address: 'Address',
    tracking_number: 'Tracking number',
    note: 'Note',
  },
} as const satisfies Record<Language, Record<string, string>>;
export const loyaltyCustomerSheetLabels: Record<Language, string> = {
  tr: 'Hediye verilen müşteriler',
  en: 'Gifted customers',
};
