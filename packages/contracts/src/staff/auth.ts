import { z } from 'zod';
import { personName, verbatimText } from '../common/text';
import { email, password } from './password';

/** POST /core/auth/login. `remember` (on by default in the form) gives a longer-lived token. */
export const loginBody = z.strictObject({
  admin_email: email,
  admin_password: verbatimText().min(1).max(128),
  remember: z.boolean().default(true),
});
export type LoginBody = z.input<typeof loginBody>;

/** The answer of login and of register by invitation: an opaque bearer token and when it ends. */
export const tokenResponse = z.object({
  token: z.object({ value: z.string(), expiresAt: z.iso.datetime() }),
});
export type TokenResponse = z.infer<typeof tokenResponse>;

/** POST /core/auth/register: completing an invitation signs the new user in. */
export const registerBody = z.strictObject({
  admin_name: personName(120),
  admin_surname: personName(120),
  admin_invite_token: verbatimText().min(16).max(200),
  admin_password: password,
});
export type RegisterBody = z.infer<typeof registerBody>;

/** GET /core/auth/invitation/{token}: what the register page shows before the user fills it in. */
export const invitationPreview = z.object({
  admin_invite_email: z.string(),
  admin_invite_role_name: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreview>;

/** POST /core/auth/forget-password: always answers 200, so it does not tell which addresses exist. */
export const forgetPasswordBody = z.strictObject({ admin_email: email });

/** POST /core/auth/reset-password with the token of the emailed link. */
export const resetPasswordBody = z.strictObject({
  token: verbatimText().min(16).max(200),
  admin_password: password,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

/** POST /core/auth/unlock with the token of the mailed unlock link (issue 10 #15). */
export const unlockAccountBody = z.strictObject({ token: verbatimText().min(16).max(200) });
export type UnlockAccountBody = z.infer<typeof unlockAccountBody>;

export const tokenParams = z.strictObject({ token: verbatimText().min(16).max(200) });
