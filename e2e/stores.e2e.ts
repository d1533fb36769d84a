import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { useBrowser } from './support/browser';

/** Digits from the clock: a second run on the same database adds new names, as names are unique per mall. */
const stamp = String(Date.now()).slice(-5);

/**
 * Issue 13's store directory: the system admin adds a category and a store with a logo under
 * Ayarlar, finds it in the list, and edits it.
 */
describe('store directory', () => {
  const browser = useBrowser();
  const category = `Evcil Hayvan ${stamp}`;
  const store = `Pati Dünyası ${stamp}`;
  const files = mkdtempSync(join(tmpdir(), 'avlu-stores-e2e-'));

  it('lists the demo mall’s stores under Ayarlar and is accessible', async () => {
    const { page } = browser;
    await browser.open('/settings/stores');
    const grid = page.getByRole('grid', { name: 'Mağazalar' });
    await grid.getByRole('row').nth(1).waitFor();
    // The sidebar's Ayarlar group leads here.
    await page.getByRole('navigation').getByRole('link', { name: 'Mağaza Kategorileri' }).waitFor();
    await expectAccessible(page, 'the store list');
    await browser.screenshot('stores-list');
  });

  it('adds a category with both names', async () => {
    const { page } = browser;
    await browser.open('/settings/store-categories/new');
    await page.getByRole('textbox', { name: 'Kategori adı (Türkçe)' }).fill(category);
    await page.getByRole('textbox', { name: 'Kategori adı (İngilizce)' }).fill(`Pets ${stamp}`);
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await page.waitForURL(/\/settings\/store-categories$/);
    await page.getByText('Kategori eklendi').waitFor();
  });

  it('adds a store with a logo, finds it in the list and edits it', async () => {
    const { page } = browser;
    const logo = join(files, 'pati.png');
    writeFileSync(
      logo,
      await sharp({ create: { width: 120, height: 120, channels: 3, background: '#2e7d5b' } })
        .png()
        .toBuffer(),
    );
    await browser.open('/settings/stores/new');
    await page.getByRole('textbox', { name: 'Mağaza adı' }).fill(store);
    // Saving without the rest says what is missing, under each field.
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await page.getByText('Bu alan zorunludur').first().waitFor();
    await expectAccessible(page, 'the store form with its errors');
    await page.getByRole('combobox', { name: 'Kategori' }).click();
    await page.getByRole('option', { name: category }).click();
    await page.getByRole('textbox', { name: 'Kat', exact: true }).fill('1. Kat');
    await page.getByRole('textbox', { name: 'Birim no' }).fill('1-101');
    await page.getByRole('textbox', { name: 'Telefon' }).fill('0212 345 67 89');
    await page.getByRole('textbox', { name: 'Web sitesi' }).fill('https://www.pati.example.com');
    await page.locator('input[type="file"]').setInputFiles(logo);
    await page.getByRole('img', { name: 'Önizleme' }).waitFor();
    await browser.screenshot('stores-form');
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await page.waitForURL(/\/settings\/stores$/);
    await page.getByText('Mağaza eklendi').waitFor();

    await page.getByRole('searchbox').fill('pati dunyasi');
    const grid = page.getByRole('grid', { name: 'Mağazalar' });
    const row = grid.getByRole('row').filter({ hasText: store });
    await row.waitFor();
    await expect.poll(() => grid.getByRole('row').count()).toBe(2);
    expect(await row.textContent()).toContain('1. Kat · 1-101');
    expect(await row.textContent()).toContain('0212 345 67 89');
    // The logo is our stored file, shown as the row's thumbnail.
    const src = await row.locator('img').getAttribute('src');
    expect(src).toMatch(/^\/api\/files\/[A-Za-z0-9_-]{43}\.(png|webp|jpg)$/);
    await browser.screenshot('stores-list-found');

    await row.getByText(store, { exact: true }).click();
    await page.waitForURL(/\/settings\/stores\/[0-9a-f]{24}\/edit$/);
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Telefon' }).inputValue())
      .toBe('0212 345 67 89');
    await page.getByRole('textbox', { name: 'Birim no' }).fill('1-102');
    await page.getByRole('switch', { name: 'Aktif' }).click();
    await expectAccessible(page, 'the store edit form');
    await browser.screenshot('stores-edit');
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await page.waitForURL(/\/settings\/stores(\?.*)?$/);
    await page.getByText('Mağaza güncellendi').waitFor();
    await page.getByRole('searchbox').fill('pati dunyasi');
    const edited = page.getByRole('grid', { name: 'Mağazalar' }).getByRole('row').filter({ hasText: store });
    await edited.getByText('1. Kat · 1-102').waitFor();
    await edited.getByText('Pasif').waitFor();
  });
});
