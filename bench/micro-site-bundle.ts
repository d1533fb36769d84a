import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Figure } from './lib/timing';

const WEB = path.resolve(import.meta.dirname, '../apps/web');
const DIST = path.join(WEB, 'dist');
/** Issue 5: the micro-site's first load needs at most this much gzipped JavaScript. */
export const MICRO_SITE_BUDGET_BYTES = 150 * 1024;

type ManifestChunk = { file: string; src?: string; imports?: string[]; dynamicImports?: string[] };
type Manifest = Record<string, ManifestChunk>;

/** The chunks a browser fetches for `key`: its file and, recursively, its static imports (the modulepreloads). */
const staticClosure = (manifest: Manifest, key: string, into = new Set<string>()) => {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`no chunk '${key}' in the build manifest`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
};

const gzipped = (files: Iterable<string>) => {
  let bytes = 0;
  for (const file of files) {
    if (file.endsWith('.js')) bytes += gzipSync(readFileSync(path.join(DIST, file)), { level: 9 }).length;
  }
  return bytes;
};

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * The gzipped JavaScript the customer micro-site (`micro-site.html`, its own Vite entry) makes the
 * browser fetch: the entry chunk and its static imports, then what a first visit to the phone login
 * and to the registration page adds (their lazily loaded page chunks). Builds the web app first
 * unless `BENCH_NO_BUILD=1` says apps/web/dist is already built.
 */
export const microSiteBundle = async (): Promise<Figure[]> => {
  if (process.env.BENCH_NO_BUILD !== '1') {
    execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], { cwd: WEB, stdio: 'inherit' });
  }
  const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entry = staticClosure(manifest, 'micro-site.html');
  const page = (name: string) => staticClosure(manifest, `src/micro-site/pages/${name}.tsx`, new Set(entry));
  const shell = gzipped(entry);
  const login = gzipped(page('LoginPage'));
  const register = gzipped(page('RegisterPage'));
  const verdict = (bytes: number) =>
    `${kb(bytes)} (${bytes <= MICRO_SITE_BUDGET_BYTES ? 'met' : 'MISSED'}: target ≤ ${kb(MICRO_SITE_BUDGET_BYTES)})`;
  const staff = gzipped(staticClosure(manifest, 'index.html'));
  return [
    {
      engine: 'web',
      benchmark: `micro-site first load, entry + static imports (${entry.size} files)`,
      value: verdict(shell),
    },
    { engine: 'web', benchmark: 'micro-site first load at /login (+ login page)', value: verdict(login) },
    {
      engine: 'web',
      benchmark: 'micro-site first load at /register (+ register page)',
      value: verdict(register),
    },
    { engine: 'web', benchmark: 'staff back-office entry, for comparison', value: kb(staff) },
  ];
};
