import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { crc32, createDeflateRaw } from 'node:zlib';
import ExcelJS from 'exceljs';
import { multipartForm } from '../../../test/multipart';

/** Test fixtures of the customer import: real xlsx files written by exceljs, sent as real multipart bodies. */
export type SheetCell = string | number | boolean | Date | null;

/** A workbook with one sheet of the given rows (the first is the header row). */
export const xlsxFile = async (rows: readonly (readonly SheetCell[])[], extraSheets = 0): Promise<Buffer> => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Müşteriler');
  for (const row of rows) sheet.addRow([...row]);
  for (let index = 0; index < extraSheets; index++)
    workbook
      .addWorksheet(`Sheet ${index + 2}`)
      .addRow(['customer_phone', 'customer_name', 'customer_surname']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

/** A multipart/form-data body with one file part. */
export const multipartFile = (field: string, data: Buffer, filename = 'musteriler.xlsx') =>
  multipartForm(
    {},
    { field, data, filename, type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  );

/**
 * A file of `count` rows with every column, written by the streaming writer as a real export would
 * be; every hundredth row has a bad email.
 */
export const largeFile = async (count: number): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useSharedStrings: false,
    useStyles: true,
  });
  const sheet = workbook.addWorksheet('Müşteriler');
  sheet
    .addRow([
      'Telefon',
      'Ad',
      'Soyad',
      'E-posta',
      'Cinsiyet',
      'Doğum tarihi',
      'İl',
      'İlçe',
      'Mahalle',
      'Adres',
      'Çocuk sayısı',
      'Araç plakası',
      'SMS izni',
      'E-posta izni',
      'Arama izni',
      'KVKK onayı',
    ])
    .commit();
  for (let index = 0; index < count; index++) {
    sheet
      .addRow([
        `0532${String(index).padStart(7, '0')}`,
        'Ayşe',
        `Yılmaz ${index}`,
        index % 100 === 99 ? 'bozuk-posta' : `musteri${index}@ornek.com.tr`,
        index % 2 ? 'Kadın' : 'Erkek',
        new Date(Date.UTC(1960 + (index % 40), index % 12, 1 + (index % 28))),
        'İstanbul',
        'Şişli',
        'Mecidiyeköy',
        'Büyükdere Caddesi No: 1',
        index % 4,
        index % 3 ? null : '34 ABC 123',
        'evet',
        index % 2 ? 'evet' : 'hayır',
        'hayır',
        'evet',
      ])
      .commit();
  }
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
};

/** A part's XML: text, or a block repeated `times` between two texts (a bomb, never held whole in memory). */
export type XmlPart =
  | string
  | { before: string; block: string | ((index: number) => string); times: number; after: string };

const deflatePart = async (part: XmlPart) => {
  const deflate = createDeflateRaw({ level: 1 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = once(deflate, 'end');
  let crc = 0;
  let size = 0;
  const write = async (text: string) => {
    const bytes = Buffer.from(text);
    crc = crc32(bytes, crc);
    size += bytes.length;
    if (!deflate.write(bytes)) await once(deflate, 'drain');
  };
  if (typeof part === 'string') await write(part);
  else {
    await write(part.before);
    const { block } = part;
    for (let index = 0; index < part.times; index++)
      await write(typeof block === 'string' ? block : block(index));
    await write(part.after);
  }
  deflate.end();
  await done;
  return { data: Buffer.concat(chunks), crc, size };
};

const zipDeflated = async (files: readonly [string, XmlPart][]) => {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, part] of files) {
    const { data, crc, size } = await deflatePart(part);
    const nameBytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size >>> 0, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    locals.push(local, nameBytes, data);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size >>> 0, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
};

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/**
 * An xlsx written by hand around the given sheet data (the XML inside `<sheetData>`) and shared
 * strings (the `<si>` elements), for files no spreadsheet program writes: bombs, malformed XML.
 */
export const handmadeXlsx = (sheetData: XmlPart, sharedStrings?: XmlPart): Promise<Buffer> => {
  const wrap = (part: XmlPart, before: string, after: string): XmlPart =>
    typeof part === 'string'
      ? `${before}${part}${after}`
      : { ...part, before: `${before}${part.before}`, after: `${part.after}${after}` };
  const files: [string, XmlPart][] = [
    [
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
    ],
    [
      '_rels/.rels',
      `<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${OFFICE}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ],
    [
      'xl/workbook.xml',
      `<workbook xmlns="${MAIN}" xmlns:r="${OFFICE}"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${OFFICE}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ],
    [
      'xl/worksheets/sheet1.xml',
      wrap(sheetData, `<worksheet xmlns="${MAIN}"><sheetData>`, '</sheetData></worksheet>'),
    ],
  ];
  if (sharedStrings !== undefined)
    files.push(['xl/sharedStrings.xml', wrap(sharedStrings, `<sst xmlns="${MAIN}">`, '</sst>')]);
  return zipDeflated(files);
};

/** A row of inline strings in columns A, B, C…: `inlineRow(2, ['05321', 'Ali'])`. */
export const inlineRow = (number: number, texts: readonly string[]) =>
  `<row r="${number}">${texts
    .map(
      (text, index) =>
        `<c r="${String.fromCharCode(65 + index)}${number}" t="inlineStr"><is><t>${text}</t></is></c>`,
    )
    .join('')}</row>`;
