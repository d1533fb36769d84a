import {
  foldLabel,
  formatIssue,
  type Language,
  STORE_IMPORT_ERROR_LIST_MAX,
  STORE_IMPORT_MAX_ROWS,
  type StoreImportCells,
  type StoreImportColumn,
  type StoreImportResult,
  type StoreImportRow,
  storeColumnLabels,
  storeImportHeaderMap,
  storeImportRequiredColumns,
  storeImportRow,
  storeImportSkippedHeaders,
  validationMessage,
} from '@avlu/contracts';
import { eq } from 'drizzle-orm';
import { type AuditRequest, audit } from '../../platform/audit';
import type { Database } from '../../platform/db/database';
import { nameKey, rethrowNameTaken } from '../../platform/db/unique-names';
import { readSpreadsheetUpload, spreadsheetInvalid } from '../../platform/excel/spreadsheet-upload';
import type { XlsxCell } from '../../platform/excel/xlsx-read';
import { storeCategories, stores } from './stores.tables';

export const STORE_IMPORT_FIELD = 'store_data';
/** Rows per insert: 12 columns × 500 stays far below PostgreSQL's 65,535 parameters. */
const BATCH = 500;

const fileInvalid = (lang: Language, key: string, params?: Record<string, string | number>) =>
  spreadsheetInvalid(STORE_IMPORT_FIELD, lang, key, params);

/** A cell as the row schema takes it: trimmed text, whole numbers without exponent (a phone typed as a number). */
const cellText = (value: XlsxCell): string | undefined => {
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value.trim() || undefined;
  if (typeof value === 'boolean') return String(value);
  return Number.isInteger(value) ? value.toFixed(0) : String(value);
};

const listed = (headers: readonly string[]) =>
  headers.length > 10 ? `${headers.slice(0, 10).join(', ')}…` : headers.join(', ');
const named = (columns: readonly StoreImportColumn[], lang: Language) =>
  columns.map((column) => `${storeColumnLabels[lang][column]} (${column})`).join(', ');

/** The header row as the column at each position; unknown, missing or repeated headers fail the file. */
const readHeader = (values: XlsxCell[], lang: Language) => {
  const positions = new Map<number, StoreImportColumn>();
  const seen = new Set<StoreImportColumn>();
  const unknown: string[] = [];
  const repeated: string[] = [];
  values.forEach((value, position) => {
    const text = cellText(value);
    if (text === undefined) return;
    const folded = foldLabel(text);
    const column = storeImportHeaderMap.get(folded);
    if (!column) {
      if (!storeImportSkippedHeaders.has(folded)) unknown.push(text);
      return;
    }
    if (seen.has(column)) repeated.push(text);
    seen.add(column);
    positions.set(position, column);
  });
  if (unknown.length > 0) throw fileInvalid(lang, 'importUnknownColumns', { columns: listed(unknown) });
  if (repeated.length > 0) throw fileInvalid(lang, 'importDuplicateColumns', { columns: listed(repeated) });
  const missing = storeImportRequiredColumns.filter((column) => !seen.has(column));
  if (missing.length > 0) throw fileInvalid(lang, 'importMissingColumns', { columns: named(missing, lang) });
  return positions;
};

type Checked = { row: StoreImportRow; number: number; categoryId: string };

/** The mall's categories by the key of either name, and its stores' name keys. */
const mallIndex = async (db: Database, locationId: string) => {
  const categories = new Map<string, string>();
  for (const row of await db
    .select()
    .from(storeCategories)
    .where(eq(storeCategories.location_id, locationId))) {
    categories.set(row.store_category_name_key, row._id);
    if (!categories.has(row.store_category_name_en_key))
      categories.set(row.store_category_name_en_key, row._id);
  }
  const names = new Set(
    (
      await db.select({ key: stores.store_name_key }).from(stores).where(eq(stores.location_id, locationId))
    ).map((row) => row.key),
  );
  return { categories, names };
};

