import { setImmediate as nextTurn } from 'node:timers/promises';
import { createInflateRaw } from 'node:zlib';
import { restoreNeutralised } from './formula-cells';

/**
 * Reads the rows of an xlsx file's first worksheet, streaming: the sheet's XML is inflated and
 * scanned a chunk at a time, so a 100,000-row file never exists as a DOM or as one string.
 *
 * exceljs's WorkbookReader does the same job about ten times slower (11 s for 100,000 rows of 16
 * columns, a budget of its own), so imports read with this small scanner over the file's zip
 * directory, node:zlib and a few regular expressions. It reads what spreadsheet programs write:
 * shared, inline and rich strings, numbers, booleans, formula results, error cells. It does not read
 * styles, so a date cell comes as its day serial number (see `excelDay`).
 */

export type XlsxCell = string | number | boolean | undefined;
export type XlsxRow = { number: number; cells: XlsxCell[] };

/** The file is not a readable xlsx workbook (not a zip, no sheet, malformed XML). */
export class XlsxFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'XlsxFormatError';
  }
}

/** The zip is a workbook but its XML is malformed (a reference to no character, a NUL, a bad cell reference). */
export class XlsxMalformedError extends XlsxFormatError {
  constructor(message: string) {
    super(message);
    this.name = 'XlsxMalformedError';
  }
}

/** The workbook is readable but over one of the reader's limits (a zip bomb, too many rows). */
export class XlsxLimitError extends Error {
  constructor(
    readonly limit: keyof XlsxLimits,
    readonly maximum: number,
  ) {
    super(`over ${limit} (${maximum})`);
    this.name = 'XlsxLimitError';
  }
}

/**
 * What one read may cost, whatever the file claims: a 3 MB zip can inflate to gigabytes, and rows
 * can be empty or hold cells nobody reads. Every limit is counted as the file is read, so a bomb is
 * refused after at most these many bytes, never after inflating all of it.
 */
export type XlsxLimits = {
  /** Inflated bytes of the worksheet's XML. */
  sheetBytes: number;
  /** Inflated bytes of the shared strings (held in memory while the sheet is read). */
  sharedStringsBytes: number;
  /** `<row>` elements of the sheet, every one: the header, empty ones and ones of unread columns too. */
  rows: number;
};

export const DEFAULT_XLSX_LIMITS: XlsxLimits = {
  // A 100,000-row customer file with every column is about 70 MB of sheet XML.
  sheetBytes: 256 * 1024 * 1024,
  sharedStringsBytes: 64 * 1024 * 1024,
  rows: 1_048_576,
};

/** The workbook and its relationships name the sheets: kilobytes in any real file. */
const MAX_SMALL_PART_BYTES = 4 * 1024 * 1024;
/** Excel's own sheet size: 1,048,576 rows, 16,384 columns (XFD). */
const MAX_ROW_NUMBER = 1_048_576;
const MAX_COLUMNS = 16_384;

type ZipEntry = { name: string; method: number; compressedSize: number; offset: number };

/** The zip's central directory, found from its end record (files over 4 GB, zip64, are not expected). */
const zipEntries = (data: Buffer): Map<string, ZipEntry> => {
  const end = data.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0 || end + 22 > data.length) throw new XlsxFormatError('no zip directory');
  const count = data.readUInt16LE(end + 10);
  let position = data.readUInt32LE(end + 16);
  const entries = new Map<string, ZipEntry>();
  for (let index = 0; index < count; index++) {
    if (position + 46 > data.length || data.readUInt32LE(position) !== 0x02014b50)
      throw new XlsxFormatError('broken zip directory');
    const nameLength = data.readUInt16LE(position + 28);
    const extraLength = data.readUInt16LE(position + 30);
    const commentLength = data.readUInt16LE(position + 32);
    const name = data.toString('utf8', position + 46, position + 46 + nameLength);
    entries.set(name, {
      name,
      method: data.readUInt16LE(position + 10),
      compressedSize: data.readUInt32LE(position + 20),
      offset: data.readUInt32LE(position + 42),
    });
    position += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
};

/** The stored bytes of an entry, after its local header. */
const rawBytes = (data: Buffer, entry: ZipEntry) => {
  const header = entry.offset;
  if (header + 30 > data.length || data.readUInt32LE(header) !== 0x04034b50)
    throw new XlsxFormatError('broken zip entry');
  const start = header + 30 + data.readUInt16LE(header + 26) + data.readUInt16LE(header + 28);
  if (start + entry.compressedSize > data.length) throw new XlsxFormatError('truncated zip entry');
  return data.subarray(start, start + entry.compressedSize);
};

