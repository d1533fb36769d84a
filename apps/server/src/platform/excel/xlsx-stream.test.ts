import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { contentDisposition, sendXlsx, XLSX_CONTENT_TYPE } from './xlsx-stream';

type Row = { n: number; name: string; at: Date | null };

async function* numbered(count: number): AsyncGenerator<Row> {
  for (let n = 1; n <= count; n += 1)
    yield { n, name: `Müşteri ${n}`, at: n === 1 ? new Date('2026-01-02T03:04:05Z') : null };
}

const ctx = useTestApp({
  routes: (app) => {
    app.get('/api/test/xlsx/:count', { config: { auth: 'public' } }, (request, reply) =>
      sendXlsx<Row>(reply, {
        filename: 'Müşteriler "tümü".xlsx',
        sheetName: 'Müşteriler',
        columns: [
          { header: 'No', value: (row) => row.n },
          { header: 'Ad', value: (row) => row.name },
          { header: 'Tarih', value: (row) => row.at },
        ],
        rows: numbered(Number((request.params as { count: string }).count)),
      }),
    );
  },
});

describe('streamed xlsx', () => {
  it('streams every row of an async source into a workbook exceljs reads back', async () => {
    const response = await ctx.app.inject({ url: '/api/test/xlsx/20000' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Müşteriler')!;
    expect(sheet.rowCount).toBe(20_001);
    expect(sheet.getRow(1).values).toEqual([undefined, 'No', 'Ad', 'Tarih']);
    expect(sheet.getRow(2).values).toEqual([undefined, 1, 'Müşteri 1', new Date('2026-01-02T03:04:05Z')]);
    expect(sheet.getRow(20_001).values).toEqual([undefined, 20_000, 'Müşteri 20000']);
  });

  it('names the download in ASCII and exactly in UTF-8', () => {
    expect(contentDisposition("Çocuk Kulübü's (yaz).xlsx")).toBe(
      `attachment; filename="_ocuk Kul_b_'s (yaz).xlsx"; filename*=UTF-8''%C3%87ocuk%20Kul%C3%BCb%C3%BC%27s%20%28yaz%29.xlsx`,
    );
    expect(contentDisposition('Müşteriler "tümü".xlsx')).toBe(
      `attachment; filename="M__teriler _t_m__.xlsx"; filename*=UTF-8''M%C3%BC%C5%9Fteriler%20%22t%C3%BCm%C3%BC%22.xlsx`,
    );
  });
});
