/**
 * Small xlsx files made in the browser (import templates, the rows an import refused) without a
 * spreadsheet library: a workbook is a zip of a few XML parts, and these files are small enough to
 * store uncompressed. Strings are written inline, the first row bold and frozen, dates with a date
 * format. `readXlsxRows` reads back the first sheet of a file the user chose (see below).
 *
 * ```ts
 * saveFile({ blob: xlsxBlob([{ name: 'Hatalar', rows: [['Satır', 'Hata'], [3, 'Geçersiz telefon']] }]), filename: 'hatalar.xlsx' });
 * ```
 */
export type XlsxCell = string | number | boolean | Date | null | undefined;
export type XlsxSheet = {
  /** The tab's name; Excel allows 31 characters and none of `[]:*?/\`. */
  name: string;
  /** The first row is the header. */
  rows: readonly (readonly XlsxCell[])[];
  /** Column widths in characters; derived from the longest value when left out. */
  widths?: readonly number[];
};

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

// Characters XML 1.0 cannot carry at all, even escaped.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters removed.
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const escapeXml = (text: string) =>
  text
    .replace(INVALID_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

/** 0 → A, 25 → Z, 26 → AA. */
export const columnName = (index: number) => {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
};

/** Excel's day 0 in its 1900 date system: a date is a number of days since then. */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const DAY = 86_400_000;
/** The style of date cells (cellXfs index): the short date format, shown as the reader's locale writes dates. */
const DATE_STYLE = 2;
/**
 * The style of text that would start a formula (`=`, `+`, `-`, `@`, tab, CR): Excel's quote prefix
 * and the text format, so neither Excel nor LibreOffice ever runs it, while the text itself stays
 * as it was (the server's import reads it back unchanged). The server's exports do the same
 * (apps/server/src/platform/excel/formula-cells.ts).
 */
const QUOTED_STYLE = 3;
const FORMULA_START = /^[=+\-@\t\r]/;

const cellXml = (value: XlsxCell, ref: string, style: number) => {
  if (value instanceof Date)
    return Number.isNaN(value.getTime())
      ? ''
      : `<c r="${ref}" s="${DATE_STYLE}"><v>${(value.getTime() - EXCEL_EPOCH) / DAY}</v></c>`;
  if (value === null || value === undefined || value === '') return '';
  const quoted = typeof value === 'string' && FORMULA_START.test(value);
  const s = quoted ? ` s="${QUOTED_STYLE}"` : style ? ` s="${style}"` : '';
  if (typeof value === 'number' && Number.isFinite(value)) return `<c r="${ref}"${s}><v>${value}</v></c>`;
  if (typeof value === 'boolean') return `<c r="${ref}"${s} t="b"><v>${value ? 1 : 0}</v></c>`;
  return `<c r="${ref}"${s} t="inlineStr"><is><t xml:space="preserve">${escapeXml(String(value))}</t></is></c>`;
};

const widthsOf = (sheet: XlsxSheet) => {
  const count = Math.max(0, ...sheet.rows.map((row) => row.length));
  return Array.from({ length: count }, (_, column) => {
    const given = sheet.widths?.[column];
    if (given !== undefined) return given;
    const longest = Math.max(
      ...sheet.rows.map((row) => {
        const value = row[column];
        return value instanceof Date ? 10 : String(value ?? '').length;
      }),
    );
    return Math.min(60, Math.max(10, longest + 2));
  });
};

const sheetXml = (sheet: XlsxSheet) => {
  const widths = widthsOf(sheet);
  const cols = widths.length
    ? `<cols>${widths.map((width, i) => `<col min="${i + 1}" max="${i + 1}" width="${width}" customWidth="1"/>`).join('')}</cols>`
    : '';
  const rows = sheet.rows
    .map(
      (row, r) =>
        `<row r="${r + 1}">${row.map((value, c) => cellXml(value, `${columnName(c)}${r + 1}`, r === 0 ? 1 : 0)).join('')}</row>`,
    )
    .join('');
  const frozen =
    sheet.rows.length > 1
      ? '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>'
      : '';
  return `${XML_HEAD}<worksheet xmlns="${MAIN_NS}">${frozen}${cols}<sheetData>${rows}</sheetData></worksheet>`;
};

const sheetName = (name: string, index: number) =>
  name
    .replace(/[[\]:*?/\\]/g, ' ')
    .trim()
    .slice(0, 31) || `Sheet${index + 1}`;

const parts = (sheets: readonly XlsxSheet[]): [string, string][] => [
  [
    '[Content_Types].xml',
    `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
      sheets
        .map(
          (_, i) =>
            `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
        )
        .join('') +
      '</Types>',
  ],
  [
    '_rels/.rels',
    `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  ],
  [
    'xl/workbook.xml',
    `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets>${sheets
      .map(
        (sheet, i) =>
          `<sheet name="${escapeXml(sheetName(sheet.name, i))}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`,
      )
      .join('')}</sheets></workbook>`,
  ],
  [
    'xl/_rels/workbook.xml.rels',
    `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">${sheets
      .map(
        (_, i) =>
          `<Relationship Id="rId${i + 1}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
      )
      .join(
        '',
      )}<Relationship Id="rId${sheets.length + 1}" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`,
  ],
  [
    'xl/styles.xml',
    `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}">` +
      '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
      '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
      '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
      '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
      '<cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="14" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="49" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" quotePrefix="1"/></cellXfs>' +
      '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>',
  ],
  ...sheets.map((sheet, i): [string, string] => [`xl/worksheets/sheet${i + 1}.xml`, sheetXml(sheet)]),
];

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

const crc32 = (bytes: Uint8Array) => {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
};

/** A zip of the given files, stored without compression (method 0), names in UTF-8. */
export const zipStored = (files: readonly [string, Uint8Array][]): Uint8Array<ArrayBuffer> => {
  const encoder = new TextEncoder();
  // 1980-01-01 00:00, the zip epoch: the parts carry no meaningful time.
  const dosTime = 0;
  const dosDate = (0 << 9) | (1 << 5) | 1;
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const [name, data] of files) {
    const nameBytes = encoder.encode(name);
    const crc = crc32(data);
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, 20, true);
    local.setUint16(6, 0x0800, true);
    local.setUint16(8, 0, true);
    local.setUint16(10, dosTime, true);
    local.setUint16(12, dosDate, true);
    local.setUint32(14, crc, true);
    local.setUint32(18, data.length, true);
    local.setUint32(22, data.length, true);
    local.setUint16(26, nameBytes.length, true);
    local.setUint16(28, 0, true);
    locals.push(new Uint8Array(local.buffer), nameBytes, data);

    const central = new DataView(new ArrayBuffer(46));
    central.setUint32(0, 0x02014b50, true);
    central.setUint16(4, 20, true);
    central.setUint16(6, 20, true);
    central.setUint16(8, 0x0800, true);
    central.setUint16(10, 0, true);
    central.setUint16(12, dosTime, true);
    central.setUint16(14, dosDate, true);
    central.setUint32(16, crc, true);
    central.setUint32(20, data.length, true);
    central.setUint32(24, data.length, true);
    central.setUint16(28, nameBytes.length, true);
    central.setUint32(42, offset, true);
    centrals.push(new Uint8Array(central.buffer), nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const centralSize = centrals.reduce((sum, part) => sum + part.length, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, files.length, true);
  end.setUint16(10, files.length, true);
  end.setUint32(12, centralSize, true);
  end.setUint32(16, offset, true);
  const all = [...locals, ...centrals, new Uint8Array(end.buffer)];
  const out = new Uint8Array(all.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of all) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

/** The workbook's bytes. */
export const xlsxBytes = (sheets: readonly XlsxSheet[]) => {
  const encoder = new TextEncoder();
  return zipStored(parts(sheets).map(([name, xml]) => [name, encoder.encode(xml)]));
};

/** The workbook as a Blob, ready for `saveFile`. */
export const xlsxBlob = (sheets: readonly XlsxSheet[]) => new Blob([xlsxBytes(sheets)], { type: XLSX_TYPE });

/*
 * Reading. The server reads uploads with its own streaming reader (platform/excel/xlsx-read.ts); the
 * browser reads a file the user chose only to give it back to them (the rows an import refused), so
 * this reader keeps what it needs: the first worksheet's cells as text, numbers, booleans and dates
 * (a number whose cell format is a date), its rows in order with the sheet's row numbers. The sheet
 * is inflated and scanned a chunk at a time, and only the rows asked for are kept.
 */

/** The file is not an xlsx workbook this reader understands. */
export class XlsxReadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'XlsxReadError';
  }
}

