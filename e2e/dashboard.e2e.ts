import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { useBrowser } from './support/browser';

const VIEWPORTS = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } } as const;

const TEXTS = {
  tr: {
    customers: 'Yeni müşteri',
    amount: 'Fiş tutarı',
    period: 'Dönem',
    week: 'Son 7 gün',
    tables: 'Grafiklerin tablolarını göster',
    gender: 'Cinsiyete göre yeni müşteriler',
    stores: 'Fiş tutarına göre öne çıkan mağazalar',
    // 1.234.567 and ₺1.234.567
    count: /^\d{1,3}(\.\d{3})*$/,
    money: /^₺\d{1,3}(\.\d{3})*$/,
  },
  en: {
    customers: 'New customers',
    amount: 'Receipt amount',
    period: 'Period',
    week: 'Last 7 days',
    tables: 'Show the charts’ tables',
    gender: 'New customers by gender',
    stores: 'Top stores by receipt amount',
    count: /^\d{1,3}(,\d{3})*$/,
    money: /^₺\d{1,3}(,\d{3})*$/,
  },
} as const;

/**
 * Issue 18 #1: the mall dashboard on the demo data, in Turkish and English, light and dark, on a
 * desktop and on a phone: the figures in the language's format, every chart with its table, no
 * serious accessibility violation, nothing wider than the screen. Each is saved to
 * .e2e/screenshots/dashboard-<language>-<mode>-<width>.png to look at.
 */
describe.each(Object.entries(VIEWPORTS))('the dashboard on a %s', (_, viewport) => {
  const browser = useBrowser({ viewport });

  it.each([
    ['tr', 'light'],
    ['en', 'dark'],
    ['tr', 'dark'],
    ['en', 'light'],
  ] as const)('in %s, %s', async (language, mode) => {
    const { page } = browser;
    const texts = TEXTS[language];
    await browser.open('/404');
    await page.evaluate(
      ([lng, themeMode]) => {
        localStorage.setItem('i18nextLng', lng);
        const stored = JSON.parse(localStorage.getItem('settings') ?? '{}') as Record<string, unknown>;
        localStorage.setItem('settings', JSON.stringify({ ...stored, themeMode }));
      },
      [language, mode] as const,
    );
    await page.goto('/app');
    const customers = page.getByRole('region', { name: texts.customers, exact: true });
    await customers.waitFor({ timeout: 60_000 });
    await page.locator('.MuiSkeleton-root, [role="progressbar"]').first().waitFor({ state: 'detached' });

    // The figures in the language's format; the demo malls have customers and receipts.
    const count = (await customers.locator('p').first().textContent()) ?? '';
    expect(count).toMatch(texts.count);
    const amount = page.getByRole('region', { name: texts.amount, exact: true });
    expect((await amount.locator('p').first().textContent()) ?? '').toMatch(texts.money);

    // Each chart's table holds its rows (read by screen readers, shown on demand).
    await page.getByRole('switch', { name: texts.tables }).check();
    const gender = page.getByRole('table', { name: texts.gender });
    await gender.waitFor();
    expect(await gender.getByRole('rowheader').count()).toBe(3);
    expect(
      await page.getByRole('table', { name: texts.stores }).getByRole('rowheader').count(),
    ).toBeGreaterThan(0);

    // Nothing wider than the screen.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);

    await page.getByRole('switch', { name: texts.tables }).uncheck();
    await browser.screenshot(`dashboard-${language}-${mode}-${viewport.width}`);
    await expectAccessible(page, `dashboard (${language}, ${mode}, ${viewport.width}px)`);
  });

  it('keeps the period in the address and asks for it', async () => {
    const { page } = browser;
    await browser.open('/app', { language: 'tr' });
    await page.getByRole('region', { name: TEXTS.tr.customers, exact: true }).waitFor({ timeout: 60_000 });
    const asked = page.waitForRequest((request) =>
      /\/api\/data\/dashboard\?.*interval=last_7_days/.test(request.url()),
    );
    await page.getByRole('combobox', { name: TEXTS.tr.period }).click();
    await page.getByRole('option', { name: TEXTS.tr.week }).click();
    await asked;
    await page.waitForURL(/\/app\?interval=last_7_days$/);
    await page.reload();
    await expect
      .poll(() => page.getByRole('combobox', { name: TEXTS.tr.period }).textContent(), { timeout: 30_000 })
      .toBe(TEXTS.tr.week);
  });
});
