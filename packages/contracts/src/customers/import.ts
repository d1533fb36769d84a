import { z } from 'zod';
import { isoDate, multilineText, personName, singleLineText } from '../common/text';
import { yesNoLabels } from '../i18n/labels';
import type { Language } from '../i18n/languages';
import {
  type customerFrequencies,
  customerFrequency,
  customerGender,
  type customerGenders,
} from './customer';
import {
  customerColumnAliases,
  customerColumnLabels,
  customerExportOnlyAliases,
  customerExportOnlyLabels,
  customerFrequencyLabels,
  customerGenderLabels,
} from './labels';
import { customerPhone } from './phone';
import { vehiclePlate } from './vehicle-plate';

/**
 * POST /customer/import (multipart, field `customer_data`): an xlsx whose first row names the
 * columns. A header cell may be the column key or its Turkish or English label (case, spaces,
 * punctuation and Turkish letters folded). The read-only columns of the customer export are skipped,
 * so an exported file imports again; any other unknown header is an error of the file.
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
  'customer_frequency',
  'customer_vehicle_plate',
  'customer_is_parent',
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
/** Largest file accepted (a 100,000-row file with every column is about 10 MB). */
export const CUSTOMER_IMPORT_MAX_BYTES = 30 * 1024 * 1024;

const TURKISH: Record<string, string> = {
  İ: 'i',
  I: 'i',
  ı: 'i',
  Ş: 's',
  ş: 's',
  Ğ: 'g',
  ğ: 'g',
  Ü: 'u',
  ü: 'u',
  Ö: 'o',
  ö: 'o',
  Ç: 'c',
  ç: 'c',
};

/** A header or a word as compared: Turkish letters to ASCII, lower case, only letters and digits kept. */
export const foldLabel = (text: string): string =>
  text
    .replace(/[İIıŞşĞğÜüÖöÇç]/g, (letter) => TURKISH[letter] ?? letter)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

const wordMap = <T extends string>(entries: Record<T, readonly string[]>) => {
  const map = new Map<string, T>();
  for (const [value, words] of Object.entries(entries) as [T, readonly string[]][])
    for (const word of [value, ...words]) map.set(foldLabel(word), value);
  return map;
};

/** Header text → column, for the keys, both languages' labels and earlier headers. */
export const customerImportHeaderMap: ReadonlyMap<string, CustomerImportColumn> = wordMap(
  Object.fromEntries(
    customerImportColumns.map((column) => [
      column,
      [
        column,
        customerColumnLabels.tr[column],
        customerColumnLabels.en[column],
        ...(customerColumnAliases[column] ?? []),
      ],
    ]),
  ) as Record<CustomerImportColumn, string[]>,
);
/**
 * The header of the reason column the web app adds after a file's own columns when it gives back
 * the rows an import refused; the import skips it, so the corrected file imports as it is.
 */
export const customerImportReasonLabels: Record<Language, string> = {
  tr: 'Aktarım hatası',
  en: 'Import error',
};
/** Headers skipped without complaint (the export's read-only columns, the refused rows' reasons), folded. */
export const customerImportSkippedHeaders: ReadonlySet<string> = new Set(
  [
    ...customerExportOnlyAliases,
    ...Object.values(customerExportOnlyLabels.tr),
    ...Object.values(customerExportOnlyLabels.en),
    ...Object.values(customerImportReasonLabels),
  ].map(foldLabel),
);

/** Each value's words in both languages (as the export writes them), and the other ways sheets write it. */
const labelWords = <T extends string>(
  labels: Record<Language, Record<T, string>>,
  others: Record<T, readonly string[]>,
) =>
  wordMap(
    Object.fromEntries(
      (Object.keys(others) as T[]).map((value): [T, string[]] => [
        value,
        [labels.tr[value], labels.en[value], ...others[value]],
      ]),
    ) as Record<T, string[]>,
  );

