import { defineConfig } from 'vitest/config';

/**
 * Run by the root config once per engine (TEST_ENGINE=pglite, and postgres when TEST_DATABASE_URL is
 * set); alone it runs on PGlite. The database is migrated once per run in global-setup.ts.
 */
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    setupFiles: ['./test/setup.ts'],
    // Each file has its own app and database copy (test/helper.ts), so files need no fresh process:
    // a worker keeps the app's modules loaded from one file to the next, instead of importing them
    // again for every file (a second of CPU each). A file that mocks a module the app imports must
    // reset the modules itself (see password-tokens.test.ts).
    isolate: false,
    // Generous for a busy 2-core machine: tests wait on argon2, PGlite and child processes
    // (vi.waitFor's default wait: test/setup.ts), and the demo's first start seeds every module's
    // demo data in two malls (about a minute idle, several beside other heavy work).
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