const inflateMethod = (entry: ZipEntry) => {
  if (entry.method !== 0 && entry.method !== 8) throw new XlsxFormatError('unsupported compression');
};

/** One row or shared string may not outgrow this while its end is awaited (one endless cell). */
const MAX_ROW_CHARS = 16 * 1024 * 1024;

/**
 * An entry's text a chunk at a time; multi-byte letters split between chunks are kept whole. Stops
 * with XlsxLimitError past `maxBytes` inflated bytes, and gives the event loop a turn after every
 * chunk, so other requests are answered while a large file is read.
 */
async function* entryChunks(
  data: Buffer,
  entry: ZipEntry,
  maxBytes: number,
  limit: keyof XlsxLimits | undefined,
): AsyncGenerator<string> {
  inflateMethod(entry);
  const bytes = rawBytes(data, entry);
  const decoder = new TextDecoder('utf-8');
  const over = () => (limit ? new XlsxLimitError(limit, maxBytes) : new XlsxFormatError('part too large'));
  if (entry.method === 0) {
    if (bytes.length > maxBytes) throw over();
    yield decoder.decode(bytes);
    return;
  }
  const inflate = createInflateRaw({ chunkSize: 256 * 1024 });
  inflate.end(bytes);
  let total = 0;
  try {
    for await (const chunk of inflate) {
      total += (chunk as Buffer).length;
      if (total > maxBytes) throw over();
      yield decoder.decode(chunk as Buffer, { stream: true });
      await nextTurn();
    }
  } catch (error) {
    if (error instanceof XlsxLimitError || error instanceof XlsxFormatError) throw error;
    throw new XlsxFormatError('broken compressed data');
  } finally {
    inflate.destroy();
  }
  yield decoder.decode();
}

const entryText = async (data: Buffer, entry: ZipEntry) => {
  let text = '';
  for await (const chunk of entryChunks(data, entry, MAX_SMALL_PART_BYTES, undefined)) text += chunk;
  return text;
};

