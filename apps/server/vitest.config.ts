import { defineConfig } from 'vitest/config';

/**
 * Run by the root config once per engine (TEST_ENGINE=pglite, and postgres when TEST_DATABASE_URL is
 * set); alone it runs on PGlite. The database is migrated once per run in global-setup.ts.
 */
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
