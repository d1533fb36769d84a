import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const serverSrc = import.meta.dirname;

const sourceFiles = async (dir: string): Promise<string[]> => {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name));
};

/** The relative imports of a file, resolved to paths under apps/server/src without an extension. */
const importsOf = (file: string, text: string): string[] =>
  [...text.matchAll(/\bfrom\s+'(\.{1,2}\/[^']+)'/g)].map((match) =>
    path.relative(serverSrc, path.resolve(path.dirname(file), match[1]!)),
  );

describe('module boundaries', () => {
  it('no module or platform file imports app.ts or main.ts: they mount the modules, not the other way round', async () => {
    const offenders: string[] = [];
    for (const folder of ['modules', 'platform', 'db']) {
      for (const file of await sourceFiles(path.join(serverSrc, folder))) {
        const imports = importsOf(file, await readFile(file, 'utf8'));
        for (const target of imports)
          if (target === 'app' || target === 'main')
            offenders.push(`${path.relative(serverSrc, file)} → ${target}.ts`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
