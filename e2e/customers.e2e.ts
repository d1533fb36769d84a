import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { openBrowser, useBrowser } from './support/browser';

const text = async (locator: Locator) => ((await locator.textContent()) ?? '').trim();

/** A Turkish mobile number made from the clock, so a second run imports a new customer again. */
const newPhone = () => {
  const digits = String(Date.now()).slice(-7);
  return `0549 ${digits.slice(0, 3)} ${digits.slice(3, 5)} ${digits.slice(5)}`;
};

/**
 * Issue 4's customer screens: the staff find a customer by phone, open the detail, revoke and grant a
 * consent and see both in its history, import a sheet with one bad row, and export the filtered list.
 */
describe('customers', () => {
  const browser = useBrowser();
  let phone = '';
  let name = '';
  const files = mkdtempSync(join(tmpdir(), 'avlu-customers-e2e-'));

  it('lists the demo customers with a live count and filters them', async () => {
    const { page } = browser;
    await browser.open('/customers/filter');
    const grid = page.getByRole('grid', { name: 'Müşteri Listesi' });
    await grid.getByRole('row').nth(1).waitFor();
    await page.getByText(/^Toplam [\d.]+ müşteri$/).waitFor();

    await page.getByRole('button', { name: 'Koşul ekle' }).click();
    await page.getByRole('menuitem', { name: 'Cinsiyet' }).click();
    await page.getByRole('button', { name: 'Kadın' }).click();
    await page.getByText(/^Filtreye uyan [\d.]+ müşteri$/).waitFor();
    await page.waitForURL(/filter=/);
    // Every row shown is a woman's.
    await expect
      .poll(async () => (await grid.getByRole('gridcell', { name: 'Erkek' }).count()) === 0)
      .toBe(true);
    await browser.screenshot('customers-list-filtered');

    // The first woman of the list is the customer of the next steps.
    const first = grid.getByRole('row').nth(1);
    phone = await text(first.locator('[data-field="customer_phone"]'));
    name = await text(first.locator('[data-field="customer_name"]'));
    expect(phone).toMatch(/^0\d{3} \d{3} \d{2} \d{2}$/);
  });

  it('exports the filtered list as an xlsx and reads it back', async () => {
    const { page } = browser;
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Excel’e aktar' }).click(),
    ]);
    const path = join(files, download.suggestedFilename());
    await download.saveAs(path);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    await page.getByText('Müşteri listesi indirildi').waitFor();

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync(path) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    expect(header).toContain('Telefon');
    expect(header).toContain('Cinsiyet');
    const gender = header.indexOf('Cinsiyet') + 1;
    const counted = Number(
      /[\d.]+/.exec(await text(page.getByText(/^Filtreye uyan [\d.]+ müşteri$/)))![0].replace(/\./g, ''),
    );
    expect(sheet.rowCount - 1).toBe(counted);
    const phones = header.indexOf('Telefon') + 1;
    const genders = new Set<string>();
    sheet.eachRow((row, number) => {
      if (number === 1) return;
      genders.add(String(row.getCell(gender).value));
      expect(String(row.getCell(phones).value)).toMatch(/^0\d{3} \d{3} \d{2} \d{2}$/);
    });
    // Values in the screen's words, phones as the list shows them.
    expect([...genders]).toEqual(['Kadın']);

    // The file imports back as it is: every row is a customer the mall already has.
    await browser.open('/customers/import');
    await page.locator('input[type="file"]').setInputFiles(path);
    await page.getByRole('button', { name: 'İçe aktar' }).click();
    const result = page.getByRole('region', { name: 'Aktarım sonucu' });
    await result.waitFor({ timeout: 60_000 });
    expect(await text(result.getByTestId('import-success'))).toBe('0');
    expect(Number((await text(result.getByTestId('import-info'))).replace(/\./g, ''))).toBe(counted);
    expect(await text(result.getByTestId('import-error'))).toBe('0');
  });

  it('exports a demo channel’s customers and confirms it as the customer export does', async () => {
    const { page } = browser;
    await browser.open('/registration/channels');
    const row = page.getByRole('row').filter({ hasText: 'AVM Danışma' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: /Müşterilerini Excel’e aktar/ }).click(),
    ]);
    await page.getByText('AVM Danışma kanalının müşterileri indirildi').waitFor();
    expect(download.suggestedFilename()).toBe('AVM Danışma.xlsx');
    const path = join(files, 'kanal.xlsx');
    await download.saveAs(path);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync(path) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    // The demo customers registered through the mall's channels: the file is not empty.
    expect(sheet.rowCount).toBeGreaterThan(100);
    const channel = header.indexOf('Kayıt kanalı') + 1;
    expect(String(sheet.getRow(2).getCell(channel).value)).toBe('AVM Danışma');
    await browser.screenshot('channels-export-done');
  });

  it('finds the customer by phone and opens the detail', async () => {
    const { page } = browser;
    await browser.open('/customers/search-by-phone');
    await page.getByLabel('Telefon numarası').fill(phone);
    await page.getByRole('button', { name: 'Müşteriyi bul' }).click();
    const found = page.getByRole('region', { name: 'Müşteri bulundu' });
    await found.getByText(phone).waitFor();
    await browser.screenshot('customers-search-by-phone');
    await expectAccessible(page, 'the search by phone');

    await page.getByLabel('Telefon numarası').fill('0549 000 00 01');
    await page.getByRole('button', { name: 'Müşteriyi bul' }).click();
    await page.getByText('0549 000 00 01 numarasıyla bu AVM’de kayıtlı müşteri yok.').waitFor();
    expect(await found.count()).toBe(0);
    await browser.screenshot('customers-search-by-phone-missing');

    await page.getByLabel('Telefon numarası').fill(phone);
    await page.getByRole('button', { name: 'Müşteriyi bul' }).click();
    await page.getByRole('link', { name: 'Müşteri detayını aç' }).click();
    await page.waitForURL(/\/customers\/[0-9a-f]{24}\/detail/);
    await page.getByRole('heading', { name: 'Müşteri Detayı' }).waitFor();
    await page.getByText(name).first().waitFor();
    await browser.screenshot('customers-detail-profile');
  });

  it('revokes and grants a consent, and the history shows both', async () => {
    const { page } = browser;
    await page.getByRole('tab', { name: 'İzinler' }).click();
    const history = page.getByRole('table', { name: 'İzin geçmişi' });
    const call = page.getByRole('switch', { name: 'Arama izni' });
    await call.waitFor();
    const before = await history
      .getByRole('row')
      .count()
      .catch(() => 0);
    const wasOn = await call.isChecked();

    const flip = async (title: string, confirm: string) => {
      await call.click();
      const dialog = page.getByRole('dialog', { name: title });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: confirm }).click();
      await page.getByText('İzin güncellendi').first().waitFor();
    };
    if (wasOn) {
      await flip('Arama izni geri alınsın mı?', 'İzni geri al');
      await flip('Arama izni verilsin mi?', 'İzni ver');
    } else {
      await flip('Arama izni verilsin mi?', 'İzni ver');
      await flip('Arama izni geri alınsın mı?', 'İzni geri al');
    }
    await expect.poll(() => call.isChecked()).toBe(wasOn);

    const rows = history.getByRole('row');
    // The header row, the two new entries, and whatever history there was.
    await expect.poll(() => rows.count()).toBe(Math.max(before, 1) + 2);
    const newest = rows.nth(1);
    const second = rows.nth(2);
    for (const row of [newest, second]) {
      const content = await text(row);
      expect(content).toContain('Arama izni');
      expect(content).toContain('Personel');
    }
    expect(await text(newest)).toContain(wasOn ? 'Verildi' : 'Geri çekildi');
    expect(await text(second)).toContain(wasOn ? 'Geri çekildi' : 'Verildi');
    await browser.screenshot('customers-detail-consents');
    await expectAccessible(page, 'the customer’s consents');
  });

  it('imports a sheet with one bad row and shows the counts and the refused row', async () => {
    const { page } = browser;
    await browser.open('/customers/import');
    await page.getByRole('heading', { name: 'Müşteri Aktarımı' }).waitFor();
    await browser.screenshot('customers-import-empty');

    // The downloaded template is filled in and sent back: its Turkish headers are what the server reads.
    const [template] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Şablonu indir' }).click(),
    ]);
    const templatePath = join(files, template.suggestedFilename());
    await template.saveAs(templatePath);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync(templatePath) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(headers.slice(0, 4)).toEqual(['Telefon', 'Ad', 'Soyad', 'E-posta']);
    // The guide sheet says how to write each column, never its API key.
    const guide = workbook.worksheets[1]!;
    expect((guide.getRow(2).values as unknown[]).slice(1, 3)).toEqual(['Telefon', 'Evet']);
    guide.eachRow((row) => expect(JSON.stringify(row.values)).not.toContain('customer_'));
    const smsColumn = headers.indexOf('SMS izni') + 1;
    expect(smsColumn).toBeGreaterThan(0);
    const add = (cells: (string | null)[], sms?: string) => {
      const row = sheet.addRow(cells);
      if (sms) row.getCell(smsColumn).value = sms;
    };
    add([newPhone(), 'Derya', 'Aktaş', 'derya.aktas@example.com'], 'evet');
    add([phone, name, 'Mevcut', null]);
    add(['12', 'Hatalı', 'Numara', null]);
    const path = join(files, 'musteriler.xlsx');
    writeFileSync(path, Buffer.from(await workbook.xlsx.writeBuffer()));

    await page.locator('input[type="file"]').setInputFiles(path);
    await page.getByText('musteriler.xlsx').waitFor();
    await page.getByRole('button', { name: 'İçe aktar' }).click();

    const result = page.getByRole('region', { name: 'Aktarım sonucu' });
    await result.waitFor({ timeout: 30_000 });
    expect(await text(result.getByTestId('import-success'))).toBe('1');
    expect(await text(result.getByTestId('import-info'))).toBe('1');
    expect(await text(result.getByTestId('import-error'))).toBe('1');
    await result.getByText(/1 satır aktarılamadı/).waitFor();
    const errors = result.getByRole('grid', { name: 'Hatalı satırlar' });
    const refused = errors.getByRole('row').nth(1);
    expect(await text(refused)).toContain('4');
    expect(await text(refused)).toContain('Telefon');
    await browser.screenshot('customers-import-result');
    await expectAccessible(page, 'the import result');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      result.getByRole('button', { name: 'Hatalı satırları indir' }).click(),
    ]);
    const errorsPath = join(files, 'hatalar.xlsx');
    await download.saveAs(errorsPath);
    const back = new ExcelJS.Workbook();
    await back.xlsx.load(readFileSync(errorsPath) as unknown as ArrayBuffer);
    const rows = back.worksheets[0]!;
    // The refused row as it was uploaded, under the file's own header, with the reason after it.
    expect((rows.getRow(1).values as unknown[]).slice(1)).toEqual([...headers, 'Aktarım hatası']);
    expect((rows.getRow(2).values as unknown[]).slice(1, 4)).toEqual(['12', 'Hatalı', 'Numara']);
    expect(String(rows.getRow(2).getCell(headers.length + 1).value)).toMatch(/^Telefon: /);
    expect(rows.rowCount).toBe(2);
  });

  it('combines several conditions with OR and counts more customers than with AND', async () => {
    const { page } = browser;
    await browser.open('/customers/filter');
    const builder = page.getByRole('region', { name: 'Müşteri filtresi' });
    const add = async (kind: string) => {
      await builder.getByRole('button', { name: 'Koşul ekle' }).click();
      await page.getByRole('menuitem', { name: kind, exact: true }).click();
    };
    await add('Yaş aralığı');
    await builder.getByLabel('Yaş aralığı: en az').fill('30');
    await builder.getByLabel('Yaş aralığı: en çok').fill('45');
    await add('İl');
    await builder.getByLabel('İl', { exact: true }).fill('İzm');
    await page.getByRole('option', { name: 'İzmir' }).click();
    await add('İletişim izni');
    await builder.getByRole('button', { name: 'Verilmemiş' }).click();
    const count = page.getByText(/^Filtreye uyan [\d.]+ müşteri$/);
    const number = async () => Number(/[\d.]+/.exec(await text(count))![0].replace(/\./g, ''));
    await page.waitForURL(/consent/);
    await count.waitFor();
    await page.waitForLoadState('networkidle');
    const all = await number();
    await builder.getByRole('button', { name: 'Herhangi biri (VEYA)' }).click();
    await page.waitForURL(/%22or%22|"or"/);
    await expect.poll(number).toBeGreaterThan(all);
    await page.getByRole('grid', { name: 'Müşteri Listesi' }).getByRole('row').nth(1).waitFor();
    await browser.screenshot('customers-list-or-filter');
  });

  it('speaks English on the list and the detail', async () => {
    const { page } = browser;
    await browser.open('/customers/filter');
    await page.getByRole('button', { name: 'Dil' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Customer List' }).waitFor();
    const grid = page.getByRole('grid', { name: 'Customer List' });
    await grid.getByRole('columnheader', { name: 'Phone' }).waitFor();
    await page.getByText(/^[\d,]+ customers in total$/).waitFor();
    await browser.screenshot('customers-list-en');
    await grid.getByRole('row').nth(1).locator('[data-field="customer_surname"]').click();
    await page.getByRole('heading', { name: 'Customer Detail' }).waitFor();
    await page.getByRole('tab', { name: 'Permissions' }).click();
    await page.getByRole('table', { name: 'Consent history' }).waitFor();
    await browser.screenshot('customers-detail-en');
  });

  it('fits the filter builder and the list on a phone', async () => {
    const phoneBrowser = await openBrowser({ viewport: { width: 390, height: 844 } });
    try {
      const { page } = phoneBrowser;
      await phoneBrowser.signIn();
      await phoneBrowser.open('/customers/filter');
      const builder = page.getByRole('region', { name: 'Müşteri filtresi' });
      await builder.getByRole('button', { name: 'Koşul ekle' }).click();
      await page.getByRole('menuitem', { name: 'Yaş aralığı', exact: true }).click();
      await builder.getByLabel('Yaş aralığı: en az').fill('25');
      await builder.getByRole('button', { name: 'Koşul ekle' }).click();
      await page.getByRole('menuitem', { name: 'Doğum tarihi aralığı', exact: true }).click();
      await page.getByText(/^Filtreye uyan [\d.]+ müşteri$/).waitFor();
      await page.getByRole('grid', { name: 'Müşteri Listesi' }).getByRole('row').nth(1).waitFor();
      // Nothing of the page sticks out sideways but the grid's own scrolling.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await phoneBrowser.screenshot('customers-list-phone');
    } finally {
      await phoneBrowser.close();
    }
  });
});
