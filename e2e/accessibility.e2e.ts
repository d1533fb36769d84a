import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { type Browser, openBrowser } from './support/browser';

const LANGUAGES = ['tr', 'en'] as const;
const VIEWPORTS = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } } as const;

/**
 * The back-office's main screens, each ready once its h1 is there and nothing is loading any more;
 * every one but the home screen and the 404 shows the way back home in its breadcrumbs.
 */
const SCREENS = [
  { name: 'dashboard', path: '/app', crumbs: false },
  { name: 'customer-list', path: '/customers/filter', crumbs: true },
  { name: 'users', path: '/user/users', crumbs: true },
  { name: 'roles', path: '/user/roles', crumbs: true },
  { name: 'locations', path: '/settings/locations', crumbs: true },
  { name: 'channels', path: '/registration/channels', crumbs: true },
  { name: 'not-found', path: '/bu/sayfa/yok', crumbs: false },
] as const;

const HOME = { tr: { trail: 'Sayfa yolu', home: 'Ana Sayfa' }, en: { trail: 'Breadcrumb', home: 'Home' } };

const settle = async ({ page }: Browser) => {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.locator('[role="progressbar"], .MuiSkeleton-root').first().waitFor({ state: 'detached' });
};

/**
 * Issue 12: axe-core finds no serious or critical violation on the main back-office screens, in
 * Turkish and English, on a desktop and on a phone (the micro-site's pages are checked in its own
 * journey). Each screen is saved to .e2e/screenshots/a11y-<screen>-<language>-<width>.png.
 */
describe.each(Object.entries(VIEWPORTS))('accessibility on a %s', (_, viewport) => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await openBrowser({ viewport });
  });
  afterAll(async () => {
    await browser?.close();
  });

  const check = async (name: string, language: string) => {
    await settle(browser);
    await browser.screenshot(`a11y-${name}-${language}-${viewport.width}`);
    await expectAccessible(browser.page, `${name} (${language}, ${viewport.width}px)`);
  };

  it.each(LANGUAGES)('the login page in %s', async (language) => {
    await browser.open('/auth/login', { language });
    await check('login', language);
  });

  it.each(LANGUAGES)('the signed-in screens in %s', async (language) => {
    const { page } = browser;
    if (language === 'tr') await browser.signIn();
    for (const screen of SCREENS) {
      await browser.open(screen.path, { language });
      await check(screen.name, language);
      const trail = page.getByRole('navigation', { name: HOME[language].trail });
      if (screen.crumbs)
        expect(await trail.getByRole('link', { name: HOME[language].home }).getAttribute('href')).toBe(
          '/app',
        );
      else expect(await trail.count()).toBe(0);
    }
    await browser.open('/customers/filter', { language });
    await page.getByRole('grid').getByRole('row').nth(1).locator('[data-field="customer_surname"]').click();
    await page.waitForURL(/\/customers\/[0-9a-f]{24}\/detail/);
    await check('customer-detail', language);
  });
});