/** One row of a sheet: its number as the sheet shows it (1 for the first), cells by column (0 for A). */
export type XlsxRow = { number: number; cells: XlsxCell[] };

type ZipEntry = { method: number; size: number; offset: number };

const zipEntries = (bytes: Uint8Array) => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = bytes.length - 22;
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end--;
  if (end < 0) throw new XlsxReadError('no zip directory');
  const count = view.getUint16(end + 10, true);
  let position = view.getUint32(end + 16, true);
  const decoder = new TextDecoder();
  const entries = new Map<string, ZipEntry>();
  for (let index = 0; index < count; index++) {
    if (position + 46 > bytes.length || view.getUint32(position, true) !== 0x02014b50)
      throw new XlsxReadError('broken zip directory');
    const nameLength = view.getUint16(position + 28, true);
    const name = decoder.decode(bytes.subarray(position + 46, position + 46 + nameLength));
    entries.set(name, {
      method: view.getUint16(position + 10, true),
      size: view.getUint32(position + 20, true),
      offset: view.getUint32(position + 42, true),
    });
    position += 46 + nameLength + view.getUint16(position + 30, true) + view.getUint16(position + 32, true);
  }
  return entries;
};

/** An entry's text a chunk at a time, inflated by the browser's DecompressionStream. */
async function* entryChunks(bytes: Uint8Array, entry: ZipEntry): AsyncGenerator<string> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const header = entry.offset;
  if (header + 30 > bytes.length || view.getUint32(header, true) !== 0x04034b50)
    throw new XlsxReadError('broken zip entry');
  const start = header + 30 + view.getUint16(header + 26, true) + view.getUint16(header + 28, true);
  const stored = bytes.subarray(start, start + entry.size);
  const decoder = new TextDecoder('utf-8');
  if (entry.method === 0) {
    yield decoder.decode(stored);
    return;
  }
  if (entry.method !== 8) throw new XlsxReadError('unsupported compression');
  const reader = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(stored);
      controller.close();
    },
  })
    .pipeThrough(new DecompressionStream('deflate-raw') as ReadableWritablePair<Uint8Array, Uint8Array>)
    .getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      yield decoder.decode(value, { stream: true });
    }
  } catch {
    throw new XlsxReadError('broken compressed data');
  }
  yield decoder.decode();
}

