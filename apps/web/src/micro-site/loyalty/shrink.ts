/**
 * A receipt photo is shrunk on the phone before it is uploaded (issue 14 #2): a phone camera's
 * 12-megapixel JPEG of 4-6 MB becomes a few hundred KB, which uploads quickly over a mall's mobile
 * signal and stays well within the server's 15 MB limit. The server re-encodes it again anyway.
 */
export const RECEIPT_PHOTO_MAX_SIDE = 2000;
export const RECEIPT_PHOTO_QUALITY = 0.85;

/**
 * The size a `width` × `height` picture is drawn at so its longer side is at most `maxSide`, keeping
 * its proportions (whole pixels, never 0); a picture already small enough keeps its size.
 */
export const fitWithin = (width: number, height: number, maxSide = RECEIPT_PHOTO_MAX_SIDE) => {
  const longer = Math.max(width, height);
  if (longer <= maxSide || longer <= 0) return { width, height, scaled: false };
  const scale = maxSide / longer;
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
    scaled: true,
  };
};

const jpegName = (name: string) => `${name.replace(/\.[^.]+$/, '') || 'fis'}.jpg`;

/**
 * The file to upload for what the customer chose: a PDF as it is; a photo decoded (turned upright by
 * its EXIF orientation), drawn at most `RECEIPT_PHOTO_MAX_SIDE` on its longer side and encoded as JPEG
 * at `RECEIPT_PHOTO_QUALITY`. When the browser cannot decode it (a HEIC outside Safari) or draw it,
 * the original goes: the server decodes HEIC itself (an iPhone's HEVC one with heic-decode, an AV1
 * one with sharp) and keeps it as a JPEG, at most 40 megapixels.
 */
export const shrinkReceiptPhoto = async (file: File): Promise<File> => {
  if (file.type === 'application/pdf' || !file.type.startsWith('image/')) return file;
  if (typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const size = fitWithin(bitmap.width, bitmap.height);
    // A small JPEG is sent as it is: encoding it again would only lose quality.
    if (!size.scaled && file.type === 'image/jpeg') return file;
    const blob = await drawJpeg(bitmap, size.width, size.height);
    if (!blob || (!size.scaled && blob.size >= file.size)) return file;
    return new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
};

const drawJpeg = async (bitmap: ImageBitmap, width: number, height: number): Promise<Blob | null> => {
  if (typeof OffscreenCanvas === 'function') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.drawImage(bitmap, 0, 0, width, height);
    return canvas.convertToBlob({ type: 'image/jpeg', quality: RECEIPT_PHOTO_QUALITY }).catch(() => null);
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.drawImage(bitmap, 0, 0, width, height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', RECEIPT_PHOTO_QUALITY));
};
