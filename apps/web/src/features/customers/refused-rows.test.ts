import type { CustomerImportResult } from '@avlu/contracts';
import { describe, expect, it } from 'vitest';
import { readXlsxRows, xlsxBytes } from '../../lib/excel/xlsx';
import { refusedRowsSheet } from './refused-rows';

const fieldName = (field: string | null) =>
  ({ customer_phone: 'Telefon', customer_email: 'E-posta' })[field ?? ''] ?? '?';

describe('refusedRowsSheet', () => {
  it('gives back every refused row although the answer lists only the first 1,000 errors', async () => {
    // 5,000 refused rows of two errors each and one good row: the server lists 1,000 errors (500 rows).
    const rows: (string | null)[][] = [['Telefon', 'Ad', 'Soyad', 'E-posta']];
    for (let index = 0; index < 5000; index++) rows.push([`bozuk${index}`, 'Ali', 'Veli', 'posta-degil']);
    rows.push(['05321000081', 'Son', 'Satır', null]);
    const file = new Blob([xlsxBytes([{ name: 'Müşteriler', rows }])]);
    const phone = 'Geçerli bir telefon numarası girin';
    const email = 'Geçerli bir e-posta adresi girin';
    const result: CustomerImportResult = {
      added_data: 1,
      already_exist: 0,
      error_list: Array.from({ length: 1000 }, (_, index) => ({
        row: 2 + Math.floor(index / 2),
        field: index % 2 ? 'customer_email' : 'customer_phone',
        reason: index % 2 ? email : phone,
      })),
      error_count: 10_000,
      error_rows: Array.from({ length: 5000 }, (_, index) => index + 2),
    };
    const sheet = await refusedRowsSheet(file, result, fieldName, 'tr', 'listede yok');
    expect(sheet).toHaveLength(5001);
    expect(sheet[0]).toEqual(['Telefon', 'Ad', 'Soyad', 'E-posta', 'Aktarım hatası']);
    const both = `Telefon: ${phone}; E-posta: ${email}`;
    // Listed by the server, and checked here with the same schema past the list: the same words.
    expect(sheet[1]).toEqual(['bozuk0', 'Ali', 'Veli', 'posta-degil', both]);
    expect(sheet[500]).toEqual(['bozuk499', 'Ali', 'Veli', 'posta-degil', both]);
    expect(sheet[5000]).toEqual(['bozuk4999', 'Ali', 'Veli', 'posta-degil', both]);
    expect(sheet.every((row) => row.at(-1) !== 'listede yok')).toBe(true);
    expect(sheet.some((row) => row[0] === '05321000081')).toBe(false);
    // The file the page saves holds them all.
    const saved = await readXlsxRows(xlsxBytes([{ name: 'Hatalı satırlar', rows: sheet }]));
    expect(saved).toHaveLength(5001);
  });
});
