import {
  type ConsentType,
  CUSTOMER_IMPORT_MAX_ROWS,
  type CustomerImportCells,
  type CustomerImportColumn,
  type CustomerImportError,
  type CustomerImportResult,
  type CustomerImportRow,
  customerColumnLabels,
  customerImportColumns,
  customerImportHeaderMap,
  customerImportRequiredColumns,
  customerImportRow,
  customerImportSkippedHeaders,
  foldLabel,
  formatIssue,
  type Language,
  validationMessage,
} from '@avlu/contracts';
import { sql } from 'drizzle-orm';
import { type AuditRequest, audit } from '../../platform/audit';
import { bulkInsert } from '../../platform/db/bulk-insert';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { excelDay, readFirstSheet, type XlsxCell, XlsxFormatError } from '../../platform/excel/xlsx-read';
import { newId } from '../../platform/ids';
import { recordInitialConsents } from './consents.service';
import { customers } from './customers.tables';

/**
 * Rows per insert: 1,000 rows of ~20 columns stay far below PostgreSQL's 65,535 parameters while
 * making a 100,000-row file 100 statements.
 */
const BATCH = 1000;

const consentTypes = ['sms', 'email', 'call', 'kvkk'] as const satisfies readonly ConsentType[];

/** 400 IMPORT_FILE_INVALID naming the problem under `customer_data`, in the request's language. */
const fileInvalid = (lang: Language, key: string, params?: Record<string, string | number>) =>
  new AppError('IMPORT_FILE_INVALID', 400, {
    fields: { customer_data: validationMessage(lang, key, params) ?? key },
  });

/** An xlsx is a zip: anything else (a CSV, an old .xls, a renamed image) is refused before parsing. */
const isZip = (data: Buffer) =>
  data.length > 4 && data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04;

/**
 * A cell as text, as `customerImportRow` takes it: whole numbers without exponent (a phone typed as a
 * number), a date cell of the birth-date column (a day serial) as yyyy-mm-dd. Empty cells are undefined.
 */
const cellText = (value: XlsxCell, column: CustomerImportColumn): string | undefined => {
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value.trim() || undefined;
  if (typeof value === 'boolean') return String(value);
  if (column === 'customer_birthdate' && value > 0 && value < 2_958_466) return excelDay(value);
  return Number.isInteger(value) ? value.toFixed(0) : String(value);
};

/** At most ten of a file's headers, so a sheet of thousands of columns does not become the message. */
const listed = (headers: readonly string[]) =>
  headers.length > 10 ? `${headers.slice(0, 10).join(', ')}…` : headers.join(', ');
/** Columns by their label in the request's language and their key: 'Soyad (customer_surname)'. */
const named = (columns: readonly CustomerImportColumn[], lang: Language) =>
  columns.map((column) => `${customerColumnLabels[lang][column]} (${column})`).join(', ');

/** The header row as the column at each sheet position; unknown, missing or repeated headers fail the file. */
const readHeader = (values: XlsxCell[], lang: Language) => {
  const positions = new Map<number, CustomerImportColumn>();
  const seen = new Set<CustomerImportColumn>();
  const unknown: string[] = [];
  const repeated: string[] = [];
  values.forEach((value, position) => {
    const text = cellText(value, 'customer_name');
    if (text === undefined) return;
    const folded = foldLabel(text);
    const column = customerImportHeaderMap.get(folded);
    if (!column) {
      if (!customerImportSkippedHeaders.has(folded)) unknown.push(text);
      return;
    }
    if (seen.has(column)) repeated.push(text);
    seen.add(column);
    positions.set(position, column);
  });
  if (unknown.length > 0) throw fileInvalid(lang, 'importUnknownColumns', { columns: listed(unknown) });
  if (repeated.length > 0) throw fileInvalid(lang, 'importDuplicateColumns', { columns: listed(repeated) });
  const missing = customerImportRequiredColumns.filter((column) => !seen.has(column));
  if (missing.length > 0) throw fileInvalid(lang, 'importMissingColumns', { columns: named(missing, lang) });
  return positions;
};

export type ImportContext = {
  locationId: string;
  lang: Language;
  request: AuditRequest;
};

type ConsentColumn = `customer_${(typeof consentTypes)[number]}_permission`;
type ProfileColumn = Exclude<CustomerImportColumn, ConsentColumn>;
const consentColumnNames = new Set<CustomerImportColumn>(
  consentTypes.map((type): ConsentColumn => `customer_${type}_permission`),
);
/** The import's columns saved as they are; the consent columns also get an approval date and history. */
const profileColumns = customerImportColumns.filter(
  (column): column is ProfileColumn => !consentColumnNames.has(column),
) satisfies readonly (keyof CustomerImportRow & keyof typeof customers)[];

