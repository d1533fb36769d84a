import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';

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
export const multipartFile = (field: string, data: Buffer, filename = 'musteriler.xlsx') => {
  const boundary = 'avluImportBoundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

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
