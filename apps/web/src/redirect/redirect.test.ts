import { describe, expect, it } from 'vitest';
import { platformOf, REDIRECT_TIMEOUT_MS, type RedirectEnv, runRedirect, textsFor } from './redirect';

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';
const QR = '0123456789abcdef01234567';
const MALL = '89abcdef0123456789abcdef';

const links = {
  androidApp: 'egepark://home?campaignId=1',
  androidStore: 'https://play.google.com/store/apps/details?id=com.egepark',
  iosApp: 'egepark://ios?campaignId=1',
  iosStore: 'https://apps.apple.com/tr/app/egepark/id100',
  fallbackUrl: 'https://egepark.example.com',
};

/** The page's world by hand: the timer runs when the test says, blur and visibility when it says. */
const world = (userAgent: string, options: { search?: string; answer?: typeof links | Error } = {}) => {
  const visited: string[] = [];
  const states: string[] = [];
  let timer: (() => void) | undefined;
  let waited: number | undefined;
  let blur = () => {};
  let visibility = (_hidden: boolean) => {};
  const env: RedirectEnv = {
    search: options.search ?? `?qrCodeId=${QR}&locationId=${MALL}`,
    userAgent,
    fetchLinks: async (qrCodeId, locationId) => {
      expect([qrCodeId, locationId]).toEqual([QR, MALL]);
      if (options.answer instanceof Error) throw options.answer;
      return options.answer ?? links;
    },
    go: (url) => visited.push(url),
    show: (state) => states.push(state),
    onBlur: (listener) => {
      blur = listener;
    },
    onVisibilityChange: (listener) => {
      visibility = listener;
    },
    setTimeout: (callback, ms) => {
      timer = callback;
      waited = ms;
      return 1;
    },
    clearTimeout: () => {
      timer = undefined;
    },
  };
  return {
    env,
    visited,
    states,
    waited: () => waited,
    elapse: () => timer?.(),
    blur: () => blur(),
    hide: () => visibility(true),
    show: () => visibility(false),
  };
};

describe('the redirect page', () => {
  it('opens the Android app, then after 3 s the fallback address when the page kept its focus', async () => {
    const page = world(ANDROID);
    await runRedirect(page.env);
    expect(page.states).toEqual(['loading']);
    expect(page.visited).toEqual([links.androidApp]);
    expect(page.waited()).toBe(REDIRECT_TIMEOUT_MS);
    expect(REDIRECT_TIMEOUT_MS).toBe(3000);
    page.elapse();
    expect(page.visited).toEqual([links.androidApp, links.fallbackUrl]);
  });

  it('goes to the store after 3 s when the page lost its focus', async () => {
    const page = world(IPHONE);
    await runRedirect(page.env);
    expect(page.visited).toEqual([links.iosApp]);
    page.blur();
    page.elapse();
    expect(page.visited).toEqual([links.iosApp, links.iosStore]);
  });

  it('goes to the fallback address when the customer comes back after the page was hidden, once', async () => {
    const page = world(ANDROID);
    await runRedirect(page.env);
    page.show();
    expect(page.visited).toEqual([links.androidApp]);
    page.hide();
    page.show();
    page.elapse();
    expect(page.visited).toEqual([links.androidApp, links.fallbackUrl]);
  });

  it('sends a computer to the fallback address at once, and a phone without the app link to its store', async () => {
    const desktop = world(DESKTOP);
    await runRedirect(desktop.env);
    expect(desktop.visited).toEqual([links.fallbackUrl]);
    const noApp = world(ANDROID, { answer: { ...links, androidApp: null } as never });
    await runRedirect(noApp.env);
    expect(noApp.visited).toEqual([links.androidStore]);
  });

  it('shows the error for a failed call, a bad address or a mall without any link', async () => {
    for (const page of [
      world(ANDROID, { answer: new Error('404') }),
      world(ANDROID, { search: '?qrCodeId=nope' }),
      world(DESKTOP, {
        answer: {
          androidApp: null,
          androidStore: null,
          iosApp: null,
          iosStore: null,
          fallbackUrl: null,
        } as never,
      }),
    ]) {
      await runRedirect(page.env);
      expect(page.states).toEqual(['loading', 'error']);
      expect(page.visited).toEqual([]);
    }
  });

  it('knows the platform and speaks English to an English browser, else Turkish', () => {
    expect(platformOf(ANDROID)).toBe('android');
    expect(platformOf(IPHONE)).toBe('ios');
    expect(platformOf('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', 5)).toBe('ios');
    expect(platformOf(DESKTOP)).toBe('desktop');
    expect(textsFor('en-US').error).toBe('Error fetching URLs. Please try again later.');
    expect(textsFor('en-GB').loading).toBe('Loading...');
    expect(textsFor('tr-TR').loading).toBe('Yükleniyor...');
    expect(textsFor(undefined).loading).toBe('Yükleniyor...');
  });
});
