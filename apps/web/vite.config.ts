import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { precompress } from './precompress';

/** In development, /micro-site/… is the micro-site's own page, as the server does in production (static-web.ts). */
const microSitePage = (): Plugin => ({
  name: 'avlu-micro-site-page',
  configureServer(server) {
    server.middlewares.use((request, _response, next) => {
      if (
        request.url &&
        /^\/micro-site(\/|$|\?)/.test(request.url) &&
        request.headers.accept?.includes('text/html')
      )
        request.url = '/micro-site.html';
      else if (
        request.url &&
        /^\/redirect(\/|$|\?)/.test(request.url) &&
        request.headers.accept?.includes('text/html')
      )
        request.url = `/redirect.html${request.url.slice('/redirect'.length)}`;
      next();
    });
  },
});

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

/** The npm package of a module id ('@mui/material', 'react-dom'); undefined for the app's own code. */
const packageOf = (id: string) =>
  /.*[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(id)?.[1]?.replace('\\', '/');

/** A module of one of these packages; a name ending in '/' stands for a whole scope ('@emotion/'). */
const inPackages =
  (...names: string[]) =>
  (id: string) => {
    const name = packageOf(id);
    return (
      name !== undefined && names.some((each) => (each.endsWith('/') ? name.startsWith(each) : name === each))
    );
  };

/**
 * Third-party code in chunks of its own, named after its libraries: a release that changes only the
 * app's code leaves their names and hashes alone, so browsers keep them (cached for a year,
 * static-web.ts). React runs whole on every page of both entries; the others are libraries of the
 * back-office, each loaded whole by the first page needing any of it. A group also takes the
 * packages its modules import that no earlier group took (rolldown's default
 * `includeDependenciesRecursively`), so a library chunk never imports an app chunk that imports it
 * back, an order that would run a module before its imports.
 *
 * MUI (its components, icons and styling engine) and MUI X's grid and pickers, which import MUI's
 * components, stay with the automatic split: the micro-site shares MUI and must load only the
 * components it shows (150 KB, bench/micro-site-bundle.ts), and a group of the grid or pickers would take
 * MUI's components with it. Grouping MUI by the pages using each module (`entriesAware`) was
 * measured: 230 files and 3.5 KB more for the micro-site's register page.
 */
const vendorChunks = [
  { name: 'react', test: inPackages('react', 'react-dom', 'scheduler') },
  { name: 'zod', test: inPackages('zod') },
  { name: 'router', test: inPackages('react-router') },
  { name: 'query', test: inPackages('@tanstack/') },
  { name: 'i18next', test: inPackages('i18next', 'react-i18next') },
  { name: 'forms', test: inPackages('react-hook-form', '@hookform/resolvers') },
  { name: 'phone', test: inPackages('libphonenumber-js') },
  // The micro-site's QR code encoder, loaded by its campaign pages only.
  { name: 'qr', test: inPackages('uqr') },
];

export default defineConfig({
  plugins: [react(), microSitePage(), precompress()],
  server: { port: 5173, proxy: { '/api': apiTarget } },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // bench/ (micro-site-bundle.ts, back-office-bundle.ts) reads the chunks each page loads from it.
    manifest: true,
    chunkSizeWarningLimit: 600,
    // Two pages: the back-office, and the customer micro-site, which must not load the back-office.
    rollupOptions: {
      input: { main: 'index.html', 'micro-site': 'micro-site.html', redirect: 'redirect.html' },
      output: { codeSplitting: { groups: vendorChunks } },
      // Emotion (under every MUI component) imports hoist-non-react-statics, CommonJS without a
      // `sideEffects` field, for its `withTheme`, which Avlu never calls: the bare import kept it and
      // an old react-is on every page of both entries (1 KB gzipped). Used, it is still bundled.
      treeshake: {
        moduleSideEffects: [
          { test: /[\\/]node_modules[\\/]hoist-non-react-statics[\\/]/, sideEffects: false },
        ],
      },
    },
  },
  // The component tests' shared settings; the root vitest.config.ts makes two projects of them.
  test: {
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    // The one time limit of a screen test, generous for a busy 2-core machine (a whole form typed in
    // jsdom takes seconds there, and a list journey took 40 s of a loaded CI run), so tests need none
    // of their own; Testing Library's waits: src/test/setup.ts.
    testTimeout: 120_000,
  },
});
