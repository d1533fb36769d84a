import { apiLatency } from './api-latency';
import { backOfficeBundle } from './back-office-bundle';
import { campaignDashboardAtAMillion } from './campaign-dashboard';
import { coldStart } from './cold-start';
import { couponGiving } from './coupon-giving';
import { couponPool } from './coupon-pool';
import { customersAtAMillion } from './customers-1m';
import { benchEngines } from './lib/engines';
import type { Figure } from './lib/timing';
import { loyaltyAtTenMillion } from './loyalty-10m';
import { mallDashboardAtAMillion } from './mall-dashboard';
import { marketingAtAMillion } from './marketing';
import { microSiteBundle } from './micro-site-bundle';
import { redirects } from './redirect';
import { throughput } from './throughput/throughput';

/**
 * `npm run bench`: the quick benchmarks, each on the embedded database and, when BENCH_DATABASE_URL
 * or TEST_DATABASE_URL is set, on PostgreSQL. A benchmark is a file exporting (engine) => figures.
 * `npm run bench -- customers [postgres|pglite]`: customers at a million (customers-1m.ts).
 * `npm run bench -- loyalty [postgres|pglite]`: points at a million members and ten million ledger entries
 * (loyalty-10m.ts; BENCH_LOYALTY_SCALE=0.01 tries it at a hundredth).
 * `npm run bench -- dashboard [postgres|pglite]`: the campaign dashboard's report over a year of five
 * campaigns on the 1M-customer mall, and its rollup job (campaign-dashboard.ts).
 * `npm run bench -- mall-dashboard [postgres|pglite]`: the mall dashboard (`GET /data/dashboard`) for each period
 * on the 1M-customer mall with 400 days of activity, and what its rollups cost (mall-dashboard.ts).
 * `npm run bench -- coupons [postgres|pglite]`: concurrent joins and redemptions (coupon-giving.ts), then a
 * million coupon codes for one campaign and code lookups among them (coupon-pool.ts).
 * `npm run bench -- marketing [postgres|pglite]`: SMS and push campaigns to a million customers, email,
 * and the dispatch worker SIGKILLed mid-send (marketing.ts; issue 16 #11).
 * `npm run bench -- redirect [postgres|pglite]`: the QR redirect page's deep link under load (redirect.ts).
 */
const benchmarks = [coldStart, apiLatency, couponPool, couponGiving, redirects];

const quick = async (): Promise<Figure[]> => {
  // The web bundles do not depend on the database engine: measured once, from one build.
  const figures: Figure[] = [...(await microSiteBundle()), ...(await backOfficeBundle())];
  for (const engine of benchEngines()) {
    for (const benchmark of benchmarks) figures.push(...(await benchmark(engine)));
    // The peak so far: PGlite runs first, so the PostgreSQL line shows whether the server side added any.
    const peakRss = process.resourceUsage().maxRSS / 1024;
    figures.push({
      engine: engine.name,
      benchmark: 'peak RSS of the process so far',
      value: `${peakRss.toFixed(0)} MiB`,
    });
  }
  // The built server beside a bare Fastify with the same queries, and on two processes (needs a build).
  figures.push(...(await throughput()));
  return figures;
};

const [which, ...options] = process.argv.slice(2);
const named: Record<string, (options: string[]) => Promise<Figure[]>> = {
  customers: customersAtAMillion,
  dashboard: campaignDashboardAtAMillion,
  loyalty: loyaltyAtTenMillion,
  'mall-dashboard': mallDashboardAtAMillion,
  marketing: marketingAtAMillion,
  throughput: () => throughput(),
  redirect: async ([only]) => {
    const figures: Figure[] = [];
    for (const engine of benchEngines().filter((engine) => only === undefined || engine.name === only))
      figures.push(...(await redirects(engine)));
    return figures;
  },
  coupons: async ([only]) => {
    const figures: Figure[] = [];
    for (const engine of benchEngines().filter((engine) => only === undefined || engine.name === only))
      figures.push(...(await couponGiving(engine)), ...(await couponPool(engine)));
    return figures;
  },
};
if (which !== undefined && !named[which])
  throw new Error(`unknown benchmark '${which}' (try: ${Object.keys(named).join(', ')})`);
const figures = which === undefined ? await quick() : await named[which]!(options);

const width = Math.max(...figures.map((figure) => `${figure.engine.padEnd(8)}  ${figure.benchmark}`.length));
for (const figure of figures) {
  console.log(`${`${figure.engine.padEnd(8)}  ${figure.benchmark}`.padEnd(width + 2)}  ${figure.value}`);
}
if (which === undefined)
  console.log(
    '\nCustomers at a million (generated once into .bench/ and the avlu_bench database): npm run bench -- customers',
  );
