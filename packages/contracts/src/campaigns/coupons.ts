import { z } from 'zod';
import { objectId } from '../common/ids';
import { singleLineText } from '../common/text';
import { customerPhone } from '../customers/phone';
import { displayPhone } from '../customers/phone-format';
import { smsCode } from '../micro-site/micro-site';
import { campaign, couponCodeCounts, couponCodeText, couponStatus, publicCampaign } from './campaign';
import { couponReportFilter } from './code-report';
import { COUPON_GENERATE_MAX, isCouponCodeWellFormed, normaliseCouponCode } from './coupon-code';
import { type CampaignType, campaignTypeDefinitions } from './types';

/**
 * A campaign's codes (spec §3 Coupon print, Coupon code status; §7 Campaigns: generate, code-parser,
 * remove-codes, coupon print count, give, code validation; issue 13 "Code pools", "Giving a code",
 * "Code validation at the store"). The format of generated codes is ./coupon-code.ts.
 */

// Codes one generate call may ask for: in ./coupon-code.ts, free of zod, for the screens' texts.
export { COUPON_GENERATE_MAX } from './coupon-code';
/** Codes one campaign's pool may hold in all, however they came (generated or imported). */
export const COUPON_POOL_MAX = 10_000_000;
/** Data rows one `POST /coupons/code-parser` file may hold. */
export const COUPON_IMPORT_MAX_ROWS = 1_000_000;
/** Bytes of that file. */
export const COUPON_IMPORT_MAX_BYTES = 50 * 1024 * 1024;
/** Row errors an import answers at most; `error_count` says how many there were. */
export const COUPON_IMPORT_ERROR_LIST_MAX = 1000;
/** An imported (partner's) code, after `normaliseCouponCode`: A–Z and digits. */
export const IMPORTED_COUPON_CODE = { min: 4, max: 64 } as const;

/**
 * Issue 13, code validation: how long a successful lookup holds a code for the clerk who made it
 * (another till cannot start on it meanwhile), and how many lookups a staff user, and an address,
 * may make in a sliding minute, so the form cannot be used to guess codes.
 */
export const CODE_VALIDATION_RULES = {
  holdSeconds: 300,
  lookupsPerMinutePerUser: 30,
  lookupsPerMinutePerAddress: 30,
} as const;

/** A code typed to be looked up or redeemed: normalised, A–Z and digits. */
export const couponCodeQuery = couponCodeText(IMPORTED_COUPON_CODE.min, IMPORTED_COUPON_CODE.max);

/** One code of a pool (the customer's coupons tab, my coupons, the give answer). */
export const coupon = z.object({
  _id: objectId,
  campaign_id: objectId,
  coupon_code: z.string(),
  coupon_status: couponStatus,
  customer_id: objectId.nullable(),
  /** The registration channel whose desk gave it; null when given on the micro-site. */
  channel_id: objectId.nullable(),
  coupon_given_at: z.string().nullable(),
  coupon_used_at: z.string().nullable(),
  /** Until when it may be redeemed: the campaign's end, or the session days after it was given (session coupon), whichever is first. */
  coupon_expires_at: z.string().nullable(),
  createdAt: z.string(),
});
export type Coupon = z.infer<typeof coupon>;

/** A customer's code with the campaign it belongs to (`GET /customer/coupons/{customerId}`, `GET /ext/app/customers/coupons`). */
export const customerCoupon = coupon.extend({ campaign: publicCampaign });
export type CustomerCoupon = z.infer<typeof customerCoupon>;

/**
 * `GET /ext/app/customers/campaigns`: the mall's running campaigns (published, started, not ended) as
 * the micro-site shows them to the signed-in customer, soonest ending first.
 */
export const microSiteCampaign = publicCampaign.extend({
  /** The join button gives a code now: a type customers join (`participation: 'join'`) whose mechanics work. */
  campaign_joinable: z.boolean(),
  /** The customer's codes from this campaign, given or used: the page offers "my code" beside or instead of joining. */
  campaign_my_coupon_count: z.number().int(),
});
export type MicroSiteCampaign = z.infer<typeof microSiteCampaign>;

/** `GET /customer/coupons/{customerId}?channelId`. */
export const customerCouponsQuery = z.strictObject({ channelId: objectId.optional() });

