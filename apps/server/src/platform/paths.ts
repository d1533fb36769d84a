import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The @avlu/server package folder, found by walking up from this module: the same code runs from
 * src/platform (tsx, vitest) and from the esbuild bundle in dist/, so a fixed relative path would be
 * right in one of them only.
 */
const findServerRoot = (): string => {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === '@avlu/server')
      return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`@avlu/server package.json not found above ${import.meta.url}`);
    dir = parent;
  }
};

export const serverRoot = findServerRoot();
export const migrationsDir = path.join(serverRoot, 'src/db/migrations');
export const webDistDir = path.join(serverRoot, '../web/dist');
export const serverVersion: string = JSON.parse(
  readFileSync(path.join(serverRoot, 'package.json'), 'utf8'),
).version;
