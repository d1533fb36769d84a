import { z } from 'zod';
import { api, type UploadProgress } from '../../lib/api';

/** What POST /api/files takes: JPEG, PNG or WebP up to 5 MB. */
export const IMAGE_ACCEPT = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

const uploaded = z.object({ url: z.string() });

/** A form's image value: a newly chosen file is sent to POST /files and becomes its URL. */
export const imageUrl = async (
  value: File | string | null | undefined,
  onProgress?: (progress: UploadProgress) => void,
): Promise<string | null> => {
  if (!(value instanceof File)) return value || null;
  const body = new FormData();
  body.append('file', value);
  const { url } = await api.upload('POST', '/files', body, { schema: uploaded, onProgress });
  return url;
};

/** The form side of an image that is uploaded on submit: a chosen file, the saved URL, or none. */
export const imageValue = z.union([z.instanceof(File), z.string()]).nullable();
