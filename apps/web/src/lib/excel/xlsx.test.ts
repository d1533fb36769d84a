import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { columnName, xlsxBytes } from './xlsx';

describe('xlsx writer', () => {
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
