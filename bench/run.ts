import { apiLatency } from './api-latency';
import { coldStart } from './cold-start';
import { customersAtAMillion } from './customers-1m';
import { benchEngines } from './lib/engines';
import type { Figure } from './lib/timing';
import { microSiteBundle } from './micro-site-bundle';

/**
 * `npm run bench`: the quick benchmarks, each on the embedded database and, when BENCH_DATABASE_URL
 * or TEST_DATABASE_URL is set, on PostgreSQL. A benchmark is a file exporting (engine) => figures.
 * `npm run bench -- customers [postgres|pglite]`: customers at a million (customers-1m.ts).
 */
const benchmarks = [coldStart, apiLatency];

const quick = async (): Promise<Figure[]> => {
  // The web bundle does not depend on the database engine: measured once.
  const figures: Figure[] = [...(await microSiteBundle())];
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
  return figures;
};

const [which, ...options] = process.argv.slice(2);
if (which !== undefined && which !== 'customers')
  throw new Error(`unknown benchmark '${which}' (try: customers)`);
const figures = which === 'customers' ? await customersAtAMillion(options) : await quick();

const width = Math.max(...figures.map((figure) => `${figure.engine.padEnd(8)}  ${figure.benchmark}`.length));
for (const figure of figures) {
  console.log(`${`${figure.engine.padEnd(8)}  ${figure.benchmark}`.padEnd(width + 2)}  ${figure.value}`);
}
if (which === undefined)
  console.log(
    '\nCustomers at a million (generated once into .bench/ and the avlu_bench database): npm run bench -- customers',
  );
