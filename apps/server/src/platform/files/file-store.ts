import type { Readable } from 'node:stream';

/**
 * Where uploaded files live, by name. The local disk now; an S3 adapter later implements the same
 * three calls, so routes never touch paths.
 */
export interface FileStore {
  put(name: string, data: Buffer): Promise<void>;
  /** The file's bytes, or undefined when there is no such file. */
  get(name: string): Promise<{ stream: Readable; size: number } | undefined>;
  delete(name: string): Promise<void>;
}
