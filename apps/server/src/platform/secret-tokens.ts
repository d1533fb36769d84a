import { createHash, randomBytes } from 'node:crypto';

/**
 * A bearer secret (sign-in token, invitation or reset link, micro-site token): 256 random bits in
 * base64url, 43 characters, far beyond guessing and safe in a path segment.
 */
export const newSecretToken = (): string => randomBytes(32).toString('base64url');

/** What is stored of a secret that is checked, never shown again: its SHA-256, so a leaked table opens nothing. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
