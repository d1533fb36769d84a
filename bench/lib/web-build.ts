import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const WEB = path.resolve(import.meta.dirname, '../../apps/web');
export const WEB_DIST = path.join(WEB, 'dist');

type ManifestChunk = { file: string; src?: string; imports?: string[]; dynamicImports?: string[] };
export type Manifest = Record<string, ManifestChunk>;

/** The manifest of the web build in apps/web/dist, from which every bundle figure is read. */
export const readManifest = (): Manifest =>
  JSON.parse(readFileSync(path.join(WEB_DIST, '.vite/manifest.json'), 'utf8')) as Manifest;

let built = false;

/** Builds the web app once per run (unless `BENCH_NO_BUILD=1` says apps/web/dist is built) and reads its manifest. */
export const webBuild = (): Manifest => {
  if (!built && process.env.BENCH_NO_BUILD !== '1') {
    execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], { cwd: WEB, stdio: 'inherit' });
  }
  built = true;
  return readManifest();
};

/**
 * The files a browser fetches for these manifest keys (an HTML entry, then the lazily loaded modules a
 * page needs): each chunk and, recursively, its static imports (the modulepreloads).
 */
export const firstLoad = (manifest: Manifest, keys: readonly string[]) => {
  const files = new Set<string>();
  const add = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`no chunk '${key}' in the build manifest`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) add(imported);
  };
  for (const key of keys) add(key);
  return files;
};

/** The JavaScript among these dist files, gzipped at level 9, in bytes. */
export const gzippedJs = (files: Iterable<string>) => {
  let bytes = 0;
  for (const file of files) {
    if (file.endsWith('.js')) bytes += gzipSync(readFileSync(path.join(WEB_DIST, file)), { level: 9 }).length;
  }
  return bytes;
};

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** '352.2 KB (met: target ≤ 370.0 KB)', or MISSED. */
export const againstBudget = (bytes: number, budget: number) =>
  `${kb(bytes)} (${bytes <= budget ? 'met' : 'MISSED'}: target ≤ ${kb(budget)})`;
