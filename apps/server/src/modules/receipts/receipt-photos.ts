import { createHash } from 'node:crypto';
import type { ReceiptFileType } from '@avlu/contracts';
import sharp from 'sharp';
import type { Database } from '../../platform/db/database';
import { invalidFields } from '../../platform/errors';
import type { Files } from '../../platform/files/files';
import { detectImage } from '../../platform/files/image-type';
import { MAX_IMAGE_SIDE } from '../../platform/files/images';

/** The longest side of a receipt's thumbnail: the list and the micro-site show it small. */
export const RECEIPT_THUMBNAIL_SIDE = 320;
const MAX_INPUT_PIXELS = 40_000_000;

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

/**
 * Checks an uploaded receipt by its bytes and keeps it as private files. A photo (JPEG, PNG, HEIC) is
 * decoded and encoded afresh with sharp (EXIF, GPS position, comments and anything appended are
 * gone; turned upright; at most 2048 px), a HEIC as JPEG, and a thumbnail is drawn from it. A PDF is
 * kept as uploaded (sharp draws no PDF here), without a thumbnail. Anything else, or a photo that
 * does not decode, is 400 naming `field`. Saved before the receipt's own transaction: a receipt
 * refused later leaves orphans that the nightly sweep removes.
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
    const saved = await files.save(db, data, {
      extension: 'pdf',
      visibility: 'private',
      owner: options.owner,
    });
    return { photo: saved.name, thumbnail: null, type: 'pdf', hash };
  }
  const type: ReceiptFileType = kind === 'png' ? 'png' : 'jpg';
  const decoded = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .rotate()
    .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true });
  const photo = await (type === 'png' ? decoded.png() : decoded.jpeg({ quality: 85 }))
    .toBuffer()
    .catch(() => undefined);
  if (!photo) throw invalidFields({ [options.field]: 'receiptFileUnreadable' });
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
