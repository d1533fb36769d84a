import { randomBytes } from 'node:crypto';
import type { LoginBody, TokenResponse } from '@avlu/contracts';
import { sql } from 'drizzle-orm';
import { type AuditRequest, audit } from '../../platform/audit';
import { clientKey } from '../../platform/client-address';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { admins } from '../admins/admins.tables';
import {
  beginPasswordAttempt,
  type PasswordAttemptContext,
  passwordAttemptFailed,
  passwordAttemptSucceeded,
} from './login-throttle.service';
import { countAttempt, uncountAttempt } from './rate-limits.service';
import { createSession } from './sessions.service';

/**
 * Spec §5 leaves the numbers to us. Per client address (IPv6 by its /64), whatever accounts it names:
 * enough for a shared office, too few for trying passwords across accounts. Per account, see
 * login-throttle.service.ts: a progressive delay per (account, address) and a backstop that locks.
 */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_ATTEMPTS_PER_ADDRESS = 20;

export const addressKey = (address: string) => `login:ip:${clientKey(address)}`;

// An unknown email is checked against this hash so it costs the same time as a wrong password.
let dummyHash: Promise<string> | undefined;
const dummy = () => {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
};

const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', 401);
export const tooManyAttempts = (resetsAt: Date, now: number) => {
  const seconds = Math.max(1, Math.ceil((resetsAt.getTime() - now) / 1000));
  return new AppError('TOO_MANY_LOGIN_ATTEMPTS', 429, {
    params: { minutes: Math.ceil(seconds / 60) },
    retryAfterSeconds: seconds,
  });
};

type LoginRequest = AuditRequest;

/**
 * Checks an email and password and starts a session. Every attempt is counted before the password is
 * checked (per client address here, per account and address pair in `beginPasswordAttempt`), so
 * parallel guesses can not run more checks than the limits; a success gives its counts back.
 */
export const login = async (
  db: Database,
  body: Pick<LoginBody, 'admin_email' | 'admin_password'> & { remember: boolean },
  request: LoginRequest,
  mail: PasswordAttemptContext,
): Promise<TokenResponse> => {
  const email = body.admin_email.trim();
  // A refusal by a limit is recorded; any other error passes through as it is.
  const blocked = async (error: unknown) => {
    if (error instanceof AppError && error.statusCode === 429)
      await audit(db, request, { action: 'auth.login_blocked', entity: 'admin', details: { email } });
    return error;
  };
  const [address] = await countAttempt(db, [addressKey(request.ip)], LOGIN_WINDOW_MS);
  if (address!.count > MAX_ATTEMPTS_PER_ADDRESS)
    throw await blocked(tooManyAttempts(address!.resetsAt, Date.now()));
  const attempt = await beginPasswordAttempt(db, email, request.ip, mail.lockFailures).catch(
    async (error: unknown) => {
      throw await blocked(error);
    },
  );
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
    await passwordAttemptFailed(db, email, attempt, mail);
    throw invalidCredentials();
  }
  await passwordAttemptSucceeded(db, email, request.ip, mail.lockFailures);
  await uncountAttempt(db, [addressKey(request.ip)]);
  const token = await createSession(db, admin._id, { remember: body.remember, request });
  await audit(db, request, {
    action: 'auth.login',
    entity: 'admin',
    entityId: admin._id,
    actorId: admin._id,
  });
  return token;
};
