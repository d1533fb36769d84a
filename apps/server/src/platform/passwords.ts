import { randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

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
