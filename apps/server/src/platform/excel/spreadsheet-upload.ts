import { type Language, validationMessage } from '@avlu/contracts';
import { AppError } from '../errors';
import {
  DEFAULT_XLSX_LIMITS,
  readFirstSheet,
  XlsxFormatError,
  XlsxLimitError,
  type XlsxLimits,
  XlsxMalformedError,
  type XlsxRow,
} from './xlsx-read';

/**
 * Every spreadsheet upload (customers now; codes, receipts, lists, stores later) reads its file
 * here, so each gets the same limits and the same answers: the file is read as a stream within
 * caps on its inflated sheet and shared strings and on its rows, giving the event loop a turn
 * between chunks, and whatever is wrong with it (not an xlsx, malformed XML, a zip bomb, too many
 * rows) is a 400 IMPORT_FILE_INVALID naming the upload's field in the request's language, never a 500.
 *
 * Read the whole file before opening a transaction: a refused file then saves nothing and holds
 * no connection while it is read.
 */
export type SpreadsheetUpload = {
  /** The multipart field the file came in: the 400 names it. */
  field: string;
  lang: Language;
  /** Most data rows (every `<row>` after the header counts, empty ones and ones of unread columns too). */
  maxDataRows: number;
  /** Other caps than DEFAULT_XLSX_LIMITS' inflated bytes, where a kind of file needs them. */
  limits?: Partial<Pick<XlsxLimits, 'sheetBytes' | 'sharedStringsBytes'>>;
};

/** 400 IMPORT_FILE_INVALID naming `field`, its message from the validation catalogue. */
export const spreadsheetInvalid = (
  field: string,
  lang: Language,
  key: string,
  params?: Record<string, string | number>,
) =>
  new AppError('IMPORT_FILE_INVALID', 400, {
    fields: { [field]: validationMessage(lang, key, params) ?? key },
  });

/** An xlsx is a zip: anything else (a CSV, an old .xls, a renamed image) is refused before parsing. */
const isZip = (data: Buffer) =>
  data.length > 4 && data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04;

const MB = 1024 * 1024;

/** The first worksheet's rows of an uploaded xlsx (the header row first), or a 400 naming the field. */
export async function* readSpreadsheetUpload(
  data: Buffer,
  { field, lang, maxDataRows, limits }: SpreadsheetUpload,
): AsyncGenerator<XlsxRow> {
  if (!isZip(data)) throw spreadsheetInvalid(field, lang, 'importNotXlsx');
  const caps = { ...DEFAULT_XLSX_LIMITS, ...limits, rows: maxDataRows + 1 };
  try {
    yield* readFirstSheet(data, caps);
  } catch (error) {
    if (error instanceof XlsxLimitError)
      throw error.limit === 'rows'
        ? spreadsheetInvalid(field, lang, 'importTooManyRows', { maximum: maxDataRows })
        : spreadsheetInvalid(field, lang, 'importTooLarge', { maximum: Math.floor(error.maximum / MB) });
    if (error instanceof XlsxMalformedError) throw spreadsheetInvalid(field, lang, 'importMalformed');
    if (error instanceof XlsxFormatError) throw spreadsheetInvalid(field, lang, 'importNotXlsx');
    throw error;
  }
}
