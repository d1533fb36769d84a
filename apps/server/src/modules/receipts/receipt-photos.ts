import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { RECEIPT_LIMITS, type ReceiptFileType } from '@avlu/contracts';
import { PDFArray, PDFDict, PDFDocument, PDFName, type PDFObject, PDFRef, PDFStream } from 'pdf-lib';
import sharp, { type Sharp } from 'sharp';
import type { Database } from '../../platform/db/database';
import { AppError, invalidFields } from '../../platform/errors';
import type { Files } from '../../platform/files/files';
import { detectImage } from '../../platform/files/image-type';
import { MAX_IMAGE_SIDE } from '../../platform/files/images';

/** The longest side of a receipt's thumbnail: the list and the micro-site show it small. */
export const RECEIPT_THUMBNAIL_SIDE = 320;
const MAX_INPUT_PIXELS = 40_000_000;
/** An HEVC photo taking longer than this to decode is given up as unreadable (a 12 MP one takes seconds). */
const HEIC_DECODE_TIMEOUT_MS = 30_000;

const ascii = (data: Buffer, from: number, to: number) => data.subarray(from, to).toString('latin1');

/** HEIF brands of a phone's photo (`ftyp` box at byte 4): HEIC, its sequences, and the generic image brands. */
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1', 'avif']);

/** What an upload is by its first bytes, whatever its name says: JPEG, PNG, HEIC (HEIF) or PDF. */
export const detectReceiptFile = (data: Buffer): 'jpg' | 'png' | 'heic' | 'pdf' | undefined => {
  const image = detectImage(data);
  if (image === 'jpg' || image === 'png') return image;
  if (data.length >= 12 && ascii(data, 4, 8) === 'ftyp' && HEIF_BRANDS.has(ascii(data, 8, 12))) return 'heic';
  // A PDF starts with its header (within the first KiB, as readers allow) and ends with %%EOF.
  const head = ascii(data, 0, Math.min(data.length, 1024));
  if (head.includes('%PDF-') && ascii(data, Math.max(0, data.length - 1024), data.length).includes('%%EOF'))
    return 'pdf';
  return undefined;
};

export type ReceiptPhoto = {
  photo: string;
  thumbnail: string | null;
  type: ReceiptFileType;
  hash: string;
};

const unreadable = (field: string) => invalidFields({ [field]: 'receiptFileUnreadable' });

type RawImage = { width: number; height: number; data: Uint8Array };

/**
 * The worker that decodes an HEVC HEIC with `heic-decode` (libheif and libde265 compiled to wasm; the
 * prebuilt libvips under sharp decodes HEIF with AV1 only). A worker, not this thread: decoding a
 * 12 MP photo takes seconds of CPU that would stall every other request, a wasm heap only grows while
 * its thread lives, and a decoder that aborts on a crafted file takes only its own thread with it.
 * It reads the size from the container first and decodes nothing larger than `maxPixels`; it answers
 * `{ width, height, data }` (RGBA) or `null`.
 */
