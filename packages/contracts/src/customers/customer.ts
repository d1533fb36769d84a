import { z } from 'zod';
import { objectId } from '../common/ids';
import { listQuery } from '../common/list-query';
import { isoDate as isoDateOf, multilineText, personName, singleLineText } from '../common/text';
import { customerPhone } from './phone';
import { segmentFilter } from './segment';
import { vehiclePlate } from './vehicle-plate';

export const customerGenders = ['male', 'female', 'unknown'] as const;
export const customerGender = z.enum(customerGenders);
export const customerFrequencies = [
  'first_visit',
  'several_per_year',
  'once_a_month',
  'once_a_week',
] as const;
export const customerFrequency = z.enum(customerFrequencies);
/** Spec §6 customer consent permissions. */
export const consentTypes = ['sms', 'email', 'call', 'kvkk'] as const;
export const consentType = z.enum(consentTypes);
export type ConsentType = z.infer<typeof consentType>;
/**
 * Where a consent change came from. 'unsubscribe link': the link or one-click unsubscribe of a
 * commercial email (revokes email); 'double opt-in': a customer's confirmation by link and code.
 */
export const consentSources = [
  'micro-site',
  'staff',
  'import',
  'registration',
  'unsubscribe link',
  'double opt-in',
] as const;
export const consentSource = z.enum(consentSources);
export type ConsentSource = z.infer<typeof consentSource>;

const isoDate = isoDateOf();
const timestamp = z.string();

/** A customer as the back-office reads it (spec §3 Customer). `age` is derived from the birth date. */
export const customer = z.object({
  _id: objectId,
  customer_phone: z.string(),
  customer_name: z.string().nullable(),
  customer_surname: z.string().nullable(),
  customer_email: z.string().nullable(),
  customer_gender: customerGender,
  customer_birthdate: z.string().nullable(),
  age: z.number().int().nullable(),
  customer_address: z.string().nullable(),
  customer_province: z.string().nullable(),
  customer_district: z.string().nullable(),
  customer_locality: z.string().nullable(),
  customer_number_of_children: z.number().int().nullable(),
  customer_frequency: customerFrequency.nullable(),
  customer_is_developer: z.boolean(),
  customer_vehicle_plate: z.string().nullable(),
  customer_is_parent: z.boolean().nullable(),
  channel_id: z.string().nullable(),
  customer_favorite_region: z.string().nullable(),
  customer_favorite_category: z.string().nullable(),
  customer_push_token: z.string().nullable(),
  customer_sms_permission: z.boolean(),
  customer_sms_permission_date: timestamp.nullable(),
  customer_email_permission: z.boolean(),
  customer_email_permission_date: timestamp.nullable(),
  customer_call_permission: z.boolean(),
  customer_call_permission_date: timestamp.nullable(),
  customer_kvkk_permission: z.boolean(),
  customer_kvkk_permission_date: timestamp.nullable(),
  customer_deletedAt: timestamp.nullable(),
  createdAt: timestamp,
});
export type Customer = z.infer<typeof customer>;

/** One append-only consent history entry (who changed which consent, when, from where, under which text). */
export const consentEvent = z.object({
  _id: objectId,
  type: consentType,
  value: z.boolean(),
  at: timestamp,
  source: consentSource,
  staff_admin_id: z.string().nullable(),
  /** The staff user's name and surname; null when no staff user acted or the user was deleted. */
  staff_name: z.string().nullable(),
  client_address: z.string().nullable(),
  agreement_version: z.string().nullable(),
});
export type ConsentEvent = z.infer<typeof consentEvent>;

export const customerProfile = customer.extend({ consent_history: z.array(consentEvent) });

const optionalText = (max: number) => singleLineText().max(max).nullable().optional();

/** The fields staff or the micro-site may set on a customer (registration comes with channels). */
export const customerInput = z.strictObject({
  customer_phone: customerPhone,
  customer_name: personName(50),
  customer_surname: personName(50),
  customer_email: z.email({ message: 'validation.format.email' }).min(6).max(265).nullable().optional(),
  customer_gender: customerGender.default('unknown'),
  customer_birthdate: isoDate,
  customer_address: multilineText().max(300).nullable().optional(),
  customer_province: optionalText(100),
  customer_district: optionalText(100),
  customer_locality: optionalText(100),
  customer_number_of_children: z.number().int().min(0).max(30).nullable().optional(),
  customer_frequency: customerFrequency.nullable().optional(),
  customer_vehicle_plate: vehiclePlate.nullable().optional(),
  customer_is_parent: z.boolean().nullable().optional(),
  channel_id: objectId.nullable().optional(),
  customer_favorite_region: optionalText(100),
  customer_favorite_category: optionalText(100),
});
export type CustomerInput = z.infer<typeof customerInput>;

/** POST /customer/profile/{id}/marketing-permissions. */
export const marketingPermission = z.strictObject({ type: consentType, value: z.boolean() });
export type MarketingPermission = z.infer<typeof marketingPermission>;

export const customerSortKeys = [
  'createdAt',
  'customer_name',
  'customer_surname',
  'customer_birthdate',
  'age',
  'customer_province',
] as const;
/** Which columns the keyword searches: all of them, or one kind. */
export const customerSearchType = z.enum(['all', 'name', 'phone', 'email']);
export type CustomerSearchType = z.infer<typeof customerSearchType>;

/** POST /customer/filter and /customer/smart-search: the list query with the segment filter. */
export const customerListQuery = listQuery({
  orderBy: z.enum(customerSortKeys),
  filter: segmentFilter,
}).extend({
  searchType: customerSearchType.optional(),
});
export type CustomerListQuery = z.infer<typeof customerListQuery>;

export const checkPhoneBody = z.strictObject({ customer_phone: customerPhone });
export const developerBody = z.strictObject({ value: z.boolean() });

/** Most ids /customer/count answers; the count itself is exact. */
export const CUSTOMER_IDS_CAP = 10_000;
/**
 * The customer list counts its pager up to this many matches and then says `totalCapped`: an exact
 * total of a broad segment reads every customer of the mall, while a page reads 25. The exact size
 * of a segment is /customer/count's answer; the whole segment is the export's.
 */
export const CUSTOMER_LIST_TOTAL_CAP = 10_000;
export const customerCountBody = z.strictObject({ filter: segmentFilter.optional() });
export const customerCount = z.object({
  count: z.number().int(),
  /** Up to CUSTOMER_IDS_CAP ids of the segment, in no particular order; `count` may be larger. */
  customer_ids: z.array(objectId),
});

/**
 * POST /customer/export: the same filter and keyword as the list; the answer is always the xlsx file
 * (`download` is accepted because the spec's client sends it).
 */
export const customerExportBody = z.strictObject({
  filter: segmentFilter.optional(),
  keyword: singleLineText().max(200).optional(),
  searchType: customerSearchType.optional(),
  download: z.boolean().optional(),
});
export type CustomerExportBody = z.infer<typeof customerExportBody>;
