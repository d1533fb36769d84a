import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';

/**
 * Issue 12 #3, #10, #15, #19 in the shared list, on the demo customer list: rows are links that open
 * by keyboard and in a new tab, the search shows that it waits, the sidebar can be skipped, and the
 * age and province columns sort.
 */
describe('data table', () => {
  const browser = useBrowser();

  const openList = async (query = '') => {
    const { page } = browser;
    await browser.open(`/customers${query}`);
    const grid = page.getByRole('grid', { name: 'Müşteri Listesi' });
    await grid.getByRole('row').nth(1).waitFor();
    return grid;
  };

  it('skips the menus to the page, then moves through the rows with the arrow keys and opens one with Enter', async () => {
    const { page } = browser;
    const grid = await openList();
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('İçeriğe geç');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');

    const second = grid.getByRole('row').nth(2);
    const href = await second.getByRole('link').getAttribute('href');
    expect(href).toMatch(/^\/customers\/[0-9a-f]{24}\/detail$/);
    // From the search box: the export button, then the grid (its first header), two rows down, and
    // right to the surname, a cell that is not the link.
    await page.getByRole('searchbox', { name: 'Ara' }).focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await page.waitForURL(`**${href}`);
  });

  it('opens a row in a new tab with Ctrl+click, and follows it with a plain click', async () => {
    const { page, context } = browser;
    const grid = await openList();
    const row = grid.getByRole('row').nth(1);
    const href = await row.getByRole('link').getAttribute('href');
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      row.locator('[data-field="customer_phone"]').click({ modifiers: ['Control'] }),
    ]);
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toBe(href);
    await tab.close();
    expect(new URL(page.url()).pathname).toBe('/customers');

    await row.locator('[data-field="customer_phone"]').click();
    await page.waitForURL(`**${href}`);
  });

  it('dims the rows while typed text waits for its search, and says so', async () => {
    const { page } = browser;
    const grid = await openList();
    const busy = page.locator('[aria-busy]').filter({ has: grid });
    await expect.poll(() => busy.getAttribute('aria-busy')).toBe('false');
    await page.getByRole('searchbox', { name: 'Ara' }).fill('ay');
    // The smart search waits 3 seconds: meanwhile the rows are the old ones, dimmed.
    await expect.poll(() => busy.getAttribute('aria-busy')).toBe('true');
    await expect(
      page.getByRole('status').filter({ hasText: 'Yazmayı bitirdiğinizde aranacak' }).count(),
    ).resolves.toBe(1);
    await browser.screenshot('data-table-search-pending');
    await page.waitForURL(/keyword=ay/);
    await expect.poll(() => busy.getAttribute('aria-busy'), { timeout: 15_000 }).toBe('false');
  });

  it('sorts by province in Turkish alphabetical order and by age', async () => {
    const { page } = browser;
    const grid = await openList();
    await grid.getByRole('columnheader', { name: 'İl' }).click();
    await page.waitForURL(/orderBy=customer_province&order=asc/);
    const alphabetical = new Intl.Collator('tr').compare;
    await expect
      .poll(async () => {
        const provinces = (
          await grid.locator('[role="gridcell"][data-field="customer_province"]').allTextContents()
        ).filter((province) => province !== '—');
        return provinces.length > 1 && provinces.join() === [...provinces].sort(alphabetical).join();
      })
      .toBe(true);

    await grid.getByRole('columnheader', { name: 'Yaş' }).click();
    await page.waitForURL(/orderBy=age&order=asc/);
    await expect
      .poll(async () => {
        const ages = (await grid.locator('[role="gridcell"][data-field="age"]').allTextContents()).map(
          Number,
        );
        return ages.length > 1 && ages.every((age, index) => index === 0 || age >= ages[index - 1]!);
      })
      .toBe(true);
    await browser.screenshot('data-table-sorted-by-age');
  });
});