const HEIC_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const decode = require(workerData.module);
(async () => {
  const images = await decode.all({ buffer: workerData.data });
  try {
    const image = images[0];
    if (!image || !(image.width > 0 && image.height > 0) || image.width * image.height > workerData.maxPixels)
      return null;
    const { width, height, data } = await image.decode();
    return { width, height, data };
  } finally {
    images.dispose();
  }
})().then(
  (image) => parentPort.postMessage(image, image ? [image.data.buffer] : []),
  () => parentPort.postMessage(null),
);
`;

let heicModule: string | undefined;
/** One HEVC decode at a time: each takes a core and a few hundred MB while it runs. */
let heicQueue: Promise<unknown> = Promise.resolve();

const decodeInWorker = (data: Buffer) =>
  new Promise<RawImage | undefined>((resolve) => {
    heicModule ??= createRequire(import.meta.url).resolve('heic-decode');
    const worker = new Worker(HEIC_WORKER, {
      eval: true,
      workerData: { module: heicModule, data, maxPixels: MAX_INPUT_PIXELS },
      stdout: true,
      stderr: true,
    });
    // libheif writes its parse errors to stderr; the answer says what matters.
    worker.stdout.resume();
    worker.stderr.resume();
    const timer = setTimeout(() => void worker.terminate(), HEIC_DECODE_TIMEOUT_MS);
    const settle = (image: RawImage | undefined) => {
      clearTimeout(timer);
      resolve(image);
      void worker.terminate();
    };
    worker.once('message', (image: RawImage | null) => settle(image ?? undefined));
    worker.once('error', () => settle(undefined));
    worker.once('exit', () => settle(undefined));
  });

/** The RGBA pixels of an HEVC HEIC, or undefined when it does not decode or is over the pixel limit. */
export const decodeHevcHeic = (data: Buffer): Promise<RawImage | undefined> => {
  const decoded = heicQueue.then(() => decodeInWorker(data));
  heicQueue = decoded.catch(() => undefined);
  return decoded.then((image) =>
    image &&
    Number.isInteger(image.width) &&
    Number.isInteger(image.height) &&
    image.width > 0 &&
    image.height > 0 &&
    image.width * image.height <= MAX_INPUT_PIXELS &&
    image.data.length === image.width * image.height * 4
      ? image
      : undefined,
  );
};

/**
 * The sharp pipeline a photo is read through: JPEG, PNG and AV1 HEIF by sharp itself (turned upright
 * by its EXIF orientation), HEVC HEIC from the pixels `heic-decode` gives (libheif applies the HEIF's
 * own rotation, mirror and crop, `irot`/`imir`/`clap`, as it decodes; a HEIF's EXIF orientation is not
 * applied again), flattened on white. Undefined when the photo does not decode.
 */
const readPhoto = async (data: Buffer, kind: 'jpg' | 'png' | 'heic'): Promise<Sharp | undefined> => {
  const bySharp = () => sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
  if (kind !== 'heic') return bySharp();
  const header = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS })
    .metadata()
    .catch(() => undefined);
  if (header?.compression === 'av1') return bySharp();
  // The header's size refuses a large photo before a worker starts; the worker checks it again.
  if (header?.width && header.height && header.width * header.height > MAX_INPUT_PIXELS) return undefined;
  const image = await decodeHevcHeic(data);
  if (!image) return undefined;
  return sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.length), {
    raw: { width: image.width, height: image.height, channels: 4 },
    limitInputPixels: MAX_INPUT_PIXELS,
  }).flatten({ background: '#ffffff' });
};

/** Every indirect object reachable from `root` (by tag), following dictionaries, arrays and stream dictionaries. */
const reachableFrom = (doc: PDFDocument, root: PDFRef) => {
  const seen = new Set<string>();
  const pending: PDFObject[] = [root];
  for (let object = pending.pop(); object; object = pending.pop()) {
    if (object instanceof PDFRef) {
      if (seen.has(object.tag)) continue;
      seen.add(object.tag);
      const target = doc.context.lookup(object);
      if (target) pending.push(target);
    } else if (object instanceof PDFStream) pending.push(object.dict);
    else if (object instanceof PDFDict) {
      // XMP may sit on any object (the catalog, a page, an image), not only the catalog.
      object.delete(PDFName.of('Metadata'));
      for (const [, value] of object.entries()) pending.push(value);
    } else if (object instanceof PDFArray) pending.push(...object.asArray());
  }
  return seen;
};

/**
 * A PDF without who made it: the trailer's Info dictionary (author, creator, producer, title,
 * subject, keywords, dates) and every XMP `/Metadata` stream go, and so does every object nothing
 * reachable from the catalog refers to (an earlier revision's leftovers, the dropped metadata), then
 * the file is written afresh by pdf-lib. Undefined for a PDF pdf-lib cannot parse, one without a
 * catalog, or an encrypted one (whose objects could not be read, nor rewritten, without its key).
 */
export const stripPdfMetadata = async (data: Buffer): Promise<Buffer | undefined> => {
  try {
    // updateMetadata: false, or pdf-lib would write its own Producer, Creator and dates.
    const doc = await PDFDocument.load(data, { updateMetadata: false, throwOnInvalidObject: true });
    const root = doc.context.trailerInfo.Root;
    if (!(root instanceof PDFRef) || !(doc.context.lookup(root) instanceof PDFDict)) return undefined;
    const info = doc.context.lookup(doc.context.trailerInfo.Info);
    if (info instanceof PDFDict) for (const key of info.keys()) info.delete(key);
    doc.context.trailerInfo.Info = undefined;
    const keep = reachableFrom(doc, root);
    for (const [ref] of doc.context.enumerateIndirectObjects())
      if (!keep.has(ref.tag)) doc.context.delete(ref);
    const saved = await doc.save({ addDefaultPage: false, updateFieldAppearances: false });
    return Buffer.from(saved.buffer, saved.byteOffset, saved.length);
  } catch {
    return undefined;
  }
};

/**
 * Checks an uploaded receipt by its bytes and keeps it as private files. A photo (JPEG, PNG, HEIC) is
 * decoded and encoded afresh with sharp (EXIF, GPS position, comments and anything appended are
 * gone; turned upright; at most 2048 px), a HEIC as JPEG (an HEVC one decoded by `heic-decode` in a
 * worker, an AV1 one by sharp), and a thumbnail is drawn from it. A PDF is written afresh without its
 * Info dictionary and XMP metadata (`stripPdfMetadata`), at most `RECEIPT_LIMITS.fileBytes` (else
 * 413), without a thumbnail (sharp draws no PDF here). Anything else, or a photo or PDF that does not
 * decode (an encrypted PDF among them), is 400 naming `field`. The hash is of the uploaded bytes, so
 * the same upload is found again. Saved before the receipt's own transaction: a receipt refused later
 * leaves orphans that the nightly sweep removes.
 */
export const saveReceiptPhoto = async (
  db: Database,
  files: Pick<Files, 'save'>,
  data: Buffer,
  options: { field: string; owner: string },
): Promise<ReceiptPhoto> => {
  const kind = detectReceiptFile(data);
  if (!kind) throw invalidFields({ [options.field]: 'receiptFileType' });
  const hash = createHash('sha256').update(data).digest('hex');
  if (kind === 'pdf') {
    const pdf = await stripPdfMetadata(data);
    if (!pdf) throw unreadable(options.field);
    if (pdf.length > RECEIPT_LIMITS.fileBytes) throw new AppError('PAYLOAD_TOO_LARGE', 413);
    const saved = await files.save(db, pdf, {
      extension: 'pdf',
      visibility: 'private',
      owner: options.owner,
    });
    return { photo: saved.name, thumbnail: null, type: 'pdf', hash };
  }
  const type: ReceiptFileType = kind === 'png' ? 'png' : 'jpg';
  const decoded = (await readPhoto(data, kind))?.resize({
    width: MAX_IMAGE_SIDE,
    height: MAX_IMAGE_SIDE,
    fit: 'inside',
    withoutEnlargement: true,
  });
  const photo = decoded
    ? await (type === 'png' ? decoded.png() : decoded.jpeg({ quality: 85 })).toBuffer().catch(() => undefined)
    : undefined;
  if (!photo) throw unreadable(options.field);
  const thumbnail = await sharp(photo)
    .resize({
      width: RECEIPT_THUMBNAIL_SIDE,
      height: RECEIPT_THUMBNAIL_SIDE,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .jpeg({ quality: 75 })
    .toBuffer();
  const savedPhoto = await files.save(db, photo, {
    extension: type,
    visibility: 'private',
    owner: options.owner,
  });
  const savedThumbnail = await files.save(db, thumbnail, { extension: 'jpg', visibility: 'private' });
  return { photo: savedPhoto.name, thumbnail: savedThumbnail.name, type, hash };
};
