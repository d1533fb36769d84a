import { registerBody, resetPasswordBody } from '@avlu/contracts';
import { z } from 'zod';

const confirmed = (values: { admin_password: string; confirm_password: string }) =>
  values.admin_password === values.confirm_password;
const mismatch = { message: 'validation.passwordsMatch', path: ['confirm_password'] };

/** Register by invitation: the contracts body without the token (it is in the link), plus the confirmation. */
export const registerForm = registerBody
  .omit({ admin_invite_token: true })
  .extend({ confirm_password: z.string() })
  .refine(confirmed, mismatch);
export type RegisterFormOutput = z.output<typeof registerForm>;

/** Reset password: the contracts body without the token (it is in the link), plus the confirmation. */
export const resetForm = resetPasswordBody
  .omit({ token: true })
  .extend({ confirm_password: z.string() })
  .refine(confirmed, mismatch);
