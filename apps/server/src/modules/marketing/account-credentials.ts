import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Database } from '../../platform/db/database';
import { serverSecret } from '../../platform/server-secrets';

/**
 * The provider accounts' credentials (marketing-accounts.tables.ts `account_credentials_encrypted`):
 * AES-256-GCM under a key from `MARKETING_CREDENTIALS_KEY`, or without one a `serverSecret` made once
 * and shared by every process, stored as `v1.<iv>.<tag>.<ciphertext>` in base64url. The plain value
 * is a JSON object (NetGSM and SMTP `{ user, password }`, FCM `{ serviceAccount }`), read only where
 * a driver is built, never answered.
 */
const keys = new WeakMap<object, Promise<Buffer>>();

const keyOf = (db: Database): Promise<Buffer> => {
  let key = keys.get(db);
  if (!key) {
    key = serverSecret(db, 'marketing-credentials', process.env.MARKETING_CREDENTIALS_KEY).then((secret) =>
      createHash('sha256').update(`avlu marketing credentials\0${secret}`).digest(),
    );
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
};

export const encryptCredentials = async (db: Database, value: Record<string, unknown>): Promise<string> => {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await keyOf(db), iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
};

/** The stored credentials, or undefined when there are none; throws when they do not open (another key). */
export const decryptCredentials = async <T = Record<string, unknown>>(
  db: Database,
  stored: string | null,
): Promise<T | undefined> => {
  if (!stored) return undefined;
  const [version, iv, tag, data] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || data === undefined)
    throw new Error('unreadable provider credentials');
  const decipher = createDecipheriv('aes-256-gcm', await keyOf(db), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  const plain = Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]);
  return JSON.parse(plain.toString('utf8')) as T;
};