/** `POST /coupons/cache/generate` (spec §7: campaignId, count). */
export const couponGenerateBody = z.strictObject({
  campaignId: objectId,
  count: z.number().int().min(1).max(COUPON_GENERATE_MAX),
});
export type CouponGenerateBody = z.infer<typeof couponGenerateBody>;
export const couponGenerateResult = z.object({
  campaignId: objectId,
  generated: z.number().int(),
  codes: couponCodeCounts,
});

/** `POST /coupons/code-parser` (spec §7: multipart campaignId and file, xlsx or csv): the form fields besides the file. */
export const couponImportFields = z.strictObject({ campaignId: objectId });

/**
 * One row of an imported code file: the code, from the column headed with the export's code header
 * (`couponExportColumnLabels`, either language) or, without a known header, the first column.
 */
export const couponImportRow = z.object({
  coupon_code: couponCodeText(IMPORTED_COUPON_CODE.min, IMPORTED_COUPON_CODE.max),
});
export type CouponImportRow = z.infer<typeof couponImportRow>;

export const couponImportError = z.object({
  /** The row's number in the file, as a spreadsheet shows it (the header is row 1). */
  row: z.number().int(),
  coupon_code: z.string(),
  /** Why, in the request's language: a `validation.*` text (`couponCodeChars`, `couponCodeDuplicateInFile`, `couponCodeTaken`…). */
  message: z.string(),
});
export type CouponImportError = z.infer<typeof couponImportError>;

/**
 * The import's answer. Nothing is half-saved: when any row fails (a bad code, a code twice in the
 * file, a code the mall already has in any campaign), no code is added, `added` is 0, and the rows
 * are listed (up to `COUPON_IMPORT_ERROR_LIST_MAX`; `error_count` counts them all).
 */
export const couponImportResult = z.object({
  campaignId: objectId,
  added: z.number().int(),
  error_count: z.number().int(),
  error_list: z.array(couponImportError).max(COUPON_IMPORT_ERROR_LIST_MAX),
  codes: couponCodeCounts,
});
export type CouponImportResult = z.infer<typeof couponImportResult>;

/** `DELETE /coupons/remove-codes` (spec §7: campaignId): removes the campaign's `ready` codes; given and used ones stay. */
export const couponRemoveBody = z.strictObject({ campaignId: objectId });
export const couponRemoveResult = z.object({ removed: z.number().int(), codes: couponCodeCounts });

/** `PUT /coupon-campaign/{id}` (spec §3 Coupon print, §7). */
export const couponPrintBody = z.strictObject({
  coupon_print_count: z.number().int().min(0).max(COUPON_POOL_MAX),
});

/**
 * `POST /campaign/{id}/coupons/export`: the answer is the xlsx file (`download` is accepted as the
 * spec's client sends it). The code report's keyword and filter, as its list takes them, narrow it to
 * the codes the report shows; without them it holds every code of the campaign (the pool's export).
 */
export const couponExportBody = z.strictObject({
  download: z.boolean().optional(),
  keyword: singleLineText().max(200).optional(),
  filter: couponReportFilter.optional(),
});
export type CouponExportBody = z.input<typeof couponExportBody>;

/**
 * `GET /skidata/ticket/info?campaignId` (spec §7): a parking campaign's codes handed out, as the CSV
 * file the car park's ticket system (SKIDATA) reads: code, status, when given, valid until.
 */
export const parkingTicketInfoQuery = z.strictObject({ campaignId: objectId });

/** The CSV's header, in this order: machine words, the same in every language (a system reads them). */
export const parkingTicketInfoColumns = ['ticket_code', 'status', 'given_at', 'valid_until'] as const;

/**
 * `POST /coupon-campaign/coupon` (spec §7: channel_id, customer_id): a code given at a channel's
 * desk. The campaign is one of the channel's (`GET /campaign/{channelId}/bychannel`), picked by the
 * clerk, so it is sent too.
 */
export const couponGiveBody = z.strictObject({
  campaign_id: objectId,
  channel_id: objectId,
  customer_id: objectId,
});
export type CouponGiveBody = z.infer<typeof couponGiveBody>;

/** `POST /ext/app/customers/campaigns/{id}/coupon` answers the code given, as the give call does. */
export const couponGiveResult = customerCoupon;

/**
 * Whether a typed code can belong to a campaign of this type, told without any lookup: a campaign
 * whose codes are generated only has codes with a right check symbol, so a mistyped one is refused
 * at once (the server answers 400 `COUPON_CODE_MALFORMED`, naming `coupon_code` with
 * `validation.couponCodeMalformed`; the clerk's form says the same before sending). Imported and
 * shared codes have no check symbol and are always looked up.
 */
