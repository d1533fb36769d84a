import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { type Browser, openBrowser } from './support/browser';
import { adminToken } from './support/micro-site';

describe('web shell', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sends a guest to the login page, in Turkish', async () => {
    const { page } = browser;
    await browser.open('/');
    await page.waitForURL('**/auth/login');
    await page.getByRole('heading', { name: 'Giriş Yap' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('tr');
    expect(await page.getByLabel('E-posta').isVisible()).toBe(true);
    expect(await page.getByLabel('Şifre', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Beni hatırla' }).isChecked()).toBe(true);
    await browser.screenshot('login-tr');
  });

  it('switches the login page to English and back, and keeps the choice', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Dil' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await page.getByLabel('Email').isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('en');
    await browser.screenshot('login-en');

    await page.reload();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();

    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitem', { name: 'Türkçe' }).click();
    await page.getByRole('heading', { name: 'Giriş Yap' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('tr');
  });

  it('shows validation messages in Turkish when the login form is sent empty', async () => {
    const { page } = browser;
    await browser.open('/auth/login', { language: 'tr' });
    await page.getByRole('button', { name: 'Giriş Yap' }).click();
    await page.getByText('Bu alan zorunludur').first().waitFor();
  });

  it('shows the 404 page, and sends a guest at an unknown path to sign in first', async () => {
    const { page } = browser;
    await browser.open('/404', { language: 'tr' });
    await page.getByRole('heading', { name: 'Sayfa bulunamadı' }).waitFor();
    await browser.screenshot('not-found');
    await expectAccessible(page, 'the 404 page');
    await browser.open('/bu/sayfa/yok', { language: 'tr' });
    await page.waitForURL('**/auth/login');
  });

  it('shows the offline dialog while the connection is lost, and closes it when back', async () => {
    const { page, context } = browser;
    await browser.open('/auth/login', { language: 'tr' });
    await page.getByRole('heading', { name: 'Giriş Yap' }).waitFor();
    await context.setOffline(true);
    const dialog = page.getByRole('dialog', { name: 'İnternet Bağlantınız Kesildi' });
    await dialog.waitFor();
    await browser.screenshot('offline');
    await expectAccessible(page, 'the offline dialog');
    await context.setOffline(false);
    await dialog.waitFor({ state: 'detached' });
  });

  it('serves the API beside the app: health, and the documentation to signed-in staff in production', async () => {
    const { page } = browser;
    const health = await page.request.get('/api/health');
    expect(health.status()).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok' });
    const missing = await page.request.get('/api/no-such-thing', { headers: { 'accept-language': 'en' } });
    expect(missing.status()).toBe(404);
    expect(await missing.json()).toMatchObject({ statusCode: 404, code: 'ROUTE_NOT_FOUND' });
    // API_DOCS defaults to staff in production: strangers get 401, a staff bearer token the document.
    expect((await page.request.get('/api/docs/json')).status()).toBe(401);
    const authorization = `Bearer ${await adminToken()}`;
    const document = await page.request.get('/api/docs/json', { headers: { authorization } });
    expect(document.status()).toBe(200);
    expect((await document.json()).info.title).toBe('Avlu API');
    await page.setExtraHTTPHeaders({ authorization });
    await browser.open('/api/docs');
    await page.getByText('Avlu API').first().waitFor();
    await browser.screenshot('api-docs');
    await page.setExtraHTTPHeaders({});
  });
});