const ENTITY = /&(?:#x([0-9a-fA-F]+)|#(\d+)|(amp|lt|gt|quot|apos));/g;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
/** XML 1.0's Char: a reference to anything else (`&#0;`, `&#x110000;`, a lone surrogate) is malformed XML. */
const isXmlChar = (code: number) =>
  code === 0x9 ||
  code === 0xa ||
  code === 0xd ||
  (code >= 0x20 && code <= 0xd7ff) ||
  (code >= 0xe000 && code <= 0xfffd) ||
  (code >= 0x10000 && code <= 0x10ffff);
const reference = (digits: string, radix: number) => {
  const code = digits.length > 8 ? -1 : Number.parseInt(digits, radix);
  if (!isXmlChar(code)) throw new XlsxMalformedError('character reference to no character');
  return String.fromCodePoint(code);
};

/**
 * XML text with its entities and Excel's _xHHHH_ escapes decoded. Malformed XML throws
 * XlsxFormatError (the caller's 400), never a RangeError; a NUL, which no database text column
 * takes, is malformed here whichever way it came.
 */
const decodeText = (text: string) => {
  const decoded = text.includes('&')
    ? text.replace(ENTITY, (_, hex: string, decimal: string, name: string) =>
        hex ? reference(hex, 16) : decimal ? reference(decimal, 10) : (NAMED[name] ?? ''),
      )
    : text;
  const unescaped = decoded.includes('_x')
    ? decoded.replace(/_x([0-9a-fA-F]{4})_/g, (_, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      )
    : decoded;
  if (unescaped.includes('\0')) throw new XlsxMalformedError('NUL in text');
  return unescaped;
};

const TEXT_RUN = /<t(?:\s[^>]*)?>([^<]*)<\/t>/g;
/** The text of a shared or inline string: its one <t>, or its rich-text runs joined (phonetic runs left out). */
const stringText = (xml: string) => {
  const open = xml.indexOf('<t');
  const close = xml.indexOf('</t>');
  // The common case, one plain <t>: no regular expression needed.
  if (open >= 0 && close > open && xml.indexOf('<t', open + 2) < 0) {
    const start = xml.indexOf('>', open) + 1;
    return decodeText(xml.slice(start, close));
  }
  let text = '';
  for (const match of xml.replace(/<rPh\b[\s\S]*?<\/rPh>/g, '').matchAll(TEXT_RUN)) text += match[1];
  return decodeText(text);
};

/**
 * The text of `chunks` in pieces that each end with a whole `</name>` element, the rest kept for
 * the next chunk. The unfinished rest is held as its chunks and joined once its end arrives
 * (appending and searching the whole rest at every chunk cost quadratic time on a long element);
 * an element longer than MAX_ROW_CHARS is malformed.
 */
async function* wholeElements(chunks: AsyncIterable<string>, name: string): AsyncGenerator<string> {
  const close = `</${name}>`;
  let pending: string[] = [];
  let size = 0;
  for await (const chunk of chunks) {
    // A closing tag may begin in the previous chunk.
    const tail = pending.length > 0 ? pending.at(-1)!.slice(-(close.length - 1)) : '';
    const at = (tail + chunk).lastIndexOf(close);
    if (at < 0) {
      pending.push(chunk);
      size += chunk.length;
      if (size > MAX_ROW_CHARS) throw new XlsxMalformedError(`${name} too large`);
      continue;
    }
    const cut = at + close.length - tail.length;
    const complete = pending.join('') + chunk.slice(0, cut);
    pending = [chunk.slice(cut)];
    size = pending[0]!.length;
    yield complete;
  }
  yield pending.join('');
}

/** The shared strings, read a chunk at a time within their limit. */
const sharedStrings = async (data: Buffer, entry: ZipEntry, maxBytes: number) => {
  const strings: string[] = [];
  for await (const xml of wholeElements(entryChunks(data, entry, maxBytes, 'sharedStringsBytes'), 'si'))
    for (const [, inner] of elements(xml, 'si')) strings.push(stringText(inner ?? ''));
  return strings;
};

/** An attribute's value from a tag's attribute text (` r="A2" t="s"`); names are matched whole. */
const attribute = (attributes: string, name: string) => {
  const key = ` ${name}="`;
  const start = attributes.indexOf(key);
  if (start < 0) return undefined;
  const from = start + key.length;
  return attributes.slice(from, attributes.indexOf('"', from));
};

/** The first worksheet's part name, by the workbook's sheet order and its relationships. */
const firstSheetName = async (data: Buffer, entries: Map<string, ZipEntry>) => {
  const workbook = entries.get('xl/workbook.xml');
  const rels = entries.get('xl/_rels/workbook.xml.rels');
  if (workbook && rels) {
    const sheet = /<sheet\b([^>]*)\/?>/.exec(await entryText(data, workbook))?.[1];
    const id = sheet && /\br:id="([^"]*)"/.exec(sheet)?.[1];
    if (id) {
      for (const match of (await entryText(data, rels)).matchAll(/<Relationship\b([^>]*)\/?>/g)) {
        if (attribute(match[1]!, 'Id') !== id) continue;
        const target = attribute(match[1]!, 'Target') ?? '';
        return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
      }
    }
  }
  return [...entries.keys()].filter((name) => /^xl\/worksheets\/[^/]+\.xml$/.test(name)).sort()[0];
};

/** 'A' → 0, 'AB' → 27. */
const columnIndex = (reference: string) => {
  let index = 0;
  for (let position = 0; position < reference.length; position++) {
    const code = reference.charCodeAt(position);
    if (code < 65 || code > 90) break;
    index = index * 26 + (code - 64);
  }
  return index - 1;
};

/**
 * Each element `<name …/>` or `<name …>…</name>` in `xml`, as its attribute text and its inner text
 * (undefined when self-closed). Scanned with indexOf: lazy regular expressions over a row's kilobyte
 * cost seconds per 100,000 rows.
 */
function* elements(xml: string, name: string): Generator<[attributes: string, inner: string | undefined]> {
  const open = `<${name}`;
  const close = `</${name}>`;
  let position = xml.indexOf(open);
  while (position >= 0) {
    const after = xml.charCodeAt(position + open.length);
    const tagEnd = xml.indexOf('>', position);
    if (tagEnd < 0) return;
    // '<c' must not match '<col…': the name ends with a space, '>' or '/'.
    if (after !== 32 && after !== 62 && after !== 47 && after !== 9 && after !== 10 && after !== 13) {
      position = xml.indexOf(open, position + 1);
      continue;
    }
    if (xml.charCodeAt(tagEnd - 1) === 47) {
      yield [xml.slice(position + open.length, tagEnd - 1), undefined];
      position = xml.indexOf(open, tagEnd);
      continue;
    }
    const end = xml.indexOf(close, tagEnd);
    if (end < 0) return;
    yield [xml.slice(position + open.length, tagEnd), xml.slice(tagEnd + 1, end)];
    position = xml.indexOf(open, end + close.length);
  }
}

