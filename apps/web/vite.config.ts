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
      next();
    });
  },
});

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

export default defineConfig({
  plugins: [react(), microSitePage(), precompress()],
  server: { port: 5173, proxy: { '/api': apiTarget } },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // bench/micro-site-bundle.ts reads the chunks each entry loads from it.
    manifest: true,
    chunkSizeWarningLimit: 600,
    // Two pages: the back-office, and the customer micro-site, which must not load the back-office.
    rollupOptions: { input: { main: 'index.html', 'micro-site': 'micro-site.html' } },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // Generous for a busy 2-core machine; Testing Library's waits are set in setup.ts.
    testTimeout: 30_000,
  },
});
