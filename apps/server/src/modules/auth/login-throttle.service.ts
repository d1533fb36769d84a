import type { Language } from '@avlu/contracts';
import { and, eq, gt, inArray, isNull, like, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { audit } from '../../platform/audit';
import { clientKey } from '../../platform/client-address';
import type { Config } from '../../platform/config';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { appBaseUrl } from '../../platform/links';
import type { Mailer } from '../../platform/mail';
import { hashToken, newSecretToken } from '../../platform/secret-tokens';
import { admins } from '../admins/admins.tables';
import { accountUnlockMail } from '../mail/account-unlock-mail';
import { loginThrottles, unlockLinks } from './login-throttles.tables';

/**
 * Guessing a staff password (issue 10 #15). An attacker must not be able to lock the owner out, so
 * failures are counted per (account, client address) pair: after PAIR_FREE_FAILURES the pair waits
 * a delay that doubles with each further failure (1, 2, 4 … 60 minutes), while the owner signs in
 * from their own address unhindered. Guessing from many addresses is stopped by a much higher
 * per-account backstop: STAFF_LOGIN_LOCK_FAILURES (100) in a day lock the account for a day and mail its owner
 * an unlock link (a password reset unlocks it too). Attempts are counted before the password is
 * checked, under a row lock, so parallel guesses cannot get past either limit.
 */
export const PAIR_FREE_FAILURES = 5;
export const PAIR_MAX_DELAY_MS = 60 * 60 * 1000;
export const PAIR_WINDOW_MS = 24 * 60 * 60 * 1000;
export const ACCOUNT_WINDOW_MS = 24 * 60 * 60 * 1000;
export const ACCOUNT_LOCK_MS = 24 * 60 * 60 * 1000;
export const UNLOCK_LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;

const normalEmail = (email: string) => email.trim().toLowerCase();
const accountKey = (email: string) => `account:${normalEmail(email)}`;
const pairPrefix = (email: string) => `pair:${normalEmail(email)}:`;
const pairKey = (email: string, ip: string) => `${pairPrefix(email)}${clientKey(ip)}`;

/** The wait after the n-th failure of a pair: none up to the free ones, then doubling from a minute. */
export const pairDelayMs = (failures: number): number =>
  failures < PAIR_FREE_FAILURES
    ? 0
    : Math.min(PAIR_MAX_DELAY_MS, 60_000 * 2 ** (failures - PAIR_FREE_FAILURES));

const retryError = (code: 'TOO_MANY_LOGIN_ATTEMPTS' | 'ACCOUNT_LOCKED', until: Date, now: Date) => {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return new AppError(code, 429, {
    params: { minutes: Math.ceil(seconds / 60) },
    retryAfterSeconds: seconds,
  });
};

export type PasswordAttempt = {
  /** This attempt's count reached the backstop: if it fails, the account is locked from now on. */
  locksAccount: boolean;
};

/**
 * Counts one password attempt of an account from a client address, or refuses it with a 429 while the
 * pair waits its delay or the account is locked. Call before checking the password; then call
 * `passwordAttemptSucceeded` or `passwordAttemptFailed`.
 */
export const beginPasswordAttempt = async (
  db: Database,
  email: string,
  ip: string,
  lockFailures: number,
  now = new Date(),
): Promise<PasswordAttempt> =>
  db.transaction(async (tx) => {
    const keys = [accountKey(email), pairKey(email, ip)].sort();
    await tx
      .insert(loginThrottles)
      .values(keys.map((key) => ({ key, window_start: now, failures: 0 })))
      .onConflictDoNothing();
    // Sorted keys, locked in the same order by every attempt: no deadlock between two of them.
    const rows = await tx
      .select()
      .from(loginThrottles)
      .where(inArray(loginThrottles.key, keys))
      .orderBy(loginThrottles.key)
      .for('update');
    const fresh = (row: (typeof rows)[number], windowMs: number) =>
      (row.blocked_until === null || row.blocked_until <= now) &&
      row.window_start.getTime() + windowMs <= now.getTime()
        ? { ...row, window_start: now, failures: 0, blocked_until: null }
        : row;
    const account = fresh(rows.find((row) => row.key === accountKey(email))!, ACCOUNT_WINDOW_MS);
    const pair = fresh(rows.find((row) => row.key === pairKey(email, ip))!, PAIR_WINDOW_MS);
    if (account.blocked_until && account.blocked_until > now)
      throw retryError('ACCOUNT_LOCKED', account.blocked_until, now);
    if (pair.blocked_until && pair.blocked_until > now)
      throw retryError('TOO_MANY_LOGIN_ATTEMPTS', pair.blocked_until, now);
    const pairFailures = pair.failures + 1;
    const accountFailures = account.failures + 1;
    const delay = pairDelayMs(pairFailures);
    // Set before the check, so a parallel attempt of the pair already waits; a success clears it.
    await tx
      .update(loginThrottles)
      .set({
        window_start: pair.window_start,
        failures: pairFailures,
        blocked_until: delay > 0 ? new Date(now.getTime() + delay) : null,
      })
      .where(eq(loginThrottles.key, pair.key));
    await tx
      .update(loginThrottles)
      .set({
        window_start: account.window_start,
        failures: accountFailures,
        blocked_until: accountFailures >= lockFailures ? new Date(now.getTime() + ACCOUNT_LOCK_MS) : null,
      })
      .where(eq(loginThrottles.key, account.key));
    return { locksAccount: accountFailures >= lockFailures };
  });

/** The password was right: the pair starts afresh and the account's count takes this attempt back. */
export const passwordAttemptSucceeded = async (
  db: Database,
  email: string,
  ip: string,
  lockFailures: number,
): Promise<void> => {
  await db.delete(loginThrottles).where(eq(loginThrottles.key, pairKey(email, ip)));
  await db
    .update(loginThrottles)
    .set({
      failures: sql`greatest(${loginThrottles.failures} - 1, 0)`,
      blocked_until: sql`case when ${loginThrottles.failures} - 1 >= ${lockFailures} then ${loginThrottles.blocked_until} end`,
    })
    .where(eq(loginThrottles.key, accountKey(email)));
};

/** What a password check needs besides the database: the backstop and how to mail the unlock link. */
export type PasswordAttemptContext = {
  lockFailures: number;
  mailer: Mailer;
  baseUrl: string;
  lang: Language;
  log: FastifyBaseLogger;
};

/** The context of a request's password check (the sign-in and the password change). */
export const passwordAttemptContext = (
  config: Pick<Config, 'publicUrl' | 'staffLoginLockFailures'>,
  mailer: Mailer,
  request: { lang: Language; log: FastifyBaseLogger },
): PasswordAttemptContext => ({
  lockFailures: config.staffLoginLockFailures,
  mailer,
  baseUrl: appBaseUrl(config),
  lang: request.lang,
  log: request.log,
});

/**
 * The password was wrong. When this failure locked the account, its owner gets an unlock link by mail
 * (the link is saved and mailed in one transaction). A mail that cannot be sent is logged, not
 * answered: the caller answers the wrong password as usual.
 */
export const passwordAttemptFailed = async (
  db: Database,
  email: string,
  attempt: PasswordAttempt,
  mail: PasswordAttemptContext,
): Promise<void> => {
  if (!attempt.locksAccount) return;
  const [admin] = await db
    .select({ _id: admins._id, email: admins.admin_email, name: admins.admin_name })
    .from(admins)
    .where(sql`lower(${admins.admin_email}) = ${normalEmail(email)}`);
  if (!admin) return;
  try {
    const token = newSecretToken();
    await db.transaction(async (tx) => {
      await tx.insert(unlockLinks).values({
        admin_id: admin._id,
        token_hash: hashToken(token),
        expires_at: new Date(Date.now() + UNLOCK_LINK_LIFETIME_MS),
      });
      await audit(tx, undefined, {
        action: 'auth.account_locked',
        entity: 'admin',
        entityId: admin._id,
        actorId: null,
      });
      await mail.mailer.send(
        accountUnlockMail({
          lang: mail.lang,
          to: admin.email,
          name: admin.name,
          link: `${mail.baseUrl}/auth/unlock/${token}`,
          expiresInHours: UNLOCK_LINK_LIFETIME_MS / 3_600_000,
        }),
        { db: tx },
      );
    });
  } catch (error) {
    mail.log.error({ err: error, adminId: admin._id }, 'account unlock mail not sent');
  }
};

/**
 * Lifts an account's lock and forgets its failures, from every address: after a password reset (the
 * guesses were at the old password) and by an unlock link (then only the backstop: addresses that
 * were guessing keep their delay).
 */
export const clearPasswordFailures = async (
  db: Database,
  email: string,
  options: { pairs: boolean },
): Promise<void> => {
  await db.delete(loginThrottles).where(eq(loginThrottles.key, accountKey(email)));
  if (options.pairs)
    await db
      .delete(loginThrottles)
      .where(like(loginThrottles.key, `${pairPrefix(email).replace(/[\\%_]/g, '\\$&')}%`));
};

/** Uses an unlock link once: the account's lock ends, every other unlock link of it too. */
export const unlockAccount = async (
  db: Database,
  token: string,
  request: Parameters<typeof audit>[1],
): Promise<void> =>
  db.transaction(async (tx) => {
    const now = new Date();
    const [used] = await tx
      .update(unlockLinks)
      .set({ used_at: now })
      .where(
        and(
          eq(unlockLinks.token_hash, hashToken(token)),
          isNull(unlockLinks.used_at),
          gt(unlockLinks.expires_at, now),
        ),
      )
      .returning({ adminId: unlockLinks.admin_id });
    if (!used) throw new AppError('UNLOCK_LINK_INVALID', 400);
    await tx
      .update(unlockLinks)
      .set({ used_at: now })
      .where(and(eq(unlockLinks.admin_id, used.adminId), isNull(unlockLinks.used_at)));
    const [admin] = await tx
      .select({ email: admins.admin_email })
      .from(admins)
      .where(eq(admins._id, used.adminId));
    if (admin) await clearPasswordFailures(tx, admin.email, { pairs: false });
    await audit(tx, request, {
      action: 'auth.account_unlocked',
      entity: 'admin',
      entityId: used.adminId,
      actorId: used.adminId,
    });
  });

/**
 * Drops throttle rows whose window and lock are over and unlock links past their end (for a periodic
 * clean-up job): an old row would be reset by its next attempt anyway.
 */
export const deleteOldLoginThrottles = async (db: Database, now = new Date()): Promise<number> => {
  const windowAgo = new Date(now.getTime() - Math.max(PAIR_WINDOW_MS, ACCOUNT_WINDOW_MS));
  const throttles = await db
    .delete(loginThrottles)
    .where(
      and(
        lt(loginThrottles.window_start, windowAgo),
        or(isNull(loginThrottles.blocked_until), lt(loginThrottles.blocked_until, now)),
      ),
    )
    .returning({ key: loginThrottles.key });
  const links = await db
    .delete(unlockLinks)
    .where(lt(unlockLinks.expires_at, now))
    .returning({ _id: unlockLinks._id });
  return throttles.length + links.length;
};
