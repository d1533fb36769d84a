import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isFileName } from './file-names';
import type { FileStore } from './file-store';

const checked = (name: string) => {
  if (!isFileName(name)) throw new Error(`unsafe file name: ${name}`);
  return name;
};

/** Files under one directory (DATA_DIR/files). A write lands under a temporary name first, so a reader never sees half a file. */
export const localFileStore = (dir: string): FileStore => ({
  async put(name, data) {
    await mkdir(dir, { recursive: true });
    const target = path.join(dir, checked(name));
    const partial = `${target}.partial`;
    await writeFile(partial, data);
    await rename(partial, target);
  },
  async get(name) {
    // Names are made by the server; anything else never reaches the disk.
    if (!isFileName(name)) return undefined;
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    return { stream: createReadStream(file), size: info.size };
  },
  async delete(name) {
    await rm(path.join(dir, checked(name)), { force: true });
  },
  async *list() {
    const entries = await readdir(dir).catch(() => [] as string[]);
    for (const name of entries) {
      if (!isFileName(name)) continue;
      const info = await stat(path.join(dir, name)).catch(() => undefined);
      if (info?.isFile()) yield { name, modifiedAt: info.mtime };
    }
  },
});
