import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { findChromium } from './chromium';

const SCREENSHOTS = join(import.meta.dirname, '../../.e2e/screenshots');

// Chromium reaches for Google's hosts at start unless told not to; this machine has no internet.
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export type Browser = {
  context: BrowserContext;
  page: Page;
  /** Path under the app, e.g. '/auth/login'; `language` is stored first, as if chosen earlier. */
  open: (path: string, options?: { language?: 'tr' | 'en' }) => Promise<void>;
  /** Signs in through the Turkish login page (the system admin unless told) and waits to leave it. */
  signIn: (credentials?: { email: string; password: string }) => Promise<void>;
  /** Saves .e2e/screenshots/<name>.png to look at after the run. */
  screenshot: (name: string) => Promise<void>;
  close: () => Promise<void>;
};

export const openBrowser = async (
  options: { viewport?: { width: number; height: number } } = {},
): Promise<Browser> => {
  const profile = mkdtempSync(join(tmpdir(), 'avlu-chromium-'));
  const baseUrl = inject('baseUrl');
  // playwright-core must not get --user-data-dir in args: the persistent context's folder is the profile.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: findChromium() ?? undefined,
    args: ARGS,
    viewport: options.viewport ?? { width: 1440, height: 900 },
    locale: 'tr-TR',
    timezoneId: 'Europe/Istanbul',
    baseURL: baseUrl,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  mkdirSync(SCREENSHOTS, { recursive: true });
  const open: Browser['open'] = async (path, { language } = {}) => {
    if (language) {
      await page.goto('/404');
      await page.evaluate((lng) => localStorage.setItem('i18nextLng', lng), language);
    }
    await page.goto(path);
  };
  return {
    context,
    page,
    open,
    signIn: async ({ email, password } = inject('admin')) => {
      await open('/auth/login', { language: 'tr' });
      await page.getByLabel('E-posta').fill(email);
      await page.getByLabel('Şifre', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Giriş Yap' }).click();
      await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
    },
    screenshot: async (name) => {
      // MUI's transitions are CSS transitions: wait for them so a dialog is not caught mid-fade.
      // A cancelled one (a menu closing as the page changes) rejects its promise: that is finished too.
      await page.evaluate(() =>
        Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
      );
      await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
    },
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
};

/**
 * One Chromium for the describe block it is called in, opened before its tests (and signed in as the
 * system admin unless `signIn: false`) and closed after them. The handle is filled in by then.
 */
export const useBrowser = ({
  signIn = true,
  ...options
}: Parameters<typeof openBrowser>[0] & { signIn?: boolean } = {}): Browser => {
  const browser = {} as Browser;
  beforeAll(async () => {
    Object.assign(browser, await openBrowser(options));
    if (signIn) await browser.signIn();
  });
  afterAll(async () => {
    await browser.close?.();
  });
  return browser;
};
