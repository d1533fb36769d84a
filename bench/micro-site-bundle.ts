import type { Figure } from './lib/timing';
import { againstBudget, firstLoad, gzippedJs, webBuild } from './lib/web-build';

/** Issue 5: the micro-site's first load needs at most this much gzipped JavaScript. */
export const MICRO_SITE_BUDGET_BYTES = 150 * 1024;

/**
 * Each page of the micro-site (its path under /micro-site/{locationToken}) and the modules a first
 * visit to it fetches: `micro-site.html`'s chunk with its static imports, then the page's lazily
 * loaded chunk with its (e2e/loading.e2e.ts holds this to what Chromium fetches on the guest pages).
 */
export const MICRO_SITE_PAGES = {
  login: ['micro-site.html', 'src/micro-site/pages/LoginPage.tsx'],
  register: ['micro-site.html', 'src/micro-site/pages/RegisterPage.tsx'],
  '': ['micro-site.html', 'src/micro-site/pages/MainPage.tsx'],
  profile: ['micro-site.html', 'src/micro-site/pages/ProfilePage.tsx'],
  'profile/profile-update': ['micro-site.html', 'src/micro-site/pages/ProfileUpdatePage.tsx'],
  campaigns: ['micro-site.html', 'src/micro-site/pages/CampaignsPage.tsx'],
  'campaigns/{id}': ['micro-site.html', 'src/micro-site/pages/CampaignPage.tsx'],
  coupons: ['micro-site.html', 'src/micro-site/pages/CouponsPage.tsx'],
  gifts: ['micro-site.html', 'src/micro-site/pages/GiftsPage.tsx'],
  receipts: ['micro-site.html', 'src/micro-site/pages/ReceiptsPage.tsx'],
  'receipt-upload/{campaignId}': ['micro-site.html', 'src/micro-site/pages/ReceiptUploadPage.tsx'],
  'receipt-edit': ['micro-site.html', 'src/micro-site/pages/ReceiptEditPage.tsx'],
  reservations: ['micro-site.html', 'src/micro-site/reservations/ReservationsPage.tsx'],
  'reservations/new': ['micro-site.html', 'src/micro-site/reservations/BookingPage.tsx'],
  feedback: ['micro-site.html', 'src/micro-site/feedback/FeedbackPage.tsx'],
  agreements: ['micro-site.html', 'src/micro-site/agreements/AgreementsPage.tsx'],
  'agreements/{type}': ['micro-site.html', 'src/micro-site/agreements/AgreementPage.tsx'],
} as const;

/**
 * The gzipped JavaScript the customer micro-site (`micro-site.html`, its own Vite entry) makes the
 * browser fetch: the entry chunk and its static imports, then what a first visit to each page adds.
 * Builds the web app first unless `BENCH_NO_BUILD=1` says apps/web/dist is already built.
 */
export const microSiteBundle = async (): Promise<Figure[]> => {
  const manifest = webBuild();
  const entry = firstLoad(manifest, ['micro-site.html']);
  return [
    {
      engine: 'web',
      benchmark: `micro-site first load, entry + static imports (${entry.size} files)`,
      value: againstBudget(gzippedJs(entry), MICRO_SITE_BUDGET_BYTES),
    },
    ...Object.entries(MICRO_SITE_PAGES).map(([path, modules]) => {
      const files = firstLoad(manifest, modules);
      return {
        engine: 'web',
        benchmark: `micro-site first load at /${path} (${files.size} files)`,
        value: againstBudget(gzippedJs(files), MICRO_SITE_BUDGET_BYTES),
      };
    }),
  ];
};
