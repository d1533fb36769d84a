import sharp from 'sharp';
import type { ImageExtension } from './image-type';

/** Longest side of a stored image: larger uploads are scaled down (a profile photo or logo needs no more). */
export const MAX_IMAGE_SIDE = 2048;
/** Decoding stops above this many pixels: a small file claiming 30000×30000 is a decompression bomb. */
const MAX_INPUT_PIXELS = 40_000_000;

// Decoded images are not kept between uploads: memory stays flat on a small server.
sharp.cache(false);

/**
 * Decodes an uploaded image and encodes it afresh in its own format: the result holds only pixels,
 * so EXIF (GPS position, camera serial), comments and anything appended to or hidden in the file (a
 * polyglot that is also HTML or a script) are gone. The EXIF orientation is applied first, so the
 * photo still stands the right way. Undefined when the bytes do not decode as that image.
 */
export const reencodeImage = async (data: Buffer, type: ImageExtension): Promise<Buffer | undefined> => {
  const image = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .rotate()
    .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true });
  const encoded =
    type === 'jpg' ? image.jpeg({ quality: 85 }) : type === 'png' ? image.png() : image.webp({ quality: 85 });
  return encoded.toBuffer().catch(() => undefined);
};
