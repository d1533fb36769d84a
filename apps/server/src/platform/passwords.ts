import { randomInt } from 'node:crypto';
import { createRequire } from 'node:module';
import { hash, verify } from '@node-rs/argon2';
import { invalidFields } from './errors';

/** argon2id with the library's defaults (19 MiB, 2 passes): OWASP's recommended minimum. */
export const hashPassword = (password: string): Promise<string> => hash(password);

/** True when the password matches the stored argon2 hash; a malformed hash is a mismatch, not a crash. */
export const verifyPassword = async (passwordHash: string, password: string): Promise<boolean> => {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
};

// No 0/O, 1/l/I: a generated password is read off a terminal and typed by hand.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A random password of 20 letters and digits (about 116 bits). */
export const generatePassword = (length = 20): string =>
  Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

// zxcvbn-ts's list of the ~49,000 most common passwords (lower case), loaded on first use (about 70 ms):
// it is 380 KB of text, so it stays on the server and the web app shows the server's answer instead.
let commonPasswords: Set<string> | undefined;
const loadCommonPasswords = (): Set<string> => {
  if (!commonPasswords) {
    const { dictionary } = createRequire(import.meta.url)(
      '@zxcvbn-ts/language-common',
    ) as typeof import('@zxcvbn-ts/language-common');
    commonPasswords = new Set(dictionary['passwords-common']);
  }
  return commonPasswords;
};

/** True for a password of the common-password list, whatever its letter case. */
export const isCommonPassword = (password: string): boolean =>
  loadCommonPasswords().has(password.toLowerCase());

/**
 * The server's part of the password rule (length and spaces are contracts' `password` schema):
 * refuses a common password with a 400 naming `field`. Every place that sets a password calls it
 * before hashing (register, reset, change, a user made by staff); config.ts checks ADMIN_PASSWORD.
 */
export const assertUncommonPassword = (password: string, field: string): void => {
  if (isCommonPassword(password)) throw invalidFields({ [field]: 'passwordCommon' });
};
