import { z } from 'zod';
import { objectId } from '../common/ids';

/** Cities come in pages of this size by default; the client reads pages until a short one (spec §7). */
export const GEO_PAGE_SIZE = 100;
export const GEO_MAX_PAGE_SIZE = 1000;

/** `fields=name,district`: the fields to answer besides `_id`, from the ones the route offers. */
const fieldList = <const Field extends string>(fields: readonly [Field, ...Field[]]) =>
  z
    .string()
    .max(200)
    .transform((value) =>
      value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(fields)).min(1));

const paging = (defaultLimit: number | undefined) => ({
  skip: z.coerce.number().int().min(0).default(0),
  limit:
    defaultLimit === undefined
      ? z.coerce.number().int().min(1).max(GEO_MAX_PAGE_SIZE).optional()
      : z.coerce.number().int().min(1).max(GEO_MAX_PAGE_SIZE).default(defaultLimit),
});

export const cityFields = ['name'] as const;
export const townFields = ['name'] as const;
export const neighborhoodFields = ['name', 'district', 'zip_code'] as const;

export const cityQuery = z.strictObject({
  fields: fieldList(cityFields).optional(),
  ...paging(GEO_PAGE_SIZE),
});
export const townQuery = z.strictObject({ fields: fieldList(townFields).optional(), ...paging(undefined) });
export const neighborhoodQuery = z.strictObject({
  fields: fieldList(neighborhoodFields).optional(),
  ...paging(undefined),
});
export type GeoQuery = { fields?: readonly string[] | undefined; skip: number; limit?: number | undefined };

export const cityParams = z.strictObject({ cityId: objectId });
export const townParams = z.strictObject({ townId: objectId });

/** Spec §3 Address lookups. Every field but `_id` may be left out by `fields`. */
export const city = z.object({ _id: objectId, name: z.string().optional() });
export const town = z.object({ _id: objectId, name: z.string().optional() });
/** `district` is the town (ilçe) the neighbourhood lies in; `zip_code` its 5-digit postal code. */
export const neighborhood = z.object({
  _id: objectId,
  name: z.string().optional(),
  district: z.string().optional(),
  zip_code: z.string().optional(),
});
export type City = z.infer<typeof city>;
export type Town = z.infer<typeof town>;
export type Neighborhood = z.infer<typeof neighborhood>;
