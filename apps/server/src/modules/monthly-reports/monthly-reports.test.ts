import { inflateSync } from 'node:zlib';
import {
  type ListResponse,
  type Location,
  type MallDashboard,
  type MonthlyReport,
  type MonthlyReportDetail,
  monthlyReportFigures,
  monthlyReportPrettyDate,
} from '@avlu/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { rowsOf } from '../../platform/db/database';
import { mallToday } from '../customers/mall-date';
import { newDashboardMall, seedActivity } from '../dashboard/dashboard.fixtures';
import { locations } from '../locations/locations.tables';
import { monthlyReportPdf } from './monthly-reports.pdf';
import { lastDayOf, saveDueMonthlyReports, shiftMonth } from './monthly-reports.service';
import { monthlyReports } from './monthly-reports.tables';
import { reportFonts } from './truetype';

const ctx = useTestApp();
const db = () => ctx.database.db;

const get = async (mall: Location, path: string, lang = 'tr') =>
  ctx.inject({
    method: 'GET',
    url: `/api${path}${path.includes('?') ? '&' : '?'}locationId=${mall._id}`,
    headers: { ...(await ctx.systemAdmin()).headers, 'accept-language': lang },
  });

const monthsOf = async (mallId: string) =>
  (
    await db()
      .select({ month: monthlyReports.monthly_report_month })
      .from(monthlyReports)
      .where(eq(monthlyReports.location_id, mallId))
      .orderBy(monthlyReports.monthly_report_month)
  ).map((row) => row.month);

/** The months from `from` to `to` (first days), both included. */
const monthRange = (from: string, to: string) => {
  const months: string[] = [];
  for (let month = from; month <= to; month = shiftMonth(month, 1)) months.push(month);
  return months;
};

/** A dashboard answer without what differs by design (the previous period's values and days). */
const withoutPrevious = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(withoutPrevious);
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !key.startsWith('previous') && !key.startsWith('dashboard_previous'))
        .map(([key, item]) => [key, withoutPrevious(item)]),
    );
  return value;
};

