import { z } from 'zod';

/**
 * POST /customer/import (multipart, field `customer_data`): an xlsx whose first row names the
 * columns. A header cell may be the column key or its Turkish or English label (case and Turkish
 * letters folded); unknown headers are an error of the file, not of every row.
 */
export const customerImportColumns = [
  'customer_phone',
  'customer_name',
  'customer_surname',
  'customer_email',
  'customer_gender',
  'customer_birthdate',
  'customer_province',
  'customer_district',
  'customer_locality',
  'customer_address',
  'customer_number_of_children',
  'customer_vehicle_plate',
  'customer_sms_permission',
  'customer_email_permission',
  'customer_call_permission',
  'customer_kvkk_permission',
] as const;
export type CustomerImportColumn = (typeof customerImportColumns)[number];
/** Columns every file must have. */
export const customerImportRequiredColumns = [
  'customer_phone',
  'customer_name',
  'customer_surname',
] as const satisfies readonly CustomerImportColumn[];
/** Most data rows one file may hold. */
export const CUSTOMER_IMPORT_MAX_ROWS = 200_000;

/** One refused row: its row number in the sheet (the header is row 1), the column and why. */
export const customerImportError = z.object({
  row: z.number().int(),
  field: z.string().nullable(),
  reason: z.string(),
});
export type CustomerImportError = z.infer<typeof customerImportError>;

/** Spec §3 Customer import result. Good rows are saved even when others fail. */
export const customerImportResult = z.object({
  added_data: z.number().int(),
  already_exist: z.number().int(),
  error_list: z.array(customerImportError),
});
export type CustomerImportResult = z.infer<typeof customerImportResult>;
