import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FileStore } from './file-store';

/** Names are made by the server (see files.routes.ts); anything else never reaches the disk. */
const SAFE_NAME = /^[0-9a-f]{24}\.[a-z0-9]{1,8}$/;

const checked = (name: string) => {
  if (!SAFE_NAME.test(name)) throw new Error(`unsafe file name: ${name}`);
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
    if (!SAFE_NAME.test(name)) return undefined;
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    return { stream: createReadStream(file), size: info.size };
  },
  async delete(name) {
    await rm(path.join(dir, checked(name)), { force: true });
  },
});
