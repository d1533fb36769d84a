import { z } from 'zod';
import { verbatimText } from '../common/text';

/** Spec §5's floor: at least 6 characters, no spaces. */
export const SPEC_PASSWORD_MIN_LENGTH = 6;
/**
 * Our rule is stricter than the spec's floor (issue 10 #19): at least 8 characters, no spaces, and not
 * a common password. The common-password list is checked by the server only (it would add ~200 KB
 * gzip to the web app); forms show the server's 400 `passwordCommon` under the field.
 */
export const PASSWORD_MIN_LENGTH = 8;
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
