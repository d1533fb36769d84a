import { z } from 'zod';
import { verbatimText } from '../common/text';

/** Spec §5: at least 6 characters, no spaces. */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

export const password = verbatimText()
  .min(PASSWORD_MIN_LENGTH)
  .max(PASSWORD_MAX_LENGTH)
  .refine((value) => !/\s/.test(value), { message: 'validation.passwordSpaces' });

/** Email addresses are 6 to 265 characters (spec §9), compared without letter case. */
export const email = z.email().min(6).max(265);

/** Changing one's own password: old and new required, the confirmation must match (spec §5). */
export const changePasswordBody = z
  .strictObject({
    old_password: verbatimText().min(1).max(PASSWORD_MAX_LENGTH),
    new_password: password,
    confirm_password: verbatimText().min(1).max(PASSWORD_MAX_LENGTH),
  })
  .refine((body) => body.new_password === body.confirm_password, {
    message: 'validation.passwordsMatch',
    path: ['confirm_password'],
  });
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;