const vText = (inner: string) => {
  const start = inner.indexOf('<v>');
  if (start < 0) return undefined;
  const end = inner.indexOf('</v>', start);
  return end < 0 ? undefined : inner.slice(start + 3, end);
};

/** A cell's value, with the quote prefix our exports put before formula-like text taken off again. */
const cellValue = (attributes: string, inner: string | undefined, shared: readonly string[]): XlsxCell => {
  const value = rawCellValue(attributes, inner, shared);
  return typeof value === 'string' && value.charCodeAt(0) === 39 ? restoreNeutralised(value) : value;
};

const rawCellValue = (attributes: string, inner: string | undefined, shared: readonly string[]): XlsxCell => {
  if (inner === undefined) return undefined;
  const type = attribute(attributes, 't');
  if (type === 'inlineStr') return stringText(inner);
  const value = vText(inner);
  if (value === undefined) return undefined;
  switch (type) {
    case 's':
      return shared[Number(value)];
    case 'b':
      return value === '1';
    case 'str':
    case 'e':
      return decodeText(value);
    default: {
      const number = Number(value);
      return Number.isFinite(number) ? number : decodeText(value);
    }
  }
};

const parseRow = (attributes: string, body: string, shared: readonly string[], previous: number): XlsxRow => {
  const given = attribute(attributes, 'r');
  const number = given === undefined ? previous + 1 : Number(given);
  if (!Number.isInteger(number) || number < 1 || number > MAX_ROW_NUMBER)
    throw new XlsxMalformedError('bad row number');
  const cells: XlsxCell[] = [];
  for (const [cellAttributes, inner] of elements(body, 'c')) {
    const reference = attribute(cellAttributes, 'r');
    const index = reference ? columnIndex(reference) : cells.length;
    if (index < 0 || index >= MAX_COLUMNS) throw new XlsxMalformedError('bad cell reference');
    cells[index] = cellValue(cellAttributes, inner, shared);
  }
  return { number, cells };
};

/**
 * The rows of the first worksheet in order, each with its row number as the sheet shows it (1 for
 * the first row) and its cells by column index (0 for column A). Rows the sheet leaves out are not
 * yielded. Throws XlsxFormatError for anything that is not a well-formed xlsx workbook, and
 * XlsxLimitError as soon as the file goes over one of `limits`. Uploads read it through
 * `readSpreadsheetUpload` (spreadsheet-upload.ts), which turns both into 400s.
 */
export async function* readFirstSheet(
  data: Buffer,
  limits: Partial<XlsxLimits> = {},
): AsyncGenerator<XlsxRow> {
  const { sheetBytes, sharedStringsBytes, rows: maxRows } = { ...DEFAULT_XLSX_LIMITS, ...limits };
  const entries = zipEntries(data);
  const sheetName = await firstSheetName(data, entries);
  const sheet = sheetName ? entries.get(sheetName) : undefined;
  if (!sheet) throw new XlsxFormatError('no worksheet');
  const sharedEntry = entries.get('xl/sharedStrings.xml');
  const shared = sharedEntry ? await sharedStrings(data, sharedEntry, sharedStringsBytes) : [];
  let previous = 0;
  let count = 0;
  const rows = function* (xml: string) {
    for (const [attributes, body] of elements(xml, 'row')) {
      // Every <row> counts, whatever it holds: empty rows cost reading too.
      if (++count > maxRows) throw new XlsxLimitError('rows', maxRows);
      const row = parseRow(attributes, body ?? '', shared, previous);
      previous = row.number;
      yield row;
    }
  };
  for await (const xml of wholeElements(entryChunks(data, sheet, sheetBytes, 'sheetBytes'), 'row'))
    yield* rows(xml);
}

const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
/** A date cell's day serial (Excel's 1900 date system) as yyyy-mm-dd. */
export const excelDay = (serial: number): string =>
  new Date(EXCEL_EPOCH + Math.floor(serial) * 86_400_000).toISOString().slice(0, 10);
