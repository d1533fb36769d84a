import {
  type CustomerImportColumn,
  type CustomerImportResult,
  customerImportHeaderMap,
  customerImportReasonLabels,
  customerImportRow,
  foldLabel,
  formatIssue,
  type Language,
} from '@avlu/contracts';
import { readXlsxRows, type XlsxCell } from '../../lib/excel/xlsx';

const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const DAY = 86_400_000;
const FORMULA_START = /^'[=+\-@\t\r]/;

/**
 * A cell as the server reads it for `customerImportRow` (customers.import.ts `cellText`): a date
 * cell is a day serial, a birth date serial becomes yyyy-mm-dd, whole numbers have no exponent, and
 * the quote prefix an export puts before formula-like text is taken off.
 */
const cellText = (cell: XlsxCell, column: CustomerImportColumn): string | undefined => {
  if (cell === undefined || cell === null) return undefined;
  const value = cell instanceof Date ? (cell.getTime() - EXCEL_EPOCH) / DAY : cell;
  if (typeof value === 'string')
    return (FORMULA_START.test(value) ? value.slice(1) : value).trim() || undefined;
  if (typeof value === 'boolean') return String(value);
  if (column === 'customer_birthdate' && value > 0 && value < 2_958_466)
    return new Date(EXCEL_EPOCH + Math.floor(value) * DAY).toISOString().slice(0, 10);
  return Number.isInteger(value) ? value.toFixed(0) : String(value);
};

type Reason = { field: string | null; reason: string };

/** A row's errors by the same contracts schema the server checked it with, in `language`. */
const checkRow = (
  cells: readonly XlsxCell[],
  header: ReadonlyMap<number, CustomerImportColumn>,
  language: Language,
): Reason[] => {
  const values: Partial<Record<CustomerImportColumn, string>> = {};
  for (const [position, column] of header) {
    const text = cellText(cells[position], column);
    if (text !== undefined) values[column] = text;
  }
  const parsed = customerImportRow.safeParse(values);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({
        field: issue.path.map(String).join('.') || null,
        reason: formatIssue(issue, language),
      }));
};

/**
 * The rows an import refused, as the user uploaded them: the file's header row and every refused
 * row's cells where they were (`error_rows`: all of them, though `error_list` holds only the first
 * 1,000 errors), then a reason column listing the row's errors ('Telefon: Geçerli bir telefon
 * numarası girin; Soyad: Bu alan zorunludur'). Reasons come from `error_list` where it holds all of
 * a row's errors, else from checking the row here with the contracts' schema, as the server did.
 * The server skips the reason column, so the corrected file imports as it is.
 */
export const refusedRowsSheet = async (
  file: Blob,
  result: CustomerImportResult,
  fieldName: (field: string | null) => string,
  language: Language,
  notListed: string,
): Promise<XlsxCell[][]> => {
  const listed = new Map<number, Reason[]>();
  for (const error of result.error_list) listed.set(error.row, [...(listed.get(error.row) ?? []), error]);
  // The list stopped in the middle of its last row's errors when it was cut.
  const lastListed = result.error_list.at(-1)?.row;
  if (lastListed !== undefined && result.error_count > result.error_list.length) listed.delete(lastListed);
  const refused = new Set(result.error_rows);
  // The server reads the first row of the sheet as the header, whatever its number.
  const rows = await readXlsxRows(file, (number, index) => index === 0 || refused.has(number));
  const [first, ...data] = rows;
  const header = new Map<number, CustomerImportColumn>();
  first?.cells.forEach((cell, position) => {
    const column = typeof cell === 'string' ? customerImportHeaderMap.get(foldLabel(cell)) : undefined;
    if (column) header.set(position, column);
  });
  const width = Math.max(first?.cells.length ?? 0, ...data.map((row) => row.cells.length));
  const withReason = (row: readonly XlsxCell[], reason: string) => [
    ...Array.from({ length: width }, (_, column) => row[column]),
    reason,
  ];
  const words = (reasons: readonly Reason[]) =>
    reasons
      .map((error) => (error.field ? `${fieldName(error.field)}: ${error.reason}` : error.reason))
      .join('; ');
  return [
    withReason(first?.cells ?? [], customerImportReasonLabels[language]),
    ...data.map((row) => {
      const reasons = listed.get(row.number) ?? checkRow(row.cells, header, language);
      return withReason(row.cells, reasons.length > 0 ? words(reasons) : notListed);
    }),
  ];
};
