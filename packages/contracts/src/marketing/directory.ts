import { z } from 'zod';
import { storedImageUrl } from '../common/files';
import { objectId } from '../common/ids';
import { listSearchParams, queryFlag } from '../common/list-query';
import { isoDate, multilineText, requiredText, singleLineText } from '../common/text';
import { webAddress } from '../stores/store';

const blankIsNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(blankIsNull, schema.nullable()).default(null);
/** `showAll=true` answers every row as one array (pickers); otherwise one page of the list answer. */
const showAll = queryFlag;

// ——— Mobile pages (spec §3 Mobile page, §7 `/marketing/mobile-pages`) ———

/** main/general, or detail (which takes a value: the record the page shows). */
export const mobilePageTypes = ['main', 'detail'] as const;
export type MobilePageType = (typeof mobilePageTypes)[number];
export const mobilePageType = z.enum(mobilePageTypes, { message: 'validation.required' });

/** `POST /marketing/mobile-pages` (title, name, type) and `PUT …/{id}`; title and name unique per mall. */
export const mobilePageInput = z.strictObject({
  mobile_page_title: requiredText(100),
  mobile_page_name: requiredText(100),
  mobile_page_type: mobilePageType,
  mobile_page_redirect_page: optional(singleLineText().max(500)),
  mobile_page_redirect_value: optional(singleLineText().max(500)),
});
export type MobilePageInput = z.input<typeof mobilePageInput>;
export type MobilePageValues = z.output<typeof mobilePageInput>;

export const mobilePage = z.object({
  _id: objectId,
  mobile_page_title: z.string(),
  mobile_page_name: z.string(),
  mobile_page_type: z.enum(mobilePageTypes),
  mobile_page_redirect_page: z.string().nullable(),
  mobile_page_redirect_value: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MobilePage = z.infer<typeof mobilePage>;

export const mobilePageSortKeys = [
  'mobile_page_title',
  'mobile_page_name',
  'mobile_page_type',
  'createdAt',
] as const;
export type MobilePageSortKey = (typeof mobilePageSortKeys)[number];

/** `GET /marketing/mobile-pages` (showAll, limit, currentPage, keyword, order, orderBy). */
export const mobilePageListQuery = listSearchParams({
  orderBy: z.enum(mobilePageSortKeys),
  filter: { showAll },
});

// ——— Events and promotions (`GET /data/events`, `GET /data/promotions`) ———

/**
 * The mall's events and promotions: a small directory like the stores (issue 16 #1), managed under
 * Ayarlar, which a NEWSLETTER email lists. Both kinds have the same fields; the paths say which.
 */
export const postKinds = ['event', 'promotion'] as const;
export type PostKind = (typeof postKinds)[number];

export const mallPostInput = z
  .strictObject({
    post_title: requiredText(120),
    post_description: optional(multilineText().max(2000)),
    post_start_date: isoDate(),
    post_end_date: isoDate(),
    post_image: optional(storedImageUrl),
    post_link: optional(webAddress),
    post_is_active: z.boolean().default(true),
  })
  .superRefine(
    (values, context) => {
      if (values === null || typeof values !== 'object') return;
      const failed = new Set(context.issues.map((issue) => String(issue.path?.[0])));
      if (failed.has('post_start_date') || failed.has('post_end_date')) return;
      if (
        typeof values.post_start_date === 'string' &&
        typeof values.post_end_date === 'string' &&
        values.post_end_date < values.post_start_date
      )
        context.addIssue({
          code: 'custom',
          path: ['post_end_date'],
          message: 'validation.dateRangeReversed',
        });
    },
    { when: () => true },
  );
export type MallPostInput = z.input<typeof mallPostInput>;
export type MallPostValues = z.output<typeof mallPostInput>;

export const mallPost = z.object({
  _id: objectId,
  post_kind: z.enum(postKinds),
  post_title: z.string(),
  post_description: z.string().nullable(),
  post_start_date: z.string(),
  post_end_date: z.string(),
  post_image: z.string().nullable(),
  post_link: z.string().nullable(),
  post_is_active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MallPost = z.infer<typeof mallPost>;

export const mallPostSortKeys = ['post_title', 'post_start_date', 'post_end_date', 'createdAt'] as const;
export type MallPostSortKey = (typeof mallPostSortKeys)[number];

/**
 * `GET /data/events`, `GET /data/promotions`: every one with showAll=true (the newsletter's pickers;
 * `post_is_active` and `current=true`, not ended by the mall's today, narrow it), else one page;
 * the newest start first.
 */
export const mallPostListQuery = listSearchParams({
  orderBy: z.enum(mallPostSortKeys),
  filter: { showAll, post_is_active: queryFlag, current: queryFlag },
});
