import { displayPhone, type Language, yesNoLabels } from '@avlu/contracts';
import type ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { zoneOffset } from '../time-zones';
import { sendXlsx, TEXT_STYLE, type XlsxCellValue, type XlsxColumn } from './xlsx-stream';

/**
 * Every module's spreadsheet export: a module declares its columns by what their values are, and
 * this writes them as people read them, the same way in every file:
 *
 * - headers and enum values in the request's language (the labels come from contracts, where the
 *   import reads the same words back),
 * - flags as Evet/Hayır (Yes/No),
 * - dates and date-times as Excel date cells, a date-time in the mall's time zone, formatted as the
 *   back-office shows them (spec §9: 'dd MMMM yyyy', 'DD-MM-YYYY HH:mm'),
 * - phones as the back-office shows them (`0532 890 61 24`),
 * - text that would start a formula neutralised (xlsx-stream.ts).
 *
 * Each value is converted with what its column prepared once (the language's words, the zone's
 * offsets), so a million-row export allocates nothing per cell beyond the cell itself.
 */
export type Labels = Readonly<Record<Language, string>>;

type Value<Row, T> = (row: Row) => T | null | undefined;
/** What a column holds and how it is read from a row. */
export type ExportValue<Row> =
  | { kind: 'text' | 'phone'; value: Value<Row, string>; width?: number }
  /** `format`: an Excel number format ('#,##0', '#,##0.00 ₺'), for the column or chosen by row. */
  | { kind: 'number'; value: Value<Row, number>; width?: number; format?: string | ((row: Row) => string) }
  | { kind: 'boolean'; value: Value<Row, boolean>; width?: number }
  /** One of a set of values, written as its label in the request's language. */
  | {
      kind: 'enum';
      value: Value<Row, string>;
      labels: Readonly<Record<Language, Readonly<Record<string, string>>>>;
      width?: number;
    }
  /** A calendar date as yyyy-mm-dd (a birth date): no time zone. */
  | { kind: 'date'; value: Value<Row, string>; width?: number }
  /** An instant, shown at the wall-clock time of the mall. */
  | { kind: 'datetime'; value: Value<Row, Date>; width?: number };
export type ExportColumn<Row> = { header: Labels } & ExportValue<Row>;

/** A header's words in every language, from a contracts label table (`customerColumnLabels`…). */
export const labelsOf = <Key extends string>(
  table: Readonly<Record<Language, Readonly<Record<Key, string>>>>,
  key: Key,
): Labels => ({ tr: table.tr[key], en: table.en[key] });

export type ExportSheet<Row> = {
  sheetName: Labels;
  columns: readonly ExportColumn<Row>[];
  rows: AsyncIterable<Row> | Iterable<Row>;
};

export type ExportDownload<Row> = {
  filename: string;
  sheetName: Labels;
  /** Sheets after the first (a survey's counts after its answers), written the same way. */
  // biome-ignore lint/suspicious/noExplicitAny: each sheet has its own row type
  moreSheets?: readonly ExportSheet<any>[];
  lang: Language;
  /** The mall's time zone (location_meta.timezone): date-times are written at its wall-clock time. */
  timezone: string;
  columns: readonly ExportColumn<Row>[];
  rows: AsyncIterable<Row> | Iterable<Row>;
};

/**
 * Excel's number formats for the spec's two date formats; the locale tag makes Excel and
 * LibreOffice write month names in the file's language, whatever the reader's own.
 */
const dateStyles: Record<Language, Partial<ExcelJS.Style>> = {
  tr: { numFmt: '[$-41F]dd mmmm yyyy' },
  en: { numFmt: '[$-809]dd mmmm yyyy' },
};
const DATE_TIME: Partial<ExcelJS.Style> = { numFmt: 'dd-mm-yyyy hh:mm' };

const DAY_MS = 86_400_000;
/** Day 0 of Excel's 1900 date system is 1899-12-30; 1970-01-01 is day 25,569. */
const UNIX_EPOCH_DAY = 25_569;
/** yyyy-mm-dd as an Excel day number; anything else is written as the text it is. */
const excelDate = (day: string): number | string => {
  const ms = Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
  return Number.isFinite(ms) ? ms / DAY_MS + UNIX_EPOCH_DAY : day;
};

type Cell<Row> = Pick<XlsxColumn<Row>, 'value' | 'style'>;

const cellOf = <Row>(
  column: ExportColumn<Row>,
  lang: Language,
  offset: (ms: number) => number,
): Cell<Row> => {
  switch (column.kind) {
    case 'text':
      return { value: column.value };
    case 'number': {
      const { format } = column;
      if (format === undefined) return { value: column.value };
      if (typeof format === 'string') return { value: column.value, style: { numFmt: format } };
      // One style object per format, shared by every cell using it.
      const styles = new Map<string, Partial<ExcelJS.Style>>();
      return {
        value: column.value,
        style: (row) => {
          const numFmt = format(row);
          let style = styles.get(numFmt);
          if (!style) {
            style = { numFmt };
            styles.set(numFmt, style);
          }
          return style;
        },
      };
    }
    case 'phone': {
      const { value } = column;
      return {
        value: (row) => {
          const phone = value(row);
          return phone ? displayPhone(phone) : undefined;
        },
        style: TEXT_STYLE,
      };
    }
    case 'boolean': {
      const { value } = column;
      const { yes, no } = yesNoLabels[lang];
      return {
        value: (row) => {
          const flag = value(row);
          return flag === null || flag === undefined ? undefined : flag ? yes : no;
        },
      };
    }
    case 'enum': {
      const { value } = column;
      const labels = column.labels[lang];
      return {
        value: (row) => {
          const key = value(row);
          return key === null || key === undefined ? undefined : (labels[key] ?? key);
        },
      };
    }
    case 'date': {
      const { value } = column;
      return {
        value: (row) => {
          const day = value(row);
          return day ? excelDate(day) : undefined;
        },
        style: dateStyles[lang],
      };
    }
    case 'datetime': {
      const { value } = column;
      return {
        value: (row): XlsxCellValue => {
          const at = value(row);
          if (!at) return undefined;
          const ms = at.getTime();
          return (ms + offset(ms)) / DAY_MS + UNIX_EPOCH_DAY;
        },
        style: DATE_TIME,
      };
    }
  }
};

/** Streams the rows as an xlsx download, each column written as its kind says (see above). */
export const sendExport = <Row>(reply: FastifyReply, download: ExportDownload<Row>) => {
  const { lang } = download;
  const offset = zoneOffset(download.timezone);
  // biome-ignore lint/suspicious/noExplicitAny: each sheet has its own row type
  const sheetOf = (sheet: ExportSheet<any>) => ({
    sheetName: sheet.sheetName[lang],
    columns: sheet.columns.map((column) => ({
      header: column.header[lang],
      width: column.width,
      ...cellOf(column, lang, offset),
    })),
    rows: sheet.rows,
  });
  return sendXlsx(reply, {
    filename: download.filename,
    ...sheetOf(download),
    moreSheets: download.moreSheets?.map(sheetOf),
  });
};
