import { build } from 'esbuild';

/**
 * Bundles the server into dist/main.js. Our own workspace packages (@avlu/contracts, TypeScript
 * sources) are bundled; every other package stays an import resolved from node_modules at run time,
 * as native addons (argon2), PGlite's wasm files and pino's worker transports need.
 */
const keepPackagesExternal = {
  name: 'keep-packages-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@avlu/') ? undefined : { path: args.path, external: true },
    );
  },
};

/** One entry point as the server ships: also what the benchmark runs, so it measures shipped code. */
export const bundleServer = (entry, outfile) =>
  build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    plugins: [keepPackagesExternal],
    logLevel: 'warning',
  });

if (import.meta.url === `file://${process.argv[1]}`)
  await bundleServer(
    new URL('./src/main.ts', import.meta.url).pathname,
    new URL('./dist/main.js', import.meta.url).pathname,
  );