export const couponCodeProblem = (
  type: CampaignType,
  code: string,
): 'validation.couponCodeMalformed' | undefined =>
  campaignTypeDefinitions[type].codes === 'generated' && !isCouponCodeWellFormed(normaliseCouponCode(code))
    ? 'validation.couponCodeMalformed'
    : undefined;

/** `GET /code-validation?campaign_id&coupon_code` (spec §7); then `couponCodeProblem` for the campaign's type. */
export const codeValidationQuery = z.strictObject({
  campaign_id: objectId,
  coupon_code: couponCodeQuery,
});
export type CodeValidationQuery = z.infer<typeof codeValidationQuery>;

/**
 * The lookup's answer: the code's status and campaign, and its holder masked (`maskPersonName`,
 * `maskPhone`) so the clerk can ask "is this you?" without reading the customer's data.
 * `hold_expires_at` says until when this clerk holds the code.
 */
export const codeValidationResult = z.object({
  coupon_code: z.string(),
  coupon_status: couponStatus,
  campaign: campaign.pick({
    _id: true,
    campaign_name: true,
    campaign_name_en: true,
    campaign_type: true,
    campaign_start_date: true,
    campaign_end_date: true,
  }),
  holder: z.object({ masked_name: z.string(), masked_phone: z.string() }).nullable(),
  coupon_given_at: z.string().nullable(),
  coupon_used_at: z.string().nullable(),
  coupon_expires_at: z.string().nullable(),
  hold_expires_at: z.string().nullable(),
});
export type CodeValidationResult = z.infer<typeof codeValidationResult>;

/** `GET /code-validation/campaigns`: the campaigns a clerk may validate codes of. */
export const codeValidationCampaign = campaign.pick({
  _id: true,
  campaign_name: true,
  campaign_name_en: true,
  campaign_type: true,
  campaign_start_date: true,
  campaign_end_date: true,
});

/**
 * `POST /code-validation/sendOtp` (spec §7: customer_phone): sends the 4-digit code to the phone of
 * the code's holder, on file; the clerk never types where it goes. `customer_phone`, when the clerk
 * asks the customer for it, must be the holder's, a second check that the person is the holder.
 */
export const codeValidationOtpBody = z.strictObject({
  campaign_id: objectId,
  coupon_code: couponCodeQuery,
  customer_phone: customerPhone.optional(),
});

/**
 * The answer of `sendOtp`: where the code went, masked, and the sign-in codes' countdown (a new code
 * may be asked for from `resend_at`; asking earlier sends nothing and answers the same times).
 */
export const codeValidationOtpResult = z.object({
  masked_phone: z.string(),
  resend_at: z.string(),
  expires_at: z.string(),
});
export type CodeValidationOtpResult = z.infer<typeof codeValidationOtpResult>;

/** `PUT /code-validation/` (spec §7: campaign_id, coupon_code, otp_code): redeems the code, once. */
export const codeValidationRedeemBody = z.strictObject({
  campaign_id: objectId,
  coupon_code: couponCodeQuery,
  otp_code: smsCode,
});
export const codeValidationRedeemResult = z.object({
  coupon_code: z.string(),
  coupon_status: z.literal('used'),
  coupon_used_at: z.string(),
});

/** Ends this clerk's hold on a code before its time (the clerk closes the result). */
export const codeValidationReleaseBody = z.strictObject({
  campaign_id: objectId,
  coupon_code: couponCodeQuery,
});

/**
 * A name as the clerk sees it: each word's first two letters (one, for a word of three letters or
 * fewer), the rest as `*` (`Ayşe Nur Yılmaz` → `Ay** N** Yı***`).
 */
export const maskPersonName = (name: string): string =>
  name
    .trim()
    .split(/\s+/u)
    .filter(Boolean)
    .map((word) => {
      const letters = Array.from(word);
      const kept = letters.length <= 3 ? 1 : 2;
      return letters.slice(0, kept).join('') + '*'.repeat(letters.length - kept);
    })
    .join(' ');

/**
 * A phone as the clerk sees it: written as `displayPhone` writes it, every digit but the first four
 * and the last two as `*` (`0532 *** ** 24`).
 */
export const maskPhone = (phone: string): string => {
  const shown = displayPhone(phone);
  const digits = shown.replace(/\D/g, '').length;
  let seen = 0;
  return shown.replace(/\d/g, (digit) => {
    seen++;
    return seen <= 4 || seen > digits - 2 ? digit : '*';
  });
};
