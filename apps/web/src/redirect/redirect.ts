import type { QrCodeDeepLink } from '@avlu/contracts';

/**
 * The redirect page (spec §2 `/redirect?qrCodeId&locationId`, §4 Redirect page): a poster's QR code
 * opens the mall's app on a phone. Its own tiny entry, without React or the back-office: a scan
 * must open the app at once on a phone on the mall's mobile network.
 */

/** Spec §9: how long the page waits for the app before it falls back. */
export const REDIRECT_TIMEOUT_MS = 3000;

export const redirectTexts = {
  tr: {
    loading: 'Yükleniyor...',
    error: 'Adresler alınamadı. Lütfen daha sonra yeniden deneyin.',
  },
  en: { loading: 'Loading...', error: 'Error fetching URLs. Please try again later.' },
} as const;
export type RedirectTexts = (typeof redirectTexts)[keyof typeof redirectTexts];

/** English for a browser asking for English first, else Turkish (spec §9: tr by default). */
export const textsFor = (language: string | undefined): RedirectTexts =>
  language?.toLowerCase().startsWith('en') ? redirectTexts.en : redirectTexts.tr;

export type Platform = 'android' | 'ios' | 'desktop';

export const platformOf = (userAgent: string, maxTouchPoints = 0): Platform => {
  if (/android/i.test(userAgent)) return 'android';
  if (/iphone|ipad|ipod/i.test(userAgent)) return 'ios';
  // iPadOS asks for the desktop site: a Mac with a touch screen is an iPad.
  if (/macintosh/i.test(userAgent) && maxTouchPoints > 1) return 'ios';
  return 'desktop';
};

const OBJECT_ID = /^[0-9a-f]{24}$/i;

/** The page's environment, so its rules run in tests without a browser. */
export type RedirectEnv = {
  search: string;
  userAgent: string;
  maxTouchPoints?: number;
  fetchLinks: (qrCodeId: string, locationId: string) => Promise<QrCodeDeepLink>;
  /** Leaves for `url`. */
  go: (url: string) => void;
  show: (state: 'loading' | 'error') => void;
  /** Calls back on the window's blur and on the page being hidden or shown again. */
  onBlur: (listener: () => void) => void;
  onVisibilityChange: (listener: (hidden: boolean) => void) => void;
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

/**
 * Loading, then error, or the app: on a phone the app's address is opened, and after
 * REDIRECT_TIMEOUT_MS the page goes to the store when it lost focus (the phone turned to an app or a
 * dialog), else to the fallback address; a page hidden and shown again (the customer came back from
 * the app or the store) goes to the fallback address. A computer, which has no app, goes to the
 * fallback address at once. A link missing on the mall falls back to the next one.
 */
export const runRedirect = async (env: RedirectEnv): Promise<void> => {
  env.show('loading');
  const params = new URLSearchParams(env.search);
  const qrCodeId = params.get('qrCodeId') ?? '';
  const locationId = params.get('locationId') ?? '';
  if (!OBJECT_ID.test(qrCodeId) || !OBJECT_ID.test(locationId)) return env.show('error');
  let links: QrCodeDeepLink;
  try {
    links = await env.fetchLinks(qrCodeId, locationId);
  } catch {
    return env.show('error');
  }
  const platform = platformOf(env.userAgent, env.maxTouchPoints);
  const [app, store] =
    platform === 'android'
      ? [links.androidApp, links.androidStore]
      : platform === 'ios'
        ? [links.iosApp, links.iosStore]
        : [null, null];
  const fallback = links.fallbackUrl ?? store;
  if (!app) {
    const target = store ?? fallback;
    return target ? env.go(target) : env.show('error');
  }
  let left = false;
  let lostFocus = false;
  let wasHidden = false;
  const leave = (url: string | null) => {
    if (left || !url) return;
    left = true;
    env.clearTimeout(timer);
    env.go(url);
  };
  env.onBlur(() => {
    lostFocus = true;
  });
  env.onVisibilityChange((hidden) => {
    if (hidden) {
      wasHidden = true;
      lostFocus = true;
    } else if (wasHidden) leave(fallback ?? store);
  });
  const timer = env.setTimeout(
    () => leave(lostFocus ? (store ?? fallback) : (fallback ?? store)),
    REDIRECT_TIMEOUT_MS,
  );
  env.go(app);
};
