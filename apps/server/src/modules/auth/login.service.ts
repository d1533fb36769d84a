import { randomBytes } from 'node:crypto';
import type { LoginBody, TokenResponse } from '@avlu/contracts';
import { sql } from 'drizzle-orm';
import { type AuditRequest, audit } from '../../platform/audit';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { admins } from '../admins/admins.tables';
import { countAttempt, resetCounters, uncountAttempt } from './rate-limits.service';
import { createSession } from './sessions.service';

/** Spec §5 leaves the numbers to us: enough for typos, too few for guessing. */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_ATTEMPTS_PER_ACCOUNT = 5;
export const MAX_ATTEMPTS_PER_ADDRESS = 20;

export const accountKey = (email: string) => `login:account:${email.trim().toLowerCase()}`;
export const addressKey = (address: string) => `login:ip:${address}`;

// An unknown email is checked against this hash so it costs the same time as a wrong password.
let dummyHash: Promise<string> | undefined;
const dummy = () => {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
};

const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', 401);
const tooManyAttempts = (resetsAt: Date, now: number) => {
  const seconds = Math.max(1, Math.ceil((resetsAt.getTime() - now) / 1000));
  return new AppError('TOO_MANY_LOGIN_ATTEMPTS', 429, {
    params: { minutes: Math.ceil(seconds / 60) },
    retryAfterSeconds: seconds,
  });
};

type LoginRequest = AuditRequest;

/**
 * Checks an email and password and starts a session. Every attempt is counted before the password is
 * checked (per account and per client address), so parallel guesses can not run more checks than the
 * limit; a success clears its account's count and gives back its address's.
 */
export const login = async (
  db: Database,
  body: Pick<LoginBody, 'admin_email' | 'admin_password'> & { remember: boolean },
  request: LoginRequest,
): Promise<TokenResponse> => {
  const email = body.admin_email.trim();
  const keys = [accountKey(email), addressKey(request.ip)];
  const [account, address] = await countAttempt(db, keys, LOGIN_WINDOW_MS);
  const blocked = [
    account!.count > MAX_ATTEMPTS_PER_ACCOUNT && account!,
    address!.count > MAX_ATTEMPTS_PER_ADDRESS && address!,
  ].filter((counter) => counter !== false);
  if (blocked.length > 0) {
    await audit(db, request, { action: 'auth.login_blocked', entity: 'admin', details: { email } });
    throw tooManyAttempts(
      new Date(Math.max(...blocked.map((counter) => counter.resetsAt.getTime()))),
      Date.now(),
    );
  }
  const [admin] = await db
    .select({ _id: admins._id, hash: admins.admin_password_hash })
    .from(admins)
    .where(sql`lower(${admins.admin_email}) = lower(${email})`);
  const matches = await verifyPassword(admin?.hash ?? (await dummy()), body.admin_password);
  if (!admin || !matches) {
    await audit(db, request, {
      action: 'auth.login_failed',
      entity: 'admin',
      entityId: admin?._id,
      actorId: null,
      details: { email },
    });
    throw invalidCredentials();
  }
  await resetCounters(db, [keys[0]!]);
  await uncountAttempt(db, keys[1]!);
  const token = await createSession(db, admin._id, { remember: body.remember, request });
  await audit(db, request, {
    action: 'auth.login',
    entity: 'admin',
    entityId: admin._id,
    actorId: admin._id,
  });
  return token;
};
