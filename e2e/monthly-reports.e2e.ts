import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { useBrowser } from './support/browser';

/**
 * Issue 18 #3 and #5: a new machine's demo mall has a year of monthly reports; the staff open the
 * list from the Raporlar group, look at one report's figures and download it as Excel and PDF.
 */
describe('monthly reports', () => {
  const browser = useBrowser();
  const files = mkdtempSync(join(tmpdir(), 'avlu-monthly-reports-e2e-'));

  it('lists a year of saved reports, newest first, and opens one', async () => {
    const { page } = browser;
    await browser.open('/reports');
    await page.waitForURL('**/reports/monthly-reports');
    const grid = page.getByRole('grid', { name: 'Aylık Raporlar' });
    await grid.getByRole('row').nth(1).waitFor();
    // Ten a page: at least twelve months are saved.
    await expect.poll(async () => await grid.getByRole('row').count()).toBe(11);
    const first = grid.getByRole('row').nth(1);
    expect(await first.textContent()).toMatch(
      /(Ocak|Şubat|Mart|Nisan|Mayıs|Haziran|Temmuz|Ağustos|Eylül|Ekim|Kasım|Aralık) 20\d\d/,
    );
    await browser.screenshot('monthly-reports-list');
    await expectAccessible(page, 'monthly reports list');

    await first.locator('[data-field="monthly_report_pretty_date"] a').click();
    await page.getByRole('table', { name: 'Özet' }).waitFor();
    await page.getByRole('table', { name: 'Mağaza' }).waitFor();
    await browser.screenshot('monthly-report-detail');
    await expectAccessible(page, 'monthly report');
  });

  it('downloads the report as Excel and reads its figures back', async () => {
    const { page } = browser;
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Excel indir' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Aylık Rapor .+ 20\d\d\.xlsx$/);
    const path = join(files, 'rapor.xlsx');
    await download.saveAs(path);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync(path) as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Özet', 'Kampanyalar', 'Mağazalar']);
    const summary = workbook.getWorksheet('Özet')!;
    let receipts = 0;
    summary.eachRow((row) => {
      if (row.getCell(1).value === 'Onaylı fişler') receipts = Number(row.getCell(2).value);
    });
    expect(receipts).toBeGreaterThan(100);
    expect(workbook.getWorksheet('Mağazalar')!.rowCount).toBeGreaterThan(10);

    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'PDF indir' }).click(),
    ]);
    const pdfPath = join(files, 'rapor.pdf');
    await pdf.saveAs(pdfPath);
    expect(readFileSync(pdfPath).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
