import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type Browser, openBrowser, useBrowser } from './support/browser';

const stamp = String(Date.now()).slice(-5);
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
/** The first demo mall's app links (locations.demo.ts). */
const FALLBACK = 'https://cinaraltipark.example.com/';
const PLAY_STORE = 'https://play.google.com/store/apps/details?id=com.example.cinaraltipark';

/** The outside addresses the page leaves for answer here, so a landing is a page of its own. */
const answerOutside = async (browser: Browser) => {
  for (const host of ['https://cinaraltipark.example.com/**', 'https://play.google.com/**'])
    await browser.context.route(host, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<h1>Dış adres</h1>' }),
    );
};

/**
 * The page's address once it settles on `url`. Polled: the app's address (a scheme no program
 * answers here) aborts its navigation, which a wait for a navigation would take for a failure.
 */
const landsOn = (page: Page, url: string) =>
  expect.poll(() => page.url(), { timeout: 30_000, interval: 250 }).toBe(url);

/** navigator.userAgent as a phone's, for the page and its calls (Chrome DevTools Protocol). */
const asAndroid = async (browser: Browser, page: Page) => {
  const cdp = await browser.context.newCDPSession(page);
  await cdp.send('Emulation.setUserAgentOverride', { userAgent: ANDROID, platform: 'Linux armv8l' });
  await page.setViewportSize({ width: 412, height: 915 });
};

/**
 * Issue 17 #4-5: the staff create a QR code on a campaign and download its image; the code's
 * redirect page sends a computer to the mall's fallback address and a phone to the app, then to the
 * store when the page lost its focus, else to the fallback address.
 */
describe('QR codes and their redirect page', () => {
  const browser = useBrowser();
  const title = `Giriş-Afişi-${stamp}`;
  let redirect = '';

  it('creates a QR code on a campaign and shows its image to download', async () => {
    const { page } = browser;
    await browser.open('/qr-codes/new');
    await page.getByRole('textbox', { name: 'Başlık' }).fill('Giriş afişi');
    await page.getByRole('combobox', { name: 'Kampanya' }).click();
    await page.getByRole('option').first().click();
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await page.getByText('QR kod başlığı boşluk içeremez').waitFor();
    await page.getByRole('textbox', { name: 'Başlık' }).fill(title);
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await page.waitForURL(/\/qr-codes\/[0-9a-f]{24}$/);
    const image = page.getByTestId('qr-code-image');
    await image.waitFor();
    redirect = (await image.getAttribute('alt')) ?? '';
    expect(redirect).toMatch(/\/redirect\?qrCodeId=[0-9a-f]{24}&locationId=[0-9a-f]{24}$/);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'PNG indir' }).click();
    expect((await download).suggestedFilename()).toBe(`${title}.png`);
    await browser.screenshot('qr-code-edit');
    await browser.open('/qr-codes');
    await page.getByRole('grid', { name: 'QR Kodlar' }).getByText(title).waitFor();
    await browser.screenshot('qr-codes-list');
  });

  it('sends a computer to the mall’s fallback address', async () => {
    const desktop = await openBrowser();
    try {
      await answerOutside(desktop);
      await desktop.page.goto(redirect);
      await landsOn(desktop.page, FALLBACK);
    } finally {
      await desktop.close();
    }
  });

  it('on Android opens the app, then the fallback address after 3 s when the page kept its focus', async () => {
    const phone = await openBrowser();
    try {
      await answerOutside(phone);
      await asAndroid(phone, phone.page);
      const started = Date.now();
      await phone.page.goto(redirect);
      await landsOn(phone.page, FALLBACK);
      // The app had its 3 seconds first.
      expect(Date.now() - started).toBeGreaterThanOrEqual(3000);
    } finally {
      await phone.close();
    }
  });

  it('on Android goes to the Play Store after 3 s when the page lost its focus to the app', async () => {
    const phone = await openBrowser();
    try {
      await answerOutside(phone);
      await asAndroid(phone, phone.page);
      // The app takes the screen half a second after the page opens it: the page loses its focus.
      await phone.page.addInitScript(() => {
        setTimeout(() => window.dispatchEvent(new Event('blur')), 500);
      });
      await phone.page.goto(redirect);
      await landsOn(phone.page, PLAY_STORE);
    } finally {
      await phone.close();
    }
  });

  it('shows the error for a code that does not exist', async () => {
    const phone = await openBrowser();
    try {
      await asAndroid(phone, phone.page);
      await phone.page.goto(redirect.replace(/qrCodeId=[0-9a-f]{24}/, 'qrCodeId=0123456789abcdef01234567'));
      await phone.page.getByText('Adresler alınamadı. Lütfen daha sonra yeniden deneyin.').waitFor();
      await phone.screenshot('qr-redirect-error');
    } finally {
      await phone.close();
    }
  });
});
