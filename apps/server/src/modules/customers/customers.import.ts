import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  type ConsentType,
  CUSTOMER_IMPORT_ERROR_LIST_MAX,
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
} from '@avlu/contracts';
import { sql } from 'drizzle-orm';
import { type AuditRequest, audit } from '../../platform/audit';
import { bulkInsert } from '../../platform/db/bulk-insert';
import type { Database } from '../../platform/db/database';
import { readSpreadsheetUpload, spreadsheetInvalid } from '../../platform/excel/spreadsheet-upload';
import { excelDay, type XlsxCell } from '../../platform/excel/xlsx-read';
import { newId } from '../../platform/ids';
import { recordInitialConsents } from './consents.service';
import { customers } from './customers.tables';

/**
 * Most rows per insert: 1,000 rows of ~20 columns stay far below PostgreSQL's 65,535 parameters while
 * making a 100,000-row file 100 statements.
 */
const BATCH = 1000;
/**
 * How long one save transaction should take. The embedded database runs each statement on the
 * server's own thread and a transaction holds its one connection, so a 1,000-row batch (about a
 * second on a busy machine, with the search index and consent history) kept every other request
 * waiting; batches are sized to take about this long instead.
 */
const BATCH_MS = 50;
const MIN_BATCH = 20;
const nextBatchSize = (rows: number, ms: number) =>
  Math.max(MIN_BATCH, Math.min(BATCH, Math.round((rows * BATCH_MS) / Math.max(ms, 1))));

const consentTypes = ['sms', 'email', 'call', 'kvkk'] as const satisfies readonly ConsentType[];

const FIELD = 'customer_data';
/** 400 IMPORT_FILE_INVALID naming the problem under `customer_data`, in the request's language. */
const fileInvalid = (lang: Language, key: string, params?: Record<string, string | number>) =>
  spreadsheetInvalid(FIELD, lang, key, params);

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

/** What checking a file found: its data rows, the phones repeated in it, and its errors. */
type FileCheck = {
  dataRows: number;
  goodRows: number;
  repeated: number;
  errors: CustomerImportError[];
  errorCount: number;
  errorRows: number[];
};

/**
 * The good rows of the file (the first row of each phone), read and checked through
 * readSpreadsheetUpload (limits, 400s naming `customer_data`), counting into `check` as it goes.
 * Only the first CUSTOMER_IMPORT_ERROR_LIST_MAX errors are kept with their reasons; every refused
 * row's number is kept.
 */
async function* goodRows(data: Buffer, lang: Language, check: FileCheck): AsyncGenerator<CustomerImportRow> {
  const phones = new Set<string>();
  let header: Map<number, CustomerImportColumn> | undefined;
  const sheet = readSpreadsheetUpload(data, { field: FIELD, lang, maxDataRows: CUSTOMER_IMPORT_MAX_ROWS });
  for await (const { number, cells: values } of sheet) {
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
    check.dataRows++;
    const parsed = customerImportRow.safeParse(cells);
    if (!parsed.success) {
      check.errorRows.push(number);
      for (const issue of parsed.error.issues) {
        if (check.errorCount++ >= CUSTOMER_IMPORT_ERROR_LIST_MAX) continue;
        check.errors.push({
          row: number,
          field: issue.path.map(String).join('.') || null,
          reason: formatIssue(issue, lang),
        });
      }
      continue;
    }
    if (phones.has(parsed.data.customer_phone)) {
      check.repeated++;
      continue;
    }
    phones.add(parsed.data.customer_phone);
    check.goodRows++;
    yield parsed.data;
  }
  if (!header)
    throw fileInvalid(lang, 'importMissingColumns', { columns: named(customerImportRequiredColumns, lang) });
}

const newCheck = (): FileCheck => ({
  dataRows: 0,
  goodRows: 0,
  repeated: 0,
  errors: [],
  errorCount: 0,
  errorRows: [],
});

/**
 * POST /customer/import: the rows of the first worksheet become customers of the mall. Each row is
 * checked with the contracts' row schema (reasons in the request's language, row numbers as in the
 * sheet); good rows are saved in multi-row inserts even when others fail; a phone the mall already
 * has, or one an earlier row of the file had, counts as already existing, so importing the same file
 * again adds nothing.
 *
 * The whole file is read and checked first, with no transaction open: a file-level problem (not an
 * xlsx, over a limit, missing columns, too many rows) saves nothing. The good rows are then read
 * again and saved a
 * batch per short transaction with a turn of the event loop between, so other requests (on the
 * embedded database, whose one connection a transaction holds) are answered while a large file
 * saves; should the database fail half-way, importing the file again adds the rest and counts the
 * saved rows as existing. Granted consents get history rows with source 'import', the staff user
 * and their address.
 */
export const importCustomers = async (
  db: Database,
  data: Buffer,
  context: ImportContext,
): Promise<CustomerImportResult> => {
  // First the whole file is read and checked, keeping nothing but the counts and errors.
  const file = newCheck();
  for await (const _ of goodRows(data, context.lang, file));
  // Then read again (the same rows: reading is deterministic) and saved; holding 200,000 checked
  // rows between the two would cost hundreds of megabytes per import.
  const now = new Date();
  let added = 0;
  // The first batch is small: how long a row takes is not known yet.
  let size = MIN_BATCH * 5;
  let batch: CustomerImportRow[] = [];
  const save = async () => {
    const began = performance.now();
    added += await db.transaction((tx) => saveBatch(tx, batch, context, now));
    size = nextBatchSize(batch.length, performance.now() - began);
    batch = [];
    await nextTurn();
  };
  for await (const row of goodRows(data, context.lang, newCheck())) {
    batch.push(row);
    if (batch.length >= size) await save();
  }
  if (batch.length > 0) await save();
  const result: CustomerImportResult = {
    added_data: added,
    already_exist: file.goodRows - added + file.repeated,
    error_list: file.errors,
    error_count: file.errorCount,
    error_rows: file.errorRows,
  };
  await audit(db, context.request, {
    action: 'customer.imported',
    entity: 'location',
    entityId: context.locationId,
    details: {
      rows: file.dataRows,
      added_data: result.added_data,
      already_exist: result.already_exist,
      errors: file.errorCount,
      refused_rows: file.errorRows.length,
    },
  });
  return result;
};
