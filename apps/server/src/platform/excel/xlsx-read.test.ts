import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { handmadeXlsx, inlineRow } from '../../modules/customers/import-fixtures';
import { excelDay, readFirstSheet, XlsxFormatError, XlsxLimitError, XlsxMalformedError } from './xlsx-read';

const rowsOf = async (data: Buffer) => {
  const rows = [];
  for await (const row of readFirstSheet(data)) rows.push(row);
  return rows;
};

describe('readFirstSheet', () => {
  it('reads shared, rich and formula strings, numbers, booleans and dates with their row numbers', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('İlk');
    sheet.getCell('A1').value = 'Ad & "Soyad" <ş>';
    sheet.getCell('C1').value = 42.5;
    sheet.getCell('A3').value = { richText: [{ text: 'Işıl ' }, { font: { bold: true }, text: 'Çağ' }] };
    sheet.getCell('B3').value = true;
    sheet.getCell('C3').value = new Date(Date.UTC(1990, 4, 7));
    sheet.getCell('D3').value = { formula: 'C1*2', result: 85 };
    sheet.getCell('AB3').value = 'uzak';
    workbook.addWorksheet('İkinci').getCell('A1').value = 'okunmaz';
    const rows = await rowsOf(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(rows.map((row) => row.number)).toEqual([1, 3]);
    expect(rows[0]!.cells).toEqual(['Ad & "Soyad" <ş>', undefined, 42.5]);
    const third = rows[1]!.cells;
    expect(third.slice(0, 2)).toEqual(['Işıl Çağ', true]);
    expect(excelDay(third[2] as number)).toBe('1990-05-07');
    expect(third[3]).toBe(85);
    expect(third[27]).toBe('uzak');
  });

  it('reads a streamed file with inline strings across many chunks', async () => {
    const chunks: Buffer[] = [];
    const { PassThrough } = await import('node:stream');
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useSharedStrings: false });
    const sheet = workbook.addWorksheet('Büyük');
    for (let index = 1; index <= 20_000; index++) sheet.addRow([`satır ${index} ğüşiöç`, index]).commit();
    sheet.commit();
    await workbook.commit();
    const rows = await rowsOf(Buffer.concat(chunks));
    expect(rows).toHaveLength(20_000);
    expect(rows[19_999]).toEqual({ number: 20_000, cells: ['satır 20000 ğüşiöç', 20_000] });
  });

  it('throws XlsxFormatError for what is not a workbook', async () => {
    for (const data of [Buffer.from('a;b\n1;2'), Buffer.from('PK\u0003\u0004 not really a zip')])
      await expect(rowsOf(data)).rejects.toBeInstanceOf(XlsxFormatError);
  });

  it('stops at each limit as it reads, and calls malformed XML malformed', async () => {
    const rows = await handmadeXlsx({ before: '', block: '<row/>', times: 11, after: '' });
    await expect(rowsOf(rows)).resolves.toHaveLength(11);
    const over = readFirstSheet(rows, { rows: 10 });
    await expect(
      (async () => {
        for await (const _ of over);
      })(),
    ).rejects.toMatchObject({ limit: 'rows', maximum: 10 });
    const big = await handmadeXlsx({
      before: '',
      block: inlineRow(1, ['x'.repeat(1000)]),
      times: 2000,
      after: '',
    });
    const sheet = readFirstSheet(big, { sheetBytes: 1024 * 1024 });
    await expect(
      (async () => {
        for await (const _ of sheet);
      })(),
    ).rejects.toBeInstanceOf(XlsxLimitError);
    for (const text of ['&#0;', '&#x110000;', '&#xDFFF;', '&#99999999999;', 'a_x0000_b'])
      await expect(rowsOf(await handmadeXlsx(inlineRow(1, [text])))).rejects.toBeInstanceOf(
        XlsxMalformedError,
      );
    // References to real characters, and the quote prefix of our exports taken off.
    const [row] = await rowsOf(await handmadeXlsx(inlineRow(1, ['&#x1F600;&#231;', "'=1+1", "'plain"])));
    expect(row!.cells).toEqual(['😀ç', '=1+1', "'plain"]);
  });
});
