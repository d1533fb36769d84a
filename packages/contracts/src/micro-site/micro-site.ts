import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { z } from 'zod';
import { errorBody } from '../common/errors';
import { objectId } from '../common/ids';
import { singleLineText } from '../common/text';
import { customer, customerInput } from '../customers/customer';
import { customerPhone } from '../customers/phone';
import { location } from '../locations/location';
import { smsCodeRules } from './session';

/**
 * The customer micro-site (spec §2 "Customer micro-site", §3 "Customer registration payload" and
 * "Customer session", §7 "Micro-site"): the requests and answers of the /api/ext calls. Headers,
 * session keys and code rules without schemas are in ./session.ts.
 */
export const smsCode = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${smsCodeRules.length}}$`), { message: 'validation.smsCode' });

/**
 * Whether sign-in codes may go to a phone (E.164): a mobile number of one of the allowed countries
 * (the server's SMS_ALLOWED_COUNTRIES, Turkey by default), so a landline or a foreign number never
 * costs an SMS. Numbers of a plan that does not tell mobiles from landlines (FIXED_LINE_OR_MOBILE,
 * as in the US) count as mobile, else such a country could never be allowed.
 */
export const isAllowedMobile = (phone: string, countries: readonly string[]): boolean => {
  const parsed = parsePhoneNumberFromString(phone);
  if (!parsed?.isValid() || parsed.country === undefined || !countries.includes(parsed.country)) return false;
  const type = parsed.getType();
  return type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE';
};

/**
 * The solved proof-of-work challenge (./challenge.ts): base64 of `{ challenge, solution }`. Needed
 * only after an answer 428 CHALLENGE_REQUIRED, which carries the challenge to solve; each solution is
 * accepted once.
 */
export const altchaPayload = singleLineText().min(1).max(8000);

/** POST /ext/customers/check and /ext/customers/sms-resend. */
export const microSitePhoneBody = z.strictObject({
  customer_phone: customerPhone,
  altcha: altchaPayload.optional(),
});

/**
 * What /ext/customers/check and /sms-resend answer, the same whether or not the phone is a customer
 * of the mall (so the call tells nobody who is one; login answers CUSTOMER_NOT_REGISTERED once the
 * code is right, and the flow carries on to sign-up). While a sent code's resend wait runs, asking
 * again sends nothing and answers the same countdown.
 */
export const smsChallenge = z.object({
  /** The phone as stored, E.164. */
  customer_phone: z.string(),
  /** When a new code may be asked for (ISO); the dialog counts down to it. */
  resend_at: z.string(),
  /** When the code sent last stops being accepted (ISO). */
  expires_at: z.string(),
});
export type SmsChallenge = z.infer<typeof smsChallenge>;

/** The ALTCHA v2 challenge of a 428 CHALLENGE_REQUIRED answer (see ./challenge.ts). */
export const powChallenge = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    expiresAt: z.number().optional(),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  }),
  signature: z.string().optional(),
});

/** 428 CHALLENGE_REQUIRED and 400 CHALLENGE_INVALID: the error model with a challenge to solve. */
export const challengeRequiredBody = errorBody.extend({ challenge: powChallenge });

/** POST /ext/customers/login. */
export const microSiteLoginBody = z.strictObject({
  customer_phone: customerPhone,
  sms_code: smsCode,
  altcha: altchaPayload.optional(),
});

/** The customer as the micro-site shows them: their own profile and consents, no staff-only fields. */
export const microSiteCustomer = customer.pick({
  _id: true,
  customer_phone: true,
  customer_name: true,
  customer_surname: true,
  customer_email: true,
  customer_gender: true,
  customer_birthdate: true,
  customer_address: true,
  customer_province: true,
  customer_district: true,
  customer_locality: true,
  customer_vehicle_plate: true,
  customer_sms_permission: true,
  customer_email_permission: true,
  customer_call_permission: true,
  customer_kvkk_permission: true,
  customer_deletedAt: true,
  createdAt: true,
});
export type MicroSiteCustomer = z.infer<typeof microSiteCustomer>;

/**
 * What login and register answer (spec §7: mobileToken and customer._id). `reactivated`: the
 * customer had deleted their account and this sign-in (or sign-up) brought it back.
 */
export const microSiteSession = z.object({
  mobileToken: z.string(),
  customer: microSiteCustomer,
  reactivated: z.boolean(),
});
export type MicroSiteSession = z.infer<typeof microSiteSession>;

const consentFlags = {
  /** Spec §4 master permission: the form's checkbox sets the three below; the server reads those. */
  customer_allows_permissions: z.boolean().optional(),
  customer_allows_sms: z.boolean().default(false),
  customer_allows_email: z.boolean().default(false),
  customer_allows_call: z.boolean().default(false),
};

/** Empty strings (spec §3: names are sent as '' when unset) mean not given. */
const blankAsNull = (value: unknown) => (value === '' ? null : value);

const profileFields = customerInput
  .pick({
    customer_name: true,
    customer_surname: true,
    customer_email: true,
    customer_gender: true,
    customer_birthdate: true,
    customer_address: true,
    customer_province: true,
    customer_district: true,
    customer_locality: true,
    customer_vehicle_plate: true,
  })
  .extend({
    customer_email: z.preprocess(blankAsNull, customerInput.shape.customer_email),
    customer_address: z.preprocess(blankAsNull, customerInput.shape.customer_address),
    customer_province: z.preprocess(blankAsNull, customerInput.shape.customer_province),
    customer_district: z.preprocess(blankAsNull, customerInput.shape.customer_district),
    customer_locality: z.preprocess(blankAsNull, customerInput.shape.customer_locality),
    customer_vehicle_plate: z.preprocess(blankAsNull, customerInput.shape.customer_vehicle_plate),
  });

/** POST /ext/customers/register: spec §3 "Customer registration payload"; KVKK must be accepted. */
export const microSiteRegisterBody = profileFields.extend({
  customer_phone: customerPhone,
  sms_code: smsCode,
  customer_accepts_kvkk: z.literal(true, { message: 'validation.kvkkRequired' }),
  ...consentFlags,
  /** The KVKK text version the customer accepted (the agreement's `agreement_version`). */
  agreement_version: singleLineText().min(1).max(64).nullable().optional(),
  altcha: altchaPayload.optional(),
});
export type MicroSiteRegisterBody = z.input<typeof microSiteRegisterBody>;

/**
 * POST /ext/app/customers/profile: the signed-in customer updates their profile and consents. The
 * phone is the sign-in and cannot change here. Consents left out stay as they are.
 */
export const microSiteProfileBody = profileFields.extend({
  customer_allows_permissions: z.boolean().optional(),
  customer_allows_sms: z.boolean().optional(),
  customer_allows_email: z.boolean().optional(),
  customer_allows_call: z.boolean().optional(),
});
export type MicroSiteProfileBody = z.input<typeof microSiteProfileBody>;

/**
 * POST /ext/app/customers/kvkk: the signed-in customer gives (true) or withdraws (false) their KVKK
 * consent. Withdrawing also ends the SMS, email and call permissions, which rest on it; the account
 * stays until the customer deletes it.
 */
export const microSiteKvkkBody = z.strictObject({
  customer_accepts_kvkk: z.boolean(),
  /** The KVKK text version shown (the agreement's `agreement_version`) when consent is given. */
  agreement_version: singleLineText().min(1).max(64).nullable().optional(),
});
export type MicroSiteKvkkBody = z.input<typeof microSiteKvkkBody>;

/** GET /api/dev/outbox (system admin, outbox SMS driver only): the messages "sent", newest first. */
export const outboxMessage = z.object({
  _id: objectId,
  to: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessage>;

/**
 * GET /ext/location: the mall whose token the micro-site carries, for its header (name and logo), and
 * its time zone (`location_meta.timezone`), in which the micro-site shows campaign and coupon dates.
 */
export const microSiteLocation = location.pick({
  _id: true,
  location_name: true,
  location_logo: true,
  hasMobileApp: true,
  location_meta: true,
});
export type MicroSiteLocation = z.infer<typeof microSiteLocation>;
