import { z } from 'zod';
import { storedImageUrl } from '../common/files';
import { objectId } from '../common/ids';
import { isoDate, multilineText, personName, singleLineText } from '../common/text';
import { email, password } from './password';

export const genders = ['male', 'female', 'unknown'] as const;
export const gender = z.enum(genders);

/** A mall as an admin's profile lists it (spec §3 admin_locations). */
export const adminLocation = z.object({
  _id: objectId,
  location_name: z.string(),
  location_logo: z.object({ thumbnail: z.string().nullable() }),
});
export type AdminLocation = z.infer<typeof adminLocation>;

/** GET /core/admin/profile and the rows of GET /core/admin (spec §3 Admin user). */
export const adminProfile = z.object({
  _id: objectId,
  admin_name: z.string(),
  admin_surname: z.string(),
  admin_gender: gender.nullable(),
  admin_phone_number: z.string().nullable(),
  admin_birthday: z.iso.date().nullable(),
  admin_address: z.string().nullable(),
  admin_profile_photo: z.string().nullable(),
  admin_email: z.string(),
  admin_role_id: objectId,
  admin_role_name: z.string(),
  admin_locations: z.array(adminLocation),
});
export type AdminProfile = z.infer<typeof adminProfile>;

/** PUT /core/admin/profile: what a user may change of their own account. */
export const profileUpdate = z.strictObject({
  admin_name: personName(120),
  admin_surname: personName(120),
  admin_gender: gender.nullable().optional(),
  admin_phone_number: singleLineText().max(32).nullable().optional(),
  admin_birthday: isoDate().nullable().optional(),
  admin_address: multilineText().max(300).nullable().optional(),
  admin_profile_photo: storedImageUrl.nullable().optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdate>;

/** POST /core/admin (/user/new): a user created by staff with a first password. */
export const adminCreate = z.strictObject({
  admin_email: email,
  admin_name: personName(120),
  admin_surname: personName(120),
  admin_password: password,
  admin_role_id: objectId,
  admin_location_ids: z.array(objectId).min(1).max(500),
});
export type AdminCreate = z.infer<typeof adminCreate>;

/** PUT /core/admin/{id} (/user/{name}/edit). */
export const adminUpdate = z.strictObject({
  admin_name: personName(120),
  admin_surname: personName(120),
  admin_role_id: objectId,
  admin_location_ids: z.array(objectId).min(1).max(500),
});
export type AdminUpdate = z.infer<typeof adminUpdate>;
