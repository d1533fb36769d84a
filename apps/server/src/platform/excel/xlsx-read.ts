import { createInflateRaw, inflateRawSync } from 'node:zlib';
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

/** The file is not a readable xlsx workbook. */
export class XlsxFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'XlsxFormatError';
  }
}

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

/**
 * Most bytes a whole part (shared strings, the workbook) or one row may inflate to: a small file
 * must not unpack to gigabytes (a zip bomb).
 */
const MAX_PART_BYTES = 256 * 1024 * 1024;
const MAX_ROW_CHARS = 16 * 1024 * 1024;

const entryText = (data: Buffer, entry: ZipEntry) => {
  inflateMethod(entry);
  const bytes = rawBytes(data, entry);
  if (entry.method === 0) return bytes.toString('utf8');
  try {
    return inflateRawSync(bytes, { maxOutputLength: MAX_PART_BYTES }).toString('utf8');
  } catch {
    throw new XlsxFormatError('broken or oversized compressed data');
  }
};

/** An entry's text a chunk at a time; multi-byte letters split between chunks are kept whole. */
async function* entryChunks(data: Buffer, entry: ZipEntry): AsyncGenerator<string> {
  inflateMethod(entry);
  const bytes = rawBytes(data, entry);
  const decoder = new TextDecoder('utf-8');
  if (entry.method === 0) {
    yield decoder.decode(bytes);
    return;
  }
  const inflate = createInflateRaw({ chunkSize: 256 * 1024 });
  inflate.end(bytes);
  try {
    for await (const chunk of inflate) yield decoder.decode(chunk as Buffer, { stream: true });
  } catch {
    throw new XlsxFormatError('broken compressed data');
  }
  yield decoder.decode();
}

const ENTITY = /&(?:#x([0-9a-fA-F]+)|#(\d+)|(amp|lt|gt|quot|apos));/g;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
/** XML text with its entities and Excel's _xHHHH_ escapes decoded. */
const decodeText = (text: string) => {
  const decoded = text.includes('&')
    ? text.replace(ENTITY, (_, hex: string, decimal: string, name: string) =>
        hex
          ? String.fromCodePoint(Number.parseInt(hex, 16))
          : decimal
            ? String.fromCodePoint(Number(decimal))
            : (NAMED[name] ?? ''),
      )
    : text;
  return decoded.includes('_x')
    ? decoded.replace(/_x([0-9a-fA-F]{4})_/g, (_, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      )
    : decoded;
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

const sharedStrings = (xml: string) =>
  Array.from(xml.matchAll(/<si>([\s\S]*?)<\/si>/g), (match) => stringText(match[1]!));

/** An attribute's value from a tag's attribute text (` r="A2" t="s"`); names are matched whole. */
const attribute = (attributes: string, name: string) => {
  const key = ` ${name}="`;
  const start = attributes.indexOf(key);
  if (start < 0) return undefined;
  const from = start + key.length;
  return attributes.slice(from, attributes.indexOf('"', from));
};

/** The first worksheet's part name, by the workbook's sheet order and its relationships. */
const firstSheetName = (data: Buffer, entries: Map<string, ZipEntry>) => {
  const workbook = entries.get('xl/workbook.xml');
  const rels = entries.get('xl/_rels/workbook.xml.rels');
  if (workbook && rels) {
    const sheet = /<sheet\b([^>]*)\/?>/.exec(entryText(data, workbook))?.[1];
    const id = sheet && /\br:id="([^"]*)"/.exec(sheet)?.[1];
    if (id) {
      for (const match of entryText(data, rels).matchAll(/<Relationship\b([^>]*)\/?>/g)) {
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
  const number = Number(attribute(attributes, 'r') ?? previous + 1);
  const cells: XlsxCell[] = [];
  for (const [cellAttributes, inner] of elements(body, 'c')) {
    const reference = attribute(cellAttributes, 'r');
    const index = reference ? columnIndex(reference) : cells.length;
    cells[index] = cellValue(cellAttributes, inner, shared);
  }
  return { number, cells };
};

/**
 * The rows of the first worksheet in order, each with its row number as the sheet shows it (1 for
 * the first row) and its cells by column index (0 for column A). Rows the sheet leaves out are not
 * yielded. Throws XlsxFormatError for anything that is not an xlsx workbook.
 */
export async function* readFirstSheet(data: Buffer): AsyncGenerator<XlsxRow> {
  const entries = zipEntries(data);
  const sheetName = firstSheetName(data, entries);
  const sheet = sheetName ? entries.get(sheetName) : undefined;
  if (!sheet) throw new XlsxFormatError('no worksheet');
  const sharedEntry = entries.get('xl/sharedStrings.xml');
  const shared = sharedEntry ? sharedStrings(entryText(data, sharedEntry)) : [];
  let pending = '';
  let previous = 0;
  const rows = function* (xml: string) {
    for (const [attributes, body] of elements(xml, 'row')) {
      const row = parseRow(attributes, body ?? '', shared, previous);
      previous = row.number;
      yield row;
    }
  };
  for await (const chunk of entryChunks(data, sheet)) {
    pending += chunk;
    // Whole rows only: the rest waits for the next chunk.
    const cut = pending.lastIndexOf('</row>');
    if (cut < 0) {
      if (pending.length > MAX_ROW_CHARS) throw new XlsxFormatError('row too large');
      continue;
    }
    const complete = pending.slice(0, cut + 6);
    pending = pending.slice(cut + 6);
    yield* rows(complete);
  }
  yield* rows(pending);
}

const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
/** A date cell's day serial (Excel's 1900 date system) as yyyy-mm-dd. */
export const excelDay = (serial: number): string =>
  new Date(EXCEL_EPOCH + Math.floor(serial) * 86_400_000).toISOString().slice(0, 10);