describe('monthly reports', () => {
  let mall: Location;
  let other: Location;
  let today: string;
  let lastMonth: string;
  let firstMonth: string;

  beforeAll(async () => {
    const target = await newDashboardMall(db(), ctx.newLocation);
    mall = target.mall;
    await seedActivity(db(), target);
    const second = await newDashboardMall(db(), ctx.newLocation);
    other = second.mall;
    await seedActivity(db(), second, new Date(Date.now() - 40 * 86_400_000));
    today = mallToday(mall);
    lastMonth = shiftMonth(today, -1);
    const [first] = rowsOf<{ day: string }>(
      await db().execute(
        sql`select min(receipt_day)::text as day from receipts where location_id = ${mall._id}`,
      ),
    );
    firstMonth = shiftMonth(first!.day, 0);
  });

  it('saves each month once, from the first data to the last finished month, and catches up missed months', async () => {
    // The server ran three months ago, then stopped.
    const before = new Date(`${shiftMonth(today, -3)}T12:00:00Z`);
    const early = await saveDueMonthlyReports(db(), { locationId: mall._id, now: before });
    expect(await monthsOf(mall._id)).toEqual(monthRange(firstMonth, shiftMonth(today, -4)));
    expect(early).toBe(monthRange(firstMonth, shiftMonth(today, -4)).length);
    // Back today: the three months missed meanwhile are saved, nothing twice.
    expect(await saveDueMonthlyReports(db(), { locationId: mall._id })).toBe(3);
    expect(await monthsOf(mall._id)).toEqual(monthRange(firstMonth, lastMonth));
    expect(await saveDueMonthlyReports(db(), { locationId: mall._id })).toBe(0);
    expect(await saveDueMonthlyReports(db())).toBeGreaterThan(0); // the other mall's
    expect(await saveDueMonthlyReports(db())).toBe(0);
    expect(await monthsOf(mall._id)).toEqual(monthRange(firstMonth, lastMonth));
    // The current month is never saved before it ends.
    expect(await monthsOf(mall._id)).not.toContain(shiftMonth(today, 0));
  });

  it('saves a month when it ends on the mall’s own clock, once however many runs meet', async () => {
    const ahead = await ctx.newLocation({ location_meta: { timezone: 'Pacific/Kiritimati' } });
    const behind = await ctx.newLocation({ location_meta: { timezone: 'Pacific/Pago_Pago' } });
    await db()
      .update(locations)
      .set({ created_at: new Date(Date.now() - 40 * 86_400_000) })
      .where(inArray(locations._id, [ahead._id, behind._id]));
    const nextMonth = shiftMonth(new Date().toISOString().slice(0, 10), 1);
    const month = shiftMonth(nextMonth, -1);
    // Noon UTC of this month's last day: the 1st at 02:00 at UTC+14, still the last day at UTC-11.
    const lastDayNoon = new Date(Date.parse(`${nextMonth}T00:00:00Z`) - 12 * 3_600_000);
    for (const mall of [ahead, behind])
      await Promise.all([
        saveDueMonthlyReports(db(), { locationId: mall._id, now: lastDayNoon }),
        saveDueMonthlyReports(db(), { locationId: mall._id, now: lastDayNoon }),
      ]);
    const aheadMonths = await monthsOf(ahead._id);
    expect(aheadMonths).toContain(month);
    expect(new Set(aheadMonths).size).toBe(aheadMonths.length);
    expect(await monthsOf(behind._id)).toContain(shiftMonth(month, -1));
    expect(await monthsOf(behind._id)).not.toContain(month);
    // Noon UTC of the 1st: 01:00 at UTC-11, its month has ended too.
    await saveDueMonthlyReports(db(), { locationId: behind._id, now: new Date(`${nextMonth}T12:00:00Z`) });
    expect(await monthsOf(behind._id)).toContain(month);
    const [report] = await db()
      .select({ data: monthlyReports.monthly_report_data })
      .from(monthlyReports)
      .where(and(eq(monthlyReports.location_id, behind._id), eq(monthlyReports.monthly_report_month, month)));
    // A month without activity is saved with zeros.
    expect(report!.data.figures.dashboard_receipts).toEqual({ value: 0, previous: 0 });
    expect(report!.data.stores).toEqual([]);
  });

  it('lists the mall’s reports newest first, a page at a time, the month named in the request’s language', async () => {
    const all = await monthsOf(mall._id);
    const page = await get(mall, '/reports/monthly-reports?limit=2&currentPage=1');
    expect(page.statusCode).toBe(200);
    const body = page.json() as ListResponse<MonthlyReport>;
    expect(body.pagination).toMatchObject({ total: all.length, limit: 2, currentPage: 1 });
    expect(body.data.map((row) => row.monthly_report_month)).toEqual([all.at(-1), all.at(-2)]);
    expect(body.data[0]!.monthly_report_pretty_date).toBe(monthlyReportPrettyDate(lastMonth, 'tr'));
    const english = (
      await get(mall, '/reports/monthly-reports?limit=1', 'en')
    ).json() as ListResponse<MonthlyReport>;
    expect(english.data[0]!.monthly_report_pretty_date).toBe(monthlyReportPrettyDate(lastMonth, 'en'));
    expect(monthlyReportPrettyDate('2026-10-01', 'tr')).toBe('Ekim 2026');
    expect(monthlyReportPrettyDate('2026-08-01', 'tr')).toBe('Ağustos 2026');
    expect(monthlyReportPrettyDate('2026-10-01', 'en')).toBe('October 2026');
    // Another mall's reports are never listed.
    const otherIds = (
      await db()
        .select({ _id: monthlyReports._id })
        .from(monthlyReports)
        .where(eq(monthlyReports.location_id, other._id))
    ).map((row) => row._id);
    expect(otherIds.length).toBeGreaterThan(0);
    const everything = (
      await get(mall, '/reports/monthly-reports?limit=100')
    ).json() as ListResponse<MonthlyReport>;
    expect(everything.data.some((row) => otherIds.includes(row._id))).toBe(false);
    expect((await get(mall, '/reports/monthly-reports?sort=x')).statusCode).toBe(400);
    // The keyword finds a month by its name in either language, Turkish letters folded.
    for (const lang of ['tr', 'en'] as const) {
      const name = monthlyReportPrettyDate(lastMonth, lang).toLocaleUpperCase(lang);
      const found = (
        await get(mall, `/reports/monthly-reports?keyword=${encodeURIComponent(name)}`)
      ).json() as ListResponse<MonthlyReport>;
      expect(found.data.map((row) => row.monthly_report_month)).toEqual([lastMonth]);
    }
  });

  const reportOf = async (month: string) => {
    const [row] = await db()
      .select({ _id: monthlyReports._id })
      .from(monthlyReports)
      .where(and(eq(monthlyReports.location_id, mall._id), eq(monthlyReports.monthly_report_month, month)));
    const response = await get(mall, `/reports/monthly-reports/${row!._id}`);
    expect(response.statusCode).toBe(200);
    return response.json() as MonthlyReportDetail;
  };

  it('holds the dashboard’s figures for the month, the month before’s beside them', async () => {
    for (const month of [lastMonth, shiftMonth(today, -2)]) {
      const report = await reportOf(month);
      const dashboardOf = async (first: string) =>
        (
          await get(
            mall,
            `/data/dashboard?interval=date_range&startDate=${first}&endDate=${lastDayOf(first)}`,
          )
        ).json() as MallDashboard;
      const [current, before] = await Promise.all([dashboardOf(month), dashboardOf(shiftMonth(month, -1))]);
      const figures = report.monthly_report_data.figures;
      expect(withoutPrevious(figures)).toEqual(withoutPrevious(current));
      if (month === lastMonth) expect(figures.dashboard_receipts.value).toBeGreaterThan(0);
      for (const key of monthlyReportFigures) expect(figures[key].previous, key).toBe(before[key].value);
      expect(figures.dashboard_customers_by_gender.map((row) => row.previous)).toEqual(
        before.dashboard_customers_by_gender.map((row) => row.value),
      );
      expect(figures.dashboard_previous_from).toBe(shiftMonth(month, -1));
      expect(figures.dashboard_previous_to).toBe(lastDayOf(shiftMonth(month, -1)));
      expect(report.location_name).toBe(mall.location_name);
    }
  });

  it('lists every store and campaign with receipts that month, as the receipts table counts them', async () => {
    const direct = async (column: 'store_id' | 'campaign_id', month: string) =>
      rowsOf<{ id: string; receipts: number; amount: number }>(
        await db().execute(sql`
          select ${sql.raw(column)} as id, count(*)::int as receipts,
                 sum(case when currency = 'TRY' then receipt_amount else 0 end)::float8 as amount
            from receipts
           where location_id = ${mall._id} and receipt_status = 'approved' and ${sql.raw(column)} is not null
             and receipt_day between ${month}::date and ${lastDayOf(month)}::date
           group by 1 order by 1`),
      ).map((row) => ({
        id: row.id,
        receipts: Number(row.receipts),
        amount: Math.round(Number(row.amount) * 100) / 100,
      }));
    for (const month of await monthsOf(mall._id)) {
      const report = await reportOf(month);
      const { stores, campaigns } = report.monthly_report_data;
      const byId = <Row extends { receipts: number; receipt_amount: number }>(
        rows: Row[],
        id: (row: Row) => string,
      ) =>
        rows
          .map((row) => ({ id: id(row), receipts: row.receipts, amount: row.receipt_amount }))
          .sort((a, b) => (a.id < b.id ? -1 : 1));
      expect(
        byId(stores, (row) => row.store_id),
        month,
      ).toEqual(await direct('store_id', month));
      expect(
        byId(campaigns, (row) => row.campaign_id),
        month,
      ).toEqual(await direct('campaign_id', month));
      const previous = await direct('store_id', shiftMonth(month, -1));
      for (const row of stores)
        expect(row.previous_receipt_amount).toBe(
          previous.find((entry) => entry.id === row.store_id)?.amount ?? 0,
        );
      expect(stores.every((row) => row.store_name !== '')).toBe(true);
    }
  });

  it('answers 404 report not found for a missing report or another mall’s, in the request’s language', async () => {
    const [foreign] = await db()
      .select({ _id: monthlyReports._id })
      .from(monthlyReports)
      .where(eq(monthlyReports.location_id, other._id));
    for (const id of [foreign!._id, '0123456789abcdef01234567'])
      for (const suffix of ['', '/xlsx', '/pdf']) {
        const tr = await get(mall, `/reports/monthly-reports/${id}${suffix}`);
        expect(tr.statusCode).toBe(404);
        expect(tr.json()).toMatchObject({ code: 'REPORT_NOT_FOUND', message: 'Rapor bulunamadı' });
        const en = await get(mall, `/reports/monthly-reports/${id}${suffix}`, 'en');
        expect(en.json()).toMatchObject({ code: 'REPORT_NOT_FOUND', message: 'Report not found' });
      }
    const bad = await get(mall, '/reports/monthly-reports/not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('id');
    // The other mall still reads its own.
    expect((await get(other, `/reports/monthly-reports/${foreign!._id}`)).statusCode).toBe(200);
  });

  it('downloads the report as an xlsx holding the figures, the campaigns and the stores', async () => {
    const report = await reportOf(lastMonth);
    const response = await get(mall, `/reports/monthly-reports/${report._id}/xlsx`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(String(response.headers['content-disposition'])).toContain('.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual(['Özet', 'Kampanyalar', 'Mağazalar']);
    const summary = book.getWorksheet('Özet')!;
    const rowOf = (label: string) => {
      let found: ExcelJS.Row | undefined;
      summary.eachRow((row) => {
        if (row.getCell(1).value === label) found = row;
      });
      return found!;
    };
    const figures = report.monthly_report_data.figures;
    const receipts = rowOf('Onaylı fişler');
    expect(receipts.getCell(2).value).toBe(figures.dashboard_receipts.value);
    expect(receipts.getCell(3).value).toBe(figures.dashboard_receipts.previous);
    expect(receipts.getCell(2).numFmt).toBe('#,##0');
    const amount = rowOf('Fiş tutarı');
    expect(amount.getCell(2).value).toBe(figures.dashboard_receipt_amount.value);
    expect(amount.getCell(2).numFmt).toContain('₺');
    expect(rowOf('Yeni müşteriler').getCell(2).value).toBe(figures.dashboard_customers.value);
    const stores = book.getWorksheet('Mağazalar')!;
    expect(stores.rowCount).toBe(report.monthly_report_data.stores.length + 1);
    const first = report.monthly_report_data.stores[0]!;
    expect(stores.getRow(2).getCell(1).value).toBe(first.store_name);
    expect(stores.getRow(2).getCell(3).value).toBe(first.receipt_amount);
    expect(book.getWorksheet('Kampanyalar')!.rowCount).toBe(report.monthly_report_data.campaigns.length + 1);
    const english = await get(mall, `/reports/monthly-reports/${report._id}/xlsx`, 'en');
    const book2 = new ExcelJS.Workbook();
    await book2.xlsx.load(english.rawPayload as unknown as ArrayBuffer);
    expect(book2.worksheets.map((sheet) => sheet.name)).toEqual(['Summary', 'Campaigns', 'Stores']);
  });

  it('downloads the report as an A4 PDF naming the mall and the month, with Turkish letters in its font', async () => {
    const report = await reportOf(lastMonth);
    const response = await get(mall, `/reports/monthly-reports/${report._id}/pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const bytes = response.rawPayload;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(pdf.getTitle()).toContain(report.monthly_report_pretty_date);
    expect(pdf.getTitle()).toContain(mall.location_name);
    const [width, height] = [pdf.getPage(0).getWidth(), pdf.getPage(0).getHeight()];
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    // The text's glyphs map back to Unicode: ğ ı ş ö ü of 'Değişim', 'Onaylı fişler', 'Gösterge', 'Müşteriler'.
    const text = bytes.toString('latin1');
    const maps: string[] = [];
    for (const match of text.matchAll(/stream\r?\n/g)) {
      const start = match.index! + match[0].length;
      const end = text.indexOf('endstream', start);
      try {
        maps.push(inflateSync(bytes.subarray(start, end)).toString('latin1'));
      } catch {
        // Not a deflated stream.
      }
    }
    const toUnicode = maps.filter((stream) => stream.includes('beginbfchar')).join('\n');
    for (const code of ['011f', '0131', '015f', '00f6', '00fc']) expect(toUnicode).toContain(`<${code}>`);
    // No character fell to .notdef (glyph 0).
    expect(toUnicode.replaceAll('<0000> <ffff>', '')).not.toContain('<0000>');
    // The font travels with the file (its dictionaries sit in compressed object streams).
    expect(maps.join('\n')).toContain('/FontFile2');
    expect(maps.join('\n')).toContain('/Identity-H');
  });

  it('writes long tables over several A4 pages, in English too', async () => {
    const report = await reportOf(lastMonth);
    const stores = Array.from({ length: 120 }, (_, index) => ({
      ...report.monthly_report_data.stores[0]!,
      store_name: `Mağaza ${index} — Şişli Çarşı İğdır Gıda Ürünleri ve çok uzun bir ad, tabloya sığmasın diye`,
    }));
    const long = {
      ...report,
      monthly_report_pretty_date: monthlyReportPrettyDate(lastMonth, 'en'),
      monthly_report_data: { ...report.monthly_report_data, stores },
    };
    const bytes = await monthlyReportPdf(long, 'en', reportFonts()!, 'Europe/Istanbul');
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(3);
    expect(pdf.getTitle()).toContain(`Monthly Report · ${monthlyReportPrettyDate(lastMonth, 'en')}`);
    for (const page of pdf.getPages()) expect(Math.round(page.getWidth())).toBe(595);
  });
});
