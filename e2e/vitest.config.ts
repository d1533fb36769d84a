import { defineConfig } from 'vitest/config';
import { findChromium, INSTALL_HINT } from './support/chromium.ts';

const chromium = findChromium();
if (!chromium) {
  const message = `No Chromium found: browser tests need it (${INSTALL_HINT}).`;
  if (process.env.REQUIRE_BROWSER === '1') throw new Error(`${message} REQUIRE_BROWSER=1 is set.`);
  console.warn(`\n!!! SKIPPING BROWSER TESTS — ${message}\n`);
}

/** Browser journeys against the built app, started as `npm start` would start it. */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: chromium ? ['**/*.e2e.ts'] : [],
    passWithNoTests: true,
    globalSetup: ['./support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
