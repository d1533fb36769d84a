import { z } from 'zod';

/**
 * The login form (spec §5: a valid email and a password are required). Messages are keys of the
 * shared `validation` catalogue, so they follow the language even while shown.
 */
export const loginSchema = z.object({
  admin_email: z
    .string()
    .trim()
    .min(1, { error: 'validation.required' })
    .pipe(z.email({ error: 'validation.format.email' })),
  admin_password: z.string().min(1, { error: 'validation.required' }),
  remember: z.boolean(),
});

export type LoginValues = z.infer<typeof loginSchema>;
