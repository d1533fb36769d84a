import { z } from 'zod';

/** A text that must be filled in: blank after trimming reads "required", not "at least 1 character". */
export const requiredText = (max: number) =>
  z.string().trim().min(1, { message: 'validation.required' }).max(max);
