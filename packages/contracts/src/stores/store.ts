import { z } from 'zod';
import { storedImageUrl } from '../common/files';
import { objectId } from '../common/ids';
import { listQuery, listSearchParams, queryFlag } from '../common/list-query';
import { requiredText, safeUrl, singleLineText } from '../common/text';
import { customerPhone } from '../customers/phone';

/**
 * The mall's store directory (issue 13 #1): store categories and stores. The spec reads them
 * (`GET /data/stores`, `GET /data/categories`, the micro-site's `GET /ext/data/stores`); the system
 * admin manages them under Ayarlar. Campaigns, coupon providers, receipts, point providers and
 * reservation areas refer to these stores.
 */

/** A store category, in Turkish and English; `store_count` is how many stores of the mall it holds. */
export const storeCategory = z.object({
  _id: objectId,
  store_category_name: z.string(),
  store_category_name_en: z.string(),
  store_count: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StoreCategory = z.infer<typeof storeCategory>;

/** A new or changed category; a left-out English name is the Turkish one. */
export const storeCategoryInput = z.strictObject({
  store_category_name: requiredText(80),
  store_category_name_en: singleLineText().max(80).optional(),
});
export type StoreCategoryInput = z.input<typeof storeCategoryInput>;

/** An http or https address (a store's web site): `javascript:` and the like are refused. */
export const webAddress = safeUrl()
  .max(2048)
  .refine((value) => /^https?:\/\//i.test(value), { message: 'validation.httpUrl' });

/** A store of the mall's directory, with its category's names for lists and pickers. */
export const store = z.object({
  _id: objectId,
  store_name: z.string(),
  store_category_id: objectId,
  store_category_name: z.string(),
  store_category_name_en: z.string(),
  store_floor: z.string(),
  store_unit_no: z.string().nullable(),
  /** E.164 (`+902123456789`); shown with `displayPhone`. */
  store_phone: z.string().nullable(),
  store_logo: z.string().nullable(),
  store_website: z.string().nullable(),
  store_cms_id: z.string().nullable(),
  store_is_active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Store = z.infer<typeof store>;

const blankIsNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);
const optionalText = (max: number) =>
  z.preprocess(blankIsNull, singleLineText().max(max).nullable()).default(null);

/**
 * A new or changed store. The phone is read as customer phones are (a Turkish number in any
 * writing, stored E.164); an empty optional field is none.
 */
export const storeInput = z.strictObject({
  store_name: requiredText(120),
  store_category_id: objectId,
  store_floor: requiredText(30),
  store_unit_no: optionalText(20),
  store_phone: z.preprocess(blankIsNull, customerPhone.nullable()).default(null),
  store_logo: z.preprocess(blankIsNull, storedImageUrl.nullable()).default(null),
  store_website: z.preprocess(blankIsNull, webAddress.nullable()).default(null),
  store_cms_id: optionalText(64),
  store_is_active: z.boolean().default(true),
});
export type StoreInput = z.input<typeof storeInput>;
export type StoreValues = z.output<typeof storeInput>;

/** `showAll=true` answers every row as one array (pickers); otherwise one page of the list answer. */
const showAll = queryFlag;
const flag = queryFlag;

export const storeSortKeys = [
  'store_name',
  'store_category_name',
  'store_floor',
  'store_unit_no',
  'store_is_active',
  'createdAt',
] as const;
export type StoreSortKey = (typeof storeSortKeys)[number];

/** GET /data/stores: pickers (`showAll=true`, optionally only active ones or one category) and pages. */
export const storeListQuery = listSearchParams({
  orderBy: z.enum(storeSortKeys),
  filter: { showAll, store_category_id: objectId.optional(), store_is_active: flag },
});

/** The store list's filters (POST /data/stores/filter, and the export). */
export const storeFilter = z.strictObject({
  store_category_id: objectId.optional(),
  store_is_active: z.boolean().optional(),
});
export type StoreFilter = z.infer<typeof storeFilter>;
export const storeFilterQuery = listQuery({ orderBy: z.enum(storeSortKeys), filter: storeFilter });
export type StoreFilterQuery = z.input<typeof storeFilterQuery>;

/** POST /data/stores/export: the list's keyword, filters and order; every matching store. */
export const storeExportBody = z.strictObject({
  keyword: singleLineText().max(200).optional(),
  order: z.enum(['asc', 'desc']).optional(),
  orderBy: z.enum(storeSortKeys).optional(),
  filter: storeFilter.optional(),
});
export type StoreExportBody = z.input<typeof storeExportBody>;

export const storeCategorySortKeys = ['store_category_name', 'store_category_name_en', 'createdAt'] as const;
export const storeCategoryListQuery = listSearchParams({
  orderBy: z.enum(storeCategorySortKeys),
  filter: { showAll },
});

/**
 * GET /ext/data/stores: one store of the directory on the customers' phones, the mall's active
 * stores only. No internal fields beyond the id a receipt upload names its store by.
 */
export const microSiteStore = z.object({
  _id: objectId,
  store_name: z.string(),
  store_category_name: z.string(),
  store_category_name_en: z.string(),
  store_floor: z.string(),
  store_unit_no: z.string().nullable(),
  store_phone: z.string().nullable(),
  store_logo: z.string().nullable(),
  store_website: z.string().nullable(),
});
export type MicroSiteStore = z.infer<typeof microSiteStore>;