const entryText = async (bytes: Uint8Array, entry: ZipEntry | undefined) => {
  if (!entry) return undefined;
  let text = '';
  for await (const chunk of entryChunks(bytes, entry)) text += chunk;
  return text;
};

const ENTITY = /&(?:#x([0-9a-fA-F]+)|#(\d+)|(amp|lt|gt|quot|apos));/g;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
/** XML text with its entities and Excel's _xHHHH_ escapes decoded. */
const decodeText = (text: string) =>
  text
    .replace(ENTITY, (_, hex: string, decimal: string, name: string) =>
      hex
        ? String.fromCodePoint(Number.parseInt(hex, 16))
        : decimal
          ? String.fromCodePoint(Number(decimal))
          : (NAMED[name] ?? ''),
    )
    .replace(/_x([0-9a-fA-F]{4})_/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** A shared or inline string's text: its <t> runs joined, phonetic runs left out. */
const stringText = (xml: string) =>
  decodeText(
    Array.from(
      xml.replace(/<rPh\b[\s\S]*?<\/rPh>/g, '').matchAll(/<t(?:\s[^>]*)?>([^<]*)<\/t>/g),
      (match) => match[1],
    ).join(''),
  );

const attributePatterns = new Map<string, RegExp>();
/** An attribute's value from a tag's attribute text (` r="A2" t="s"`); names are matched whole. */
const attribute = (attributes: string, name: string) => {
  let pattern = attributePatterns.get(name);
  if (!pattern) {
    pattern = new RegExp(`\\s${name}="([^"]*)"`);
    attributePatterns.set(name, pattern);
  }
  return pattern.exec(attributes)?.[1];
};

/**
 * Each element `<name …/>` or `<name …>…</name>` in `xml`: its attribute text and inner text
 * (undefined when self-closed). `<c` does not match `<col`.
 */
function* elements(xml: string, name: string): Generator<[attributes: string, inner: string | undefined]> {
  const pattern = new RegExp(`<${name}(?=[\\s/>])([^>]*?)(/?)>`, 'g');
  for (let match = pattern.exec(xml); match; match = pattern.exec(xml)) {
    if (match[2]) {
      yield [match[1]!, undefined];
      continue;
    }
    const close = `</${name}>`;
    const end = xml.indexOf(close, pattern.lastIndex);
    if (end < 0) return;
    yield [match[1]!, xml.slice(pattern.lastIndex, end)];
    pattern.lastIndex = end + close.length;
  }
}

/** Built-in number formats that show a date (ECMA-376 §18.8.30, with the East Asian ones). */
const DATE_FORMATS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54,
  55, 56, 57, 58,
]);
/** A custom format code shows a date when it names days or years outside quotes, escapes and [..]. */
const isDateCode = (code: string) => /[dy]/i.test(code.replace(/"[^"]*"|\\.|\[[^\]]*\]/g, ''));

/** For each cell style (cellXfs index), whether it formats its number as a date. */
const dateStyles = (xml: string | undefined) => {
  if (!xml) return [];
  const custom = new Map<number, string>();
  for (const [attributes] of elements(xml, 'numFmt'))
    custom.set(
      Number(attribute(attributes, 'numFmtId')),
      decodeText(attribute(attributes, 'formatCode') ?? ''),
    );
  const cellXfs = /<cellXfs\b[^>]*>([\s\S]*?)<\/cellXfs>/.exec(xml)?.[1] ?? '';
  return Array.from(elements(cellXfs, 'xf'), ([attributes]) => {
    const id = Number(attribute(attributes, 'numFmtId') ?? 0);
    const code = custom.get(id);
    return code === undefined ? DATE_FORMATS.has(id) : isDateCode(code);
  });
};

/** 'A' → 0, 'AB' → 27. */
const columnIndex = (reference: string) => {
  let index = 0;
  for (const letter of reference) {
    const code = letter.charCodeAt(0);
    if (code < 65 || code > 90) break;
    index = index * 26 + (code - 64);
  }
  return index - 1;
};

const cellValue = (
  attributes: string,
  inner: string | undefined,
  shared: readonly string[],
  dates: readonly boolean[],
): XlsxCell => {
  if (inner === undefined) return undefined;
  const type = attribute(attributes, 't');
  if (type === 'inlineStr') return stringText(inner);
  const value = /<v>([^<]*)<\/v>/.exec(inner)?.[1];
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
      if (!Number.isFinite(number)) return decodeText(value);
      return dates[Number(attribute(attributes, 's') ?? 0)] ? new Date(EXCEL_EPOCH + number * DAY) : number;
    }
  }
};

