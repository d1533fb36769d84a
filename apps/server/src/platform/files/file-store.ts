import type { Readable } from 'node:stream';

/**
 * Where uploaded files live, by name. The local disk now; an S3 adapter later implements the same
 * calls, so routes never touch paths. Names come from `newFileName` (files.ts) only.
 */
export interface FileStore {
  put(name: string, data: Buffer): Promise<void>;
  /** The file's bytes, or undefined when there is no such file. */
  get(name: string): Promise<{ stream: Readable; size: number } | undefined>;
  delete(name: string): Promise<void>;
  /** Every stored file with its last change, for the orphan sweep. */
  list(): AsyncIterable<{ name: string; modifiedAt: Date }>;
}
