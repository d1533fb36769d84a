import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACK_OFFICE_PAGES } from '../bench/back-office-bundle';
import { firstLoad, gzippedJs, readManifest } from '../bench/lib/web-build';
import { MICRO_SITE_BUDGET_BYTES, MICRO_SITE_PAGES } from '../bench/micro-site-bundle';
import { type Browser, openBrowser } from './support/browser';
import { adminToken, firstMall } from './support/micro-site';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** What one full load of the page fetched: the app's scripts with their answers, and the API calls. */
const recordLoad = async (page: Page, load: () => Promise<void>) => {
  const scripts = new Map<string, Response>();
  const calls: string[] = [];
  const failed: string[] = [];
  const onResponse = (response: Response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js'))
      scripts.set(url.pathname.slice(1), response);
  };
  const onRequest = (request: { url: () => string; method: () => string }) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push(`${request.method()} ${url.pathname}`);
  };
  const onFailed = (request: { url: () => string; method: () => string }) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) failed.push(`${request.method()} ${url.pathname}`);
  };
  page.on('response', onResponse);
  page.on('request', onRequest);
  page.on('requestfailed', onFailed);
  try {
    await load();
    await page.waitForLoadState('networkidle');
  } finally {
    page.off('response', onResponse);
    page.off('request', onRequest);
    page.off('requestfailed', onFailed);
  }
  return { scripts, calls, failed };
};

/**
 * Issue 12 §13: a full load of a page fetches the scripts `npm run bench` counts (within its budget),
 * each hashed file compressed and cached for a year, and sends each API call once, none cancelled.
 */
describe('loading costs', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
    // Every load below is a cold one: nothing comes from the browser's cache.
    const cdp = await browser.context.newCDPSession(browser.page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  });
  afterAll(async () => {
    await browser?.close();
  });

  const expectFirstLoad = async (
    { modules, budgetBytes }: { modules: readonly string[]; budgetBytes: number },
    scripts: Map<string, Response>,
  ) => {
    const counted = firstLoad(readManifest(), modules);
    // The bench counts exactly what the browser fetched.
    expect([...scripts.keys()].sort()).toEqual([...counted].sort());
    expect(gzippedJs(counted)).toBeLessThanOrEqual(budgetBytes);
    for (const [file, response] of scripts) {
      const headers = response.headers();
      expect(headers['cache-control'], file).toBe(IMMUTABLE);
      // Files under 1 KB are sent as they are (apps/web/precompress.ts); the rest precompressed.
      if (Number(headers['content-length'] ?? 0) >= 1024 || headers['content-encoding'])
        expect(headers['content-encoding'], file).toBe('br');
    }
  };

  it('loads the login page within its budget, compressed and cached for a year', async () => {
    const { page } = browser;
    await browser.open('/auth/login', { language: 'tr' });
    const { scripts } = await recordLoad(page, async () => {
      await page.reload();
      await page.getByLabel('E-posta').waitFor();
    });
    await expectFirstLoad(BACK_OFFICE_PAGES.login, scripts);
    const html = await page.request.get('/auth/login', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(html.headers()['cache-control']).toBe('no-cache');
  });

  it('loads the customer list with each API call once, none cancelled, within its budget', async () => {
    const { page } = browser;
    await browser.signIn();
    const { scripts, calls, failed } = await recordLoad(page, async () => {
      await page.goto('/customers/filter');
      await page.getByRole('grid', { name: 'Müşteri Listesi' }).getByRole('row').nth(1).waitFor();
      await page.getByText(/^Toplam [\d.]+ müşteri$/).waitFor();
    });
    expect(calls).toEqual(
      expect.arrayContaining(['GET /api/core/admin/profile', 'POST /api/customer/filter']),
    );
    expect(calls.filter((call, index) => calls.indexOf(call) !== index)).toEqual([]);
    expect(failed).toEqual([]);
    await expectFirstLoad(BACK_OFFICE_PAGES.customers, scripts);
  });

  // The micro-site's guest pages, as a customer's phone first opens them (the others need a customer).
  it.each([
    ['login', 'Giriş yapın'],
    ['register', 'Üye olun'],
  ] as const)(
    'loads the micro-site at /%s within its budget, compressed and cached for a year',
    async (path, heading) => {
      const { page } = browser;
      const mall = await firstMall(await adminToken());
      await browser.open(`/micro-site/${mall.location_token}/${path}`, { language: 'tr' });
      const { scripts } = await recordLoad(page, async () => {
        await page.reload();
        await page.getByRole('heading', { name: heading }).waitFor();
      });
      await expectFirstLoad(
        { modules: MICRO_SITE_PAGES[path], budgetBytes: MICRO_SITE_BUDGET_BYTES },
        scripts,
      );
    },
  );
});
