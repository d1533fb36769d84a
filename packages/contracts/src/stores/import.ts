import { z } from 'zod';
import { requiredText, singleLineText } from '../common/text';
import { customerImportError, customerImportReasonLabels, foldLabel, importFlag } from '../customers/import';
import { customerPhone } from '../customers/phone';
import { storeColumnAliases, storeColumnLabels } from './labels';
import { webAddress } from './store';

/**
 * POST /data/stores/import (multipart, field `store_data`): an xlsx whose first row names the columns
 * in either language (or by key), as the store export writes them. The category is named by its
 * Turkish or English name. A file with any refused row saves nothing, so fixing the file and
 * uploading it again is always the whole of it.
 */
export const storeImportColumns = [
  'store_name',
  'store_category',
  'store_floor',
  'store_unit_no',
  'store_phone',
  'store_website',
  'store_cms_id',
  'store_is_active',
] as const;
export type StoreImportColumn = (typeof storeImportColumns)[number];
export const storeImportRequiredColumns = [
  'store_name',
  'store_category',
  'store_floor',
] as const satisfies readonly StoreImportColumn[];
/** Most data rows one file may hold: a mall has hundreds of stores, not thousands. */
export const STORE_IMPORT_MAX_ROWS = 5000;
export const STORE_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** At most this many errors are listed; `error_count` says how many there were. */
export const STORE_IMPORT_ERROR_LIST_MAX = 1000;

/** Header text (folded) → column: keys, both languages' labels, aliases. */
export const storeImportHeaderMap: ReadonlyMap<string, StoreImportColumn> = new Map(
  storeImportColumns.flatMap((column) =>
    [
      column,
      storeColumnLabels.tr[column],
      storeColumnLabels.en[column],
      ...(storeColumnAliases[column] ?? []),
    ].map((word) => [foldLabel(word), column] as const),
  ),
);
/** Headers skipped without complaint: the reason column of the refused rows the web app gives back. */
export const storeImportSkippedHeaders: ReadonlySet<string> = new Set(
  Object.values(customerImportReasonLabels).map(foldLabel),
);

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
const required = <T extends z.ZodType>(schema: T) => z.preprocess((value) => value ?? '', schema);

/** One data row, every cell as trimmed text (empty cells left out), worded by `formatIssue`. */
export const storeImportRow = z.object({
  store_name: required(requiredText(120)),
  store_category: required(requiredText(80)),
  store_floor: required(requiredText(30)),
  store_unit_no: optional(singleLineText().max(20)),
  store_phone: optional(customerPhone),
  store_website: optional(webAddress),
  store_cms_id: optional(singleLineText().max(64)),
  store_is_active: optional(importFlag).transform((value) => value ?? true),
} satisfies Record<StoreImportColumn, z.ZodType>);
export type StoreImportRow = z.output<typeof storeImportRow>;
export type StoreImportCells = Partial<Record<StoreImportColumn, string>>;

/**
 * The answer of a store import: `added_data` stores saved (0 whenever a row was refused: nothing is
 * half-saved), and the refused rows as the customer import lists them.
 */
export const storeImportResult = z.object({
  added_data: z.number().int(),
  error_list: z.array(customerImportError).max(STORE_IMPORT_ERROR_LIST_MAX),
  error_count: z.number().int(),
  error_rows: z.array(z.number().int()),
});
export type StoreImportResult = z.infer<typeof storeImportResult>;