const readBytes = (data: Blob | ArrayBuffer | Uint8Array): Promise<Uint8Array> => {
  if (data instanceof Uint8Array) return Promise.resolve(data);
  if (data instanceof ArrayBuffer) return Promise.resolve(new Uint8Array(data));
  // FileReader rather than Blob#arrayBuffer, which jsdom's Blob (the component tests') lacks.
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(data);
  });
};

/**
 * The rows of a workbook's first worksheet, in order, as spreadsheet programs write them (shared,
 * inline and rich strings, numbers, booleans, formula results, dates). `keep` chooses the rows to
 * parse and answer, by row number and their place among the sheet's rows (0 for the first); rows
 * the sheet leaves out are never answered. Throws XlsxReadError for a file it cannot read.
 */
export const readXlsxRows = async (
  data: Blob | ArrayBuffer | Uint8Array,
  keep: (number: number, index: number) => boolean = () => true,
): Promise<XlsxRow[]> => {
  const bytes = await readBytes(data);
  const entries = zipEntries(bytes);
  const workbook = await entryText(bytes, entries.get('xl/workbook.xml'));
  const rels = await entryText(bytes, entries.get('xl/_rels/workbook.xml.rels'));
  const firstId = workbook && /<sheet\b[^>]*\sr:id="([^"]*)"/.exec(workbook)?.[1];
  const target =
    firstId && rels
      ? Array.from(elements(rels, 'Relationship'), ([attributes]) => attributes)
          .filter((attributes) => attribute(attributes, 'Id') === firstId)
          .map((attributes) => attribute(attributes, 'Target') ?? '')[0]
      : undefined;
  const sheetName = target
    ? target.startsWith('/')
      ? target.slice(1)
      : `xl/${target}`
    : [...entries.keys()].filter((name) => /^xl\/worksheets\/[^/]+\.xml$/.test(name)).sort()[0];
  const sheet = sheetName ? entries.get(sheetName) : undefined;
  if (!sheet) throw new XlsxReadError('no worksheet');
  const sharedXml = await entryText(bytes, entries.get('xl/sharedStrings.xml'));
  const shared = sharedXml
    ? Array.from(elements(sharedXml, 'si'), ([, inner]) => stringText(inner ?? ''))
    : [];
  const dates = dateStyles(await entryText(bytes, entries.get('xl/styles.xml')));

  const rows: XlsxRow[] = [];
  let previous = 0;
  let index = 0;
  const scan = (xml: string) => {
    for (const [attributes, body] of elements(xml, 'row')) {
      const number = Number(attribute(attributes, 'r') ?? previous + 1);
      previous = number;
      if (!keep(number, index++)) continue;
      const cells: XlsxCell[] = [];
      for (const [cellAttributes, inner] of elements(body ?? '', 'c')) {
        const reference = attribute(cellAttributes, 'r');
        cells[reference ? columnIndex(reference) : cells.length] = cellValue(
          cellAttributes,
          inner,
          shared,
          dates,
        );
      }
      rows.push({ number, cells });
    }
  };
  let pending = '';
  for await (const chunk of entryChunks(bytes, sheet)) {
    pending += chunk;
    // Whole rows only: the rest waits for the next chunk.
    const cut = pending.lastIndexOf('</row>');
    if (cut < 0) continue;
    scan(pending.slice(0, cut + 6));
    pending = pending.slice(cut + 6);
  }
  scan(pending);
  return rows;
};
