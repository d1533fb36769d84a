import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { columnName, xlsxBytes } from './xlsx';

describe('xlsx writer', () => {
  it('writes text that would start a formula with the quote prefix and text format, unchanged', async () => {
    const bytes = xlsxBytes([
      {
        name: 'S',
        rows: [
          ['Ad', 'Telefon'],
          ['=HYPERLINK("http://x","y")', '+905321234567'],
          ['Ayşe', '05321'],
        ],
      },
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes.buffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getCell('A2').value).toBe('=HYPERLINK("http://x","y")');
    expect(sheet.getCell('A2').type).toBe(ExcelJS.ValueType.String);
    expect([sheet.getCell('A2').numFmt, sheet.getCell('B2').numFmt]).toEqual(['@', '@']);
    expect(sheet.getCell('A3').numFmt).toBeUndefined();
    // The file is stored uncompressed: the quote prefix is the style of both cells.
    const xml = new TextDecoder().decode(bytes);
    expect(xml).toContain('quotePrefix="1"');
    expect(xml).toMatch(/<c r="A2" s="3" t="inlineStr">/);
    expect(xml).toMatch(/<c r="B2" s="3" t="inlineStr">/);
  });

  it('names columns as Excel does', () => {
    expect([0, 25, 26, 27, 51, 52, 701, 702].map(columnName)).toEqual([
      'A',
      'Z',
      'AA',
      'AB',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
    ]);
  });

  it('writes a workbook Excel readers open, with Turkish text, numbers, booleans and blanks', async () => {
    const bytes = xlsxBytes([
      {
        name: 'Hatalı satırlar',
        rows: [
          ['Satır', 'Sütun', 'Neden'],
          [3, 'customer_phone', 'Geçerli bir telefon numarası girin <&> "ş"'],
          [7, null, true],
        ],
      },
      { name: 'İkinci/sayfa', rows: [['Şükrü Öztürk']] },
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes.buffer);
    const [first, second] = workbook.worksheets;
    expect(first!.name).toBe('Hatalı satırlar');
    expect(first!.getRow(1).values).toEqual([undefined, 'Satır', 'Sütun', 'Neden']);
    expect(first!.getRow(1).font?.bold ?? first!.getCell('A1').font?.bold).toBe(true);
    expect(first!.getCell('A2').value).toBe(3);
    expect(first!.getCell('C2').value).toBe('Geçerli bir telefon numarası girin <&> "ş"');
    expect(first!.getCell('B3').value).toBeNull();
    expect(first!.getCell('C3').value).toBe(true);
    expect(second!.name).toBe('İkinci sayfa');
    expect(second!.getCell('A1').value).toBe('Şükrü Öztürk');
  });
});
