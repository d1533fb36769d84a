import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * One `vitest run` runs every suite. The server suite runs on embedded PGlite and, when
 * TEST_DATABASE_URL names a PostgreSQL server, once more on it. The browser suite needs the built
 * app (`npm run build`) and Debian's Chromium.
 */
const server = (engine: 'pglite' | 'postgres') => ({
  extends: './apps/server/vitest.config.ts',
  test: { name: `server-${engine}`, root: './apps/server', env: { TEST_ENGINE: engine } },
});

/**
 * The web component tests, in two projects. The back-office's files share their worker's modules and
 * jsdom document (isolate: false), which halves their CPU: a fresh process per file imported React,
 * MUI and the app's modules again and built a new jsdom each time. src/test/setup.ts gives each file
 * a clean page (no styles, storage or language left from the file before). The micro-site keeps
 * state in its modules by design (its language, its session, the mall it loaded), so its files each
 * start afresh.
 */
const web = (name: string, test: { include?: string[]; exclude?: string[]; isolate?: boolean }) => ({
  extends: './apps/web/vite.config.ts',
  test: { name, root: './apps/web', ...test },
});
const MICRO_SITE = 'src/micro-site/**';

export default defineConfig({
  test: {
    // Vitest leaves a core to itself (one worker on 2 cores), but it mostly waits on its workers: two
    // test files at a time keep both cores of a small machine busy. Every project shares this pool;
    // the browser journeys run in a vitest of their own beside this one (npm test, e2e/vitest.config.ts).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: 'contracts', root: './packages/contracts', include: ['src/**/*.test.ts'] } },
      server('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [server('postgres')] : []),
      web('web', {
        include: ['src/**/*.test.{ts,tsx}'],
        exclude: [...configDefaults.exclude, MICRO_SITE],
        isolate: false,
      }),
      web('web-micro-site', { include: [`${MICRO_SITE}/*.test.{ts,tsx}`] }),
      './e2e/vitest.config.ts',
    ],
  },
});