const flagWords = labelWords(
  {
    tr: { true: yesNoLabels.tr.yes, false: yesNoLabels.tr.no },
    en: { true: yesNoLabels.en.yes, false: yesNoLabels.en.no },
  },
  { true: ['1', 'e', 'y', 'var', 'x'], false: ['0', 'h', 'n', 'yok'] },
);
const genderWords = labelWords<(typeof customerGenders)[number]>(customerGenderLabels, {
  male: ['e', 'm', 'bay'],
  female: ['k', 'f', 'bayan'],
  unknown: [
    'belirtmek istemiyor',
    'belirtmek istemiyorum',
    'bilinmiyor',
    'prefer not to say',
    'diğer',
    'other',
  ],
});
const frequencyWords = labelWords<(typeof customerFrequencies)[number]>(customerFrequencyLabels, {
  first_visit: [],
  several_per_year: ['several per year'],
  once_a_month: [],
  once_a_week: [],
});

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
const fromWords = <T extends string>(words: ReadonlyMap<string, T>, schema: z.ZodType<T>) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? (words.get(foldLabel(value)) ?? value) : value),
    schema,
  );

/** evet/hayır, yes/no, 1/0, true/false. */
export const importFlag = z.preprocess(
  (value) => (typeof value === 'string' ? (flagWords.get(foldLabel(value)) ?? value) : value),
  z.enum(['true', 'false'], { message: 'validation.importFlag' }).transform((value) => value === 'true'),
);

const DAY_MONTH_YEAR = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/;
/** yyyy-mm-dd, or dd.mm.yyyy / dd/mm/yyyy as Turkish sheets write it; the server turns date cells into yyyy-mm-dd. */
const importDate = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  const match = DAY_MONTH_YEAR.exec(value);
  return match ? `${match[3]}-${match[2]!.padStart(2, '0')}-${match[1]!.padStart(2, '0')}` : value;
}, isoDate());

const text = (max: number) => singleLineText().max(max);

/**
 * One data row of an import, every cell given as trimmed text (empty cells left out). Issues are
 * worded by `formatIssue`, so a refused row says what the API would say about the same value.
 */
export const customerImportRow = z.object({
  customer_phone: z.preprocess((value) => value ?? '', customerPhone),
  customer_name: z.preprocess((value) => value ?? '', personName(50)),
  customer_surname: z.preprocess((value) => value ?? '', personName(50)),
  customer_email: optional(z.email({ message: 'validation.format.email' }).min(6).max(265)),
  customer_gender: optional(fromWords(genderWords, customerGender)).transform((value) => value ?? 'unknown'),
  customer_birthdate: optional(importDate),
  customer_province: optional(text(100)),
  customer_district: optional(text(100)),
  customer_locality: optional(text(100)),
  customer_address: optional(multilineText().max(300)),
  customer_number_of_children: optional(z.coerce.number().int().min(0).max(30)),
  customer_frequency: optional(fromWords(frequencyWords, customerFrequency)),
  customer_vehicle_plate: optional(vehiclePlate),
  customer_is_parent: optional(importFlag),
  customer_sms_permission: optional(importFlag),
  customer_email_permission: optional(importFlag),
  customer_call_permission: optional(importFlag),
  customer_kvkk_permission: optional(importFlag),
} satisfies Record<CustomerImportColumn, z.ZodType>);
export type CustomerImportRow = z.output<typeof customerImportRow>;
/** The cells of one row by column, as `customerImportRow` takes them. */
export type CustomerImportCells = Partial<Record<CustomerImportColumn, string>>;

/** One refused row: its row number in the sheet (the header is row 1), the column and why. */
export const customerImportError = z.object({
  row: z.number().int(),
  field: z.string().nullable(),
  reason: z.string(),
});
export type CustomerImportError = z.infer<typeof customerImportError>;

/** At most this many errors are listed in an import's answer; `error_count` says how many there were. */
export const CUSTOMER_IMPORT_ERROR_LIST_MAX = 1000;

/**
 * Spec §3 Customer import result. Good rows are saved even when others fail. `error_list` holds the
 * first CUSTOMER_IMPORT_ERROR_LIST_MAX errors (a file of 200,000 bad rows would otherwise answer
 * 100 MB); `error_count` is the number of all of them and `error_rows` the sheet row number of every
 * refused row, so the web app still gives back a file of all the refused rows.
 */
export const customerImportResult = z.object({
  added_data: z.number().int(),
  already_exist: z.number().int(),
  error_list: z.array(customerImportError).max(CUSTOMER_IMPORT_ERROR_LIST_MAX),
  error_count: z.number().int(),
  error_rows: z.array(z.number().int()),
});
export type CustomerImportResult = z.infer<typeof customerImportResult>;