/**
 * POST /data/stores/import: the rows of the first worksheet become stores of the mall. Each row is
 * checked with contracts' `storeImportRow` (the API's own messages, sheet row numbers), its category
 * looked up by its Turkish or English name, its name against earlier rows of the file and the
 * mall's stores (letter case and Turkish İ/ı aside, as `nameKey` compares). A file with any refused
 * row saves nothing; a clean one is saved in one transaction, so it is all or nothing.
 */
export const importStores = async (
  db: Database,
  data: Buffer,
  context: { locationId: string; lang: Language; request: AuditRequest },
): Promise<StoreImportResult> => {
  const { lang } = context;
  const index = await mallIndex(db, context.locationId);
  const errors: StoreImportResult['error_list'] = [];
  const errorRows: number[] = [];
  let errorCount = 0;
  const fail = (number: number, field: string | null, reason: string) => {
    if (errorRows.at(-1) !== number) errorRows.push(number);
    if (errorCount++ < STORE_IMPORT_ERROR_LIST_MAX) errors.push({ row: number, field, reason });
  };
  const firstRowOf = new Map<string, number>();
  const good: Checked[] = [];
  let header: Map<number, StoreImportColumn> | undefined;
  let dataRows = 0;
  const sheet = readSpreadsheetUpload(data, {
    field: STORE_IMPORT_FIELD,
    lang,
    maxDataRows: STORE_IMPORT_MAX_ROWS,
  });
  for await (const { number, cells: values } of sheet) {
    if (!header) {
      header = readHeader(values, lang);
      continue;
    }
    const cells: StoreImportCells = {};
    let empty = true;
    for (const [position, column] of header) {
      const text = cellText(values[position]);
      if (text === undefined) continue;
      cells[column] = text;
      empty = false;
    }
    if (empty) continue;
    dataRows++;
    const parsed = storeImportRow.safeParse(cells);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        fail(number, issue.path.map(String).join('.') || null, formatIssue(issue, lang));
      continue;
    }
    const row = parsed.data;
    let refused = false;
    const categoryId = index.categories.get(nameKey(row.store_category));
    if (!categoryId) {
      fail(
        number,
        'store_category',
        validationMessage(lang, 'storeCategoryUnknown', { name: row.store_category }) ?? '',
      );
      refused = true;
    }
    const key = nameKey(row.store_name);
    const earlier = firstRowOf.get(key);
    if (earlier !== undefined) {
      fail(number, 'store_name', validationMessage(lang, 'importNameRepeated', { row: earlier }) ?? '');
      refused = true;
    } else {
      firstRowOf.set(key, number);
      if (index.names.has(key)) {
        fail(number, 'store_name', validationMessage(lang, 'importNameExists') ?? '');
        refused = true;
      }
    }
    if (!refused) good.push({ row, number, categoryId: categoryId! });
  }
  if (!header)
    throw fileInvalid(lang, 'importMissingColumns', { columns: named(storeImportRequiredColumns, lang) });

  const saved = errorCount > 0 ? 0 : await saveStores(db, context.locationId, good);
  await audit(db, context.request, {
    action: 'store.imported',
    entity: 'location',
    entityId: context.locationId,
    details: { rows: dataRows, added_data: saved, errors: errorCount, refused_rows: errorRows.length },
  });
  return { added_data: saved, error_list: errors, error_count: errorCount, error_rows: errorRows };
};

const saveStores = (db: Database, locationId: string, rows: readonly Checked[]) =>
  db
    .transaction(async (tx) => {
      for (let start = 0; start < rows.length; start += BATCH)
        await tx.insert(stores).values(
          rows.slice(start, start + BATCH).map(({ row, categoryId }) => ({
            location_id: locationId,
            store_name: row.store_name,
            store_name_key: nameKey(row.store_name),
            store_category_id: categoryId,
            store_floor: row.store_floor,
            store_unit_no: row.store_unit_no ?? null,
            store_phone: row.store_phone ?? null,
            store_website: row.store_website ?? null,
            store_cms_id: row.store_cms_id ?? null,
            store_is_active: row.store_is_active,
          })),
        );
      return rows.length;
    })
    // A store of the same name saved meanwhile: the whole file is refused, as when it was there before.
    .catch(rethrowNameTaken({ stores_name_key: 'store_name' }));
