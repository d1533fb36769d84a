import { createHmac, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Config, FilesConfig } from '../config';
import type { Database } from '../db/database';
import { AppError, invalidFields, notFound } from '../errors';
import { serverSecret } from '../server-secrets';
import { FILES_PATH, fileNameOfUrl, isFileName, newFileName } from './file-names';
import type { FileStore } from './file-store';
import { type StoredFile, storedFiles } from './files.tables';
import { detectImage, type ImageExtension, imageTypes } from './image-type';
import { reencodeImage } from './images';
import { localFileStore } from './local-file-store';

/**
 * `public`: anyone with the URL may read it (profile photos, mall logos, campaign images), so its
 * name is the only secret: 256 random bits. `private` (receipts, feedback attachments, agreements in
 * draft): read only through a short-lived signed URL (`Files.signedUrl`) that a module hands to those
 * it allows, or streamed by that module's own authorised route (`Files.open`).
 */
export type FileVisibility = 'public' | 'private';

export type SaveOptions = {
  extension: string;
  visibility: FileVisibility;
  /** Who the daily quota charges (`admin:<id>`, later `customer:<id>`); undefined: the server itself. */
  owner?: string;
};

export type Files = {
  store: FileStore;
  /**
   * Stores bytes under a new name, recorded in `stored_files`. With an owner, the upload counts
   * against their quota first (429 UPLOAD_QUOTA_EXCEEDED), decided under a lock on the owner so
   * concurrent uploads on several processes cannot all squeeze under it.
   */
  save(db: Database, data: Buffer, options: SaveOptions, now?: Date): Promise<StoredFile>;
  /**
   * An uploaded image, known by its bytes and re-encoded (`reencodeImage`: no metadata, no polyglot,
   * bounded size), then saved; anything that is not a JPEG, PNG or WebP that decodes answers 415.
   * Every module that takes an image (profile photo, logos, campaign images, receipts) uses it.
   */
  saveImage(db: Database, data: Buffer, options: Omit<SaveOptions, 'extension'>): Promise<StoredFile>;
  find(db: Database, name: string): Promise<StoredFile | undefined>;
  /** `/api/files/<name>?expires=<unix seconds>&signature=<HMAC>`, valid for FILE_URL_TTL_SECONDS. */
  signedUrl(name: string, now?: Date): string;
  /** Whether `signature` signs `name` until `expires` and that moment has not passed. */
  verifySignature(name: string, expires: number, signature: string, now?: Date): boolean;
};

const DAY_MS = 86_400_000;

export const createFiles = async (
  config: Pick<Config, 'dataDir' | 'files'>,
  db: Database,
  store: FileStore = localFileStore(path.join(config.dataDir, 'files')),
): Promise<Files> => {
  const limits: FilesConfig = config.files;
  const secret = await serverSecret(db, 'file-url', limits.urlSecret);
  // The signature covers the path and the expiry: neither can be changed without the key.
  const sign = (name: string, expires: number) =>
    createHmac('sha256', secret).update(`${FILES_PATH}${name}\n${expires}`).digest('base64url');

  const chargeQuota = async (tx: Database, owner: string, size: number, now: Date) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`upload:${owner}`}))`);
    const [used] = await tx
      .select({
        files: sql<number>`count(*)::int`,
        bytes: sql<number>`coalesce(sum(${storedFiles.size}), 0)::bigint`,
      })
      .from(storedFiles)
      .where(and(eq(storedFiles.owner, owner), gt(storedFiles.created_at, new Date(now.getTime() - DAY_MS))));
    if (
      Number(used!.files) + 1 > limits.uploadsPerDay ||
      Number(used!.bytes) + size > limits.uploadBytesPerDay
    )
      throw new AppError('UPLOAD_QUOTA_EXCEEDED', 429, {
        params: {
          files: limits.uploadsPerDay,
          megabytes: Math.floor(limits.uploadBytesPerDay / (1024 * 1024)),
        },
      });
  };

  const save: Files['save'] = (db, data, options, now = new Date()) =>
    db.transaction(async (tx) => {
      if (options.owner) await chargeQuota(tx, options.owner, data.length, now);
      const [row] = await tx
        .insert(storedFiles)
        .values({
          name: newFileName(options.extension),
          visibility: options.visibility,
          owner: options.owner ?? null,
          size: data.length,
          created_at: now,
        })
        .returning();
      // Inside the transaction: a failed write records nothing (a row without bytes would never be swept).
      await store.put(row!.name, data);
      return row!;
    });

  return {
    store,
    save,
    async saveImage(db, data, options) {
      const type = detectImage(data);
      const image = type && (await reencodeImage(data, type));
      if (!type || !image)
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, { params: { type: 'JPEG, PNG, WebP' } });
      return save(db, image, { ...options, extension: type });
    },
    async find(db, name) {
      if (!isFileName(name)) return undefined;
      const [row] = await db.select().from(storedFiles).where(eq(storedFiles.name, name));
      return row;
    },
    signedUrl(name, now = new Date()) {
      const expires = Math.floor(now.getTime() / 1000) + limits.urlTtlSeconds;
      return `${FILES_PATH}${name}?expires=${expires}&signature=${sign(name, expires)}`;
    },
    verifySignature(name, expires, signature, now = new Date()) {
      if (expires * 1000 <= now.getTime()) return false;
      const expected = Buffer.from(sign(name, expires));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
};

/**
 * Refuses (400 naming `field`) a URL that is not a public file of our store: a record that shows an
 * image (profile photo, mall logo, campaign image) keeps only such URLs. Contracts' `storedImageUrl`
 * checks the shape in the schema; this checks that the file exists. Null and undefined pass.
 */
export const assertStoredImage = async (
  db: Database,
  files: Pick<Files, 'find'>,
  field: string,
  url: string | null | undefined,
) => {
  if (!url) return;
  const name = fileNameOfUrl(url);
  const file = name ? await files.find(db, name) : undefined;
  if (file?.visibility !== 'public') throw invalidFields({ [field]: 'storedFileMissing' });
};

/**
 * Streams a stored file as the answer, for GET /api/files/{name} and for a module's own authorised
 * route to a private file. A public name is never reused, so it may be cached for good; a private
 * file is kept out of shared caches. Images are sent as images; anything else as a download.
 */
export const sendStoredFile = async (reply: FastifyReply, store: FileStore, file: StoredFile) => {
  const bytes = await store.get(file.name);
  if (!bytes) throw notFound();
  const extension = path.extname(file.name).slice(1);
  const type = extension in imageTypes ? imageTypes[extension as ImageExtension] : undefined;
  if (!type) reply.header('content-disposition', 'attachment');
  return reply
    .header('content-type', type ?? 'application/octet-stream')
    .header('content-length', bytes.size)
    .header(
      'cache-control',
      file.visibility === 'public' ? 'public, max-age=31536000, immutable' : 'private, no-store',
    )
    .header('x-content-type-options', 'nosniff')
    .send(bytes.stream);
};
