import { foldLabel, type Language } from '@avlu/contracts';
import { readXlsxRows, type XlsxCell } from './xlsx';

const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const DAY = 86_400_000;
const FORMULA_START = /^'[=+\-@\t\r]/;

/**
 * A cell as the server's imports read it: a date cell is a day serial, whole numbers have no
 * exponent, and the quote prefix an export puts before formula-like text is taken off. `daySerial`
 * turns a day serial of a date column into yyyy-mm-dd, as that column's import does.
 */
export const importCellText = (cell: XlsxCell, daySerial = false): string | undefined => {
  if (cell === undefined || cell === null) return undefined;
  const value = cell instanceof Date ? (cell.getTime() - EXCEL_EPOCH) / DAY : cell;
  if (typeof value === 'string')
    return (FORMULA_START.test(value) ? value.slice(1) : value).trim() || undefined;
  if (typeof value === 'boolean') return String(value);
  if (daySerial && value > 0 && value < 2_958_466)
    return new Date(EXCEL_EPOCH + Math.floor(value) * DAY).toISOString().slice(0, 10);
  return Number.isInteger(value) ? value.toFixed(0) : String(value);
};

/** One refused row's error, as an import answers it. */
export type ImportReason = { field: string | null; reason: string };
/** What every spreadsheet import answers about the rows it refused. */
export type ImportErrors = {
  error_list: readonly (ImportReason & { row: number })[];
  error_count: number;
  error_rows: readonly number[];
};

/** How one import reads a file: its header words, a row's check by the contracts schema, its reason column. */
export type ImportReader<Column extends string> = {
  /** Header text (folded with `foldLabel`) → column. */
  headerMap: ReadonlyMap<string, Column>;
  /** The cells of one row by column, checked as the server checks them, worded in `language`. */
  check: (values: Partial<Record<Column, string>>, language: Language) => ImportReason[];
  /** Columns whose day serials are dates (yyyy-mm-dd), as the server reads them. */
  dateColumns?: ReadonlySet<Column>;
  /** The reason column's header; the server skips it, so the corrected file imports as it is. */
  reasonLabels: Record<Language, string>;
};

/**
 * The rows an import refused, as the user uploaded them: the file's header row and every refused
 * row's cells where they were (`error_rows`: all of them, though `error_list` may hold only the first
 * errors), then a reason column listing the row's errors ('Telefon: Geçerli bir telefon numarası
 * girin; Soyad: Bu alan zorunludur'). Reasons come from `error_list` where it holds all of a row's
 * errors, else from checking the row here with the contracts' schema, as the server did.
 */
export const refusedRowsSheet = async <Column extends string>(
  reader: ImportReader<Column>,
  file: Blob,
  result: ImportErrors,
  fieldName: (field: string | null) => string,
  language: Language,
  notListed: string,
): Promise<XlsxCell[][]> => {
  const listed = new Map<number, ImportReason[]>();
  for (const error of result.error_list) listed.set(error.row, [...(listed.get(error.row) ?? []), error]);
  // The list stopped in the middle of its last row's errors when it was cut.
  const lastListed = result.error_list.at(-1)?.row;
  if (lastListed !== undefined && result.error_count > result.error_list.length) listed.delete(lastListed);
  const refused = new Set(result.error_rows);
  // The server reads the first row of the sheet as the header, whatever its number.
  const rows = await readXlsxRows(file, (number, index) => index === 0 || refused.has(number));
  const [first, ...data] = rows;
  const header = new Map<number, Column>();
  first?.cells.forEach((cell, position) => {
    const column = typeof cell === 'string' ? reader.headerMap.get(foldLabel(cell)) : undefined;
    if (column) header.set(position, column);
  });
  const checkRow = (cells: readonly XlsxCell[]) => {
    const values: Partial<Record<Column, string>> = {};
    for (const [position, column] of header) {
      const text = importCellText(cells[position], reader.dateColumns?.has(column));
      if (text !== undefined) values[column] = text;
    }
    return reader.check(values, language);
  };
  const width = Math.max(first?.cells.length ?? 0, ...data.map((row) => row.cells.length));
  const withReason = (row: readonly XlsxCell[], reason: string) => [
    ...Array.from({ length: width }, (_, column) => row[column]),
    reason,
  ];
  const words = (reasons: readonly ImportReason[]) =>
    reasons
      .map((error) => (error.field ? `${fieldName(error.field)}: ${error.reason}` : error.reason))
      .join('; ');
  return [
    withReason(first?.cells ?? [], reader.reasonLabels[language]),
    ...data.map((row) => {
      const reasons = listed.get(row.number) ?? checkRow(row.cells);
      return withReason(row.cells, reasons.length > 0 ? words(reasons) : notListed);
    }),
  ];
};