/** Saves one batch in one statement; answers how many rows were new (the rest matched a phone of the mall). */
const saveBatch = async (
  tx: Database,
  rows: readonly CustomerImportRow[],
  context: ImportContext,
  now: Date,
) => {
  if (rows.length === 0) return 0;
  const at = now.toISOString();
  const consentColumns = consentTypes.flatMap((type) => {
    const granted = rows.map((row) => row[`customer_${type}_permission`] === true);
    return [
      { column: customers[`customer_${type}_permission`], values: granted },
      {
        column: customers[`customer_${type}_permission_date`],
        values: granted.map((on) => (on ? at : null)),
      },
    ];
  });
  const { rows: inserted } = (await tx.execute(
    sql`${bulkInsert(customers, [
      { column: customers._id, values: rows.map(() => newId()) },
      { column: customers.location_id, value: context.locationId },
      ...profileColumns.map((key) => ({
        column: customers[key],
        values: rows.map((row) => row[key] ?? null),
      })),
      ...consentColumns,
    ])} on conflict do nothing returning ${sql.identifier(customers._id.name)} as "_id", ${sql.identifier(customers.customer_phone.name)} as "phone"`,
  )) as unknown as { rows: { _id: string; phone: string }[] };
  // A phone the mall already has (a live or a deleted, not yet erased customer) was left as it is.
  const byPhone = new Map(rows.map((row) => [row.customer_phone, row]));
  const grants = inserted.flatMap(({ _id, phone }) => {
    const values = byPhone.get(phone);
    return consentTypes
      .filter((type) => values?.[`customer_${type}_permission`] === true)
      .map((type) => ({ customerId: _id, type }));
  });
  await recordInitialConsents(tx, grants, {
    source: 'import',
    staffAdminId: context.request.staff?._id ?? null,
    clientAddress: context.request.ip,
    at: now,
  });
  return inserted.length;
};

/** The first worksheet's rows; a file that is no workbook is refused under `customer_data`. */
async function* sheetRows(data: Buffer, lang: Language) {
  try {
    yield* readFirstSheet(data);
  } catch (error) {
    if (error instanceof XlsxFormatError) throw fileInvalid(lang, 'importNotXlsx');
    throw error;
  }
}

/**
 * POST /customer/import: the rows of the first worksheet become customers of the mall. Each row is
 * checked with the contracts' row schema (reasons in the request's language, row numbers as in the
 * sheet); good rows are saved in multi-row inserts even when others fail; a phone the mall already
 * has, or one an earlier row of the file had, counts as already existing, so importing the same file
 * again adds nothing. A file-level problem (not an xlsx, missing columns, too many rows) saves
 * nothing: the whole import is one transaction. Granted consents get history rows with source
 * 'import', the staff user and their address.
 */
export const importCustomers = async (
  db: Database,
  data: Buffer,
  context: ImportContext,
): Promise<CustomerImportResult> => {
  const { lang } = context;
  if (!isZip(data)) throw fileInvalid(lang, 'importNotXlsx');
  return db.transaction(async (tx) => {
    const now = new Date();
    const errors: CustomerImportError[] = [];
    const phones = new Set<string>();
    let header: Map<number, CustomerImportColumn> | undefined;
    let batch: CustomerImportRow[] = [];
    let rows = 0;
    let added = 0;
    let repeated = 0;
    let saving: Promise<void> = Promise.resolve();
    try {
      for await (const { number, cells: values } of sheetRows(data, lang)) {
        if (!header) {
          header = readHeader(values, lang);
          continue;
        }
        const cells: CustomerImportCells = {};
        let empty = true;
        for (const [position, column] of header) {
          const text = cellText(values[position], column);
          if (text === undefined) continue;
          cells[column] = text;
          empty = false;
        }
        if (empty) continue;
        if (++rows > CUSTOMER_IMPORT_MAX_ROWS)
          throw fileInvalid(lang, 'importTooManyRows', { maximum: CUSTOMER_IMPORT_MAX_ROWS });
        const parsed = customerImportRow.safeParse(cells);
        if (!parsed.success) {
          for (const issue of parsed.error.issues)
            errors.push({
              row: number,
              field: issue.path.map(String).join('.') || null,
              reason: formatIssue(issue, lang),
            });
          continue;
        }
        if (phones.has(parsed.data.customer_phone)) {
          repeated++;
          continue;
        }
        phones.add(parsed.data.customer_phone);
        batch.push(parsed.data);
        if (batch.length >= BATCH) {
          // One batch in flight: the next is read and checked while the database saves this one.
          await saving;
          saving = saveBatch(tx, batch, context, now).then((count) => {
            added += count;
          });
          saving.catch(() => undefined); // awaited above or below; this only keeps it from counting as unhandled
          batch = [];
        }
      }
    } catch (error) {
      // Let a save in flight finish before the transaction rolls back.
      await saving.catch(() => undefined);
      throw error;
    }
    if (!header)
      throw fileInvalid(lang, 'importMissingColumns', {
        columns: named(customerImportRequiredColumns, lang),
      });
    await saving;
    added += await saveBatch(tx, batch, context, now);
    const result = { added_data: added, already_exist: phones.size - added + repeated, error_list: errors };
    await audit(tx, context.request, {
      action: 'customer.imported',
      entity: 'location',
      entityId: context.locationId,
      details: {
        rows,
        added_data: result.added_data,
        already_exist: result.already_exist,
        errors: errors.length,
      },
    });
    return result;
  });
};
