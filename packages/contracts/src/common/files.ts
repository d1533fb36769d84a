import { z } from 'zod';

/**
 * The URL of a file of our own file store, as POST /api/files answers it: `/api/files/` and a name of
 * 43 base64url characters (256 random bits) with an image extension. Any other string (a tracking
 * URL, `javascript:`, a data URL) is refused, so a stored image field can only point at our server.
 */
export const STORED_IMAGE_URL_PATTERN = /^\/api\/files\/[A-Za-z0-9_-]{43}\.(jpg|png|webp)$/;
export const storedImageUrl = z
  .string()
  .regex(STORED_IMAGE_URL_PATTERN, { message: 'validation.storedFile' });

/** POST /api/files: where the uploaded file is read. */
export const uploadedFile = z.object({ url: z.string() });
