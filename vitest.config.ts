import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * One `vitest run` runs every suite. The server suite runs on embedded PGlite and, when
 * TEST_DATABASE_URL names a PostgreSQL server, once more on it. The browser suite needs the built
 * app (`npm run build`) and Debian's Chromium.
 */
const server = (engine: 'pglite' | 'postgres') => ({
  extends: './apps/server/vitest.config.ts',
  test: { name: `server-${engine}`, root: './apps/server', env: { TEST_ENGINE: engine } },
});

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
      './apps/web/vite.config.ts',
      './e2e/vitest.config.ts',
    ],
  },
});
