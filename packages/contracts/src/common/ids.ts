import { z } from 'zod';

/** Every record id in Avlu is a 24-hex-character string (spec §2, §9). */
export const OBJECT_ID_PATTERN = /^[0-9a-f]{24}$/;

export const objectId = z.string().regex(OBJECT_ID_PATTERN, { message: 'validation.objectId' });
export type ObjectId = z.infer<typeof objectId>;

export const isObjectId = (value: unknown): value is ObjectId =>
  typeof value === 'string' && OBJECT_ID_PATTERN.test(value);

/** Path parameters `{ id }` shared by every `/resource/{id}` route. */
export const idParams = z.strictObject({ id: objectId });
