import { type EventEmitter, once } from 'node:events';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { neutraliseFormula, startsFormula } from './formula-cells';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type XlsxCellValue = string | number | boolean | Date | null | undefined;

/** A column as the writer sees it; modules declare theirs with `sendExport` (xlsx-export.ts). */
export type XlsxColumn<Row> = {
  header: string;
  /**
   * The cell of a row; a Date is written as a date cell, null/undefined as an empty one. Text that
   * would start a formula is neutralised here for every export (see formula-cells.ts).
   */
  value: (row: Row) => XlsxCellValue;
  /**
   * The cells' number format (a date's, a text's); one object per column, see PLAIN below, or a
   * function choosing one of a few shared objects by row (a report's money row among counts).
   */
  style?: Partial<ExcelJS.Style> | ((row: Row) => Partial<ExcelJS.Style>);
  width?: number;
};

export type XlsxSheet<Row> = {
  sheetName: string;
  columns: readonly XlsxColumn<Row>[];
  rows: AsyncIterable<Row> | Iterable<Row>;
};

export type XlsxDownload<Row> = XlsxSheet<Row> & {
  /** The download's name; non-ASCII letters are kept in `filename*` and replaced in the plain fallback. */
  filename: string;
  /** Sheets after the first, each with its own rows, written one after the other. */
  // biome-ignore lint/suspicious/noExplicitAny: each sheet has its own row type
  moreSheets?: readonly XlsxSheet<any>[] | undefined;
};

/** Past this many bytes waiting in the reply stream the writer waits: memory stays flat on long exports. */
const HIGH_WATER = 1024 * 1024;

/** `attachment` with an ASCII fallback name and the exact UTF-8 name (RFC 6266), so 'Danışma.xlsx' survives. */
export const contentDisposition = (filename: string) => {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  // RFC 5987 allows fewer bare characters than encodeURIComponent leaves: ' ( ) * are encoded too.
  const exact = encodeURIComponent(filename).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${exact}`;
};

type EntryStream = EventEmitter & { _writableState?: { length: number } };

/**
 * The zip entry the sheet's rows are compressed from. exceljs writes the rows into it without
 * waiting (its StreamBuf ignores backpressure), so a source faster than the compressor piled the
 * whole uncompressed sheet up in memory (about 800 MB at a million customers); the writer waits for
 * this stream to drain as it does for the reply.
 */
const zipEntry = (sheet: unknown): EntryStream | undefined =>
  (sheet as { stream?: { pipes?: EntryStream[] } }).stream?.pipes?.[0];

/**
 * Cell styles, one object each: exceljs looks a style up by its object, so a shared object costs
 * nothing per cell while a fresh `{}` per cell doubles the time of an export.
 */
const PLAIN: Partial<ExcelJS.Style> = {};
const DATE: Partial<ExcelJS.Style> = { numFmt: 'mm-dd-yy' };
/** The text format: Excel and LibreOffice keep an edited cell as text, never a formula or a number. */
export const TEXT_STYLE: Partial<ExcelJS.Style> = { numFmt: '@' };

/** Writes the workbook into `stream` row by row; rows are committed as they come, never held together. */
const writeWorkbook = async <Row>(stream: PassThrough, download: XlsxDownload<Row>) => {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    // Shared strings would keep every distinct text in memory until the end; inline strings do not.
    useSharedStrings: false,
  });
  for (const sheet of [download, ...(download.moreSheets ?? [])]) await writeSheet(workbook, stream, sheet);
  await workbook.commit();
};

/** One sheet of the workbook, its rows committed as they come. */
const writeSheet = async <Row>(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  stream: PassThrough,
  download: XlsxSheet<Row>,
) => {
  // The header row stays in view while the rows scroll.
  const sheet = workbook.addWorksheet(download.sheetName.slice(0, 31), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = download.columns.map((column, index) => ({
    header: column.header,
    key: String(index),
    width: column.width ?? 20,
  }));
  sheet.getRow(1).font = { bold: true };
  const { columns } = download;
  const styles = columns.map((column) => column.style ?? PLAIN);
  // One array each for every row: exceljs copies the values into its cells.
  const values: XlsxCellValue[] = new Array(columns.length);
  const rowStyles: Partial<ExcelJS.Style>[] = new Array(columns.length);
  for await (const row of download.rows) {
    for (let index = 0; index < columns.length; index++) {
      let value = columns[index]!.value(row);
      const columnStyle = styles[index]!;
      let style = typeof columnStyle === 'function' ? columnStyle(row) : columnStyle;
      if (value === null) value = undefined;
      else if (typeof value === 'string' && startsFormula(value)) {
        value = neutraliseFormula(value);
        style = TEXT_STYLE;
      } else if (value instanceof Date) style = DATE;
      values[index] = value;
      rowStyles[index] = style;
    }
    const written = sheet.addRow(values);
    for (let index = 0; index < columns.length; index++)
      if (values[index] !== undefined) written.getCell(index + 1).style = rowStyles[index]!;
    written.commit();
    if (stream.writableLength > HIGH_WATER) await once(stream, 'drain');
    const entry = zipEntry(sheet);
    if (entry && (entry._writableState?.length ?? 0) > HIGH_WATER) await once(entry, 'drain');
  }
  sheet.commit();
};

/**
 * Streams an xlsx download as the reply. Headers go out before the first row, so a failure half-way
 * can only cut the download short (the client sees a broken file, logged here), not turn into an error
 * answer; callers check what they can (the record exists, the filter is valid) before calling this.
 */
export const sendXlsx = <Row>(reply: FastifyReply, download: XlsxDownload<Row>) => {
  const stream = new PassThrough();
  writeWorkbook(stream, download).catch((error: unknown) => {
    reply.log.error({ err: error }, 'xlsx export failed');
    stream.destroy(error as Error);
  });
  return reply
    .header('content-type', XLSX_CONTENT_TYPE)
    .header('content-disposition', contentDisposition(download.filename))
    .send(stream);
};
