import type { Language, ResetPasswordBody } from '@avlu/contracts';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type AuditRequest, audit } from '../../platform/audit';
import { clientKey } from '../../platform/client-address';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import type { Mailer } from '../../platform/mail';
import { assertUncommonPassword, hashPassword } from '../../platform/passwords';
import { hashToken, newSecretToken } from '../../platform/secret-tokens';
import { admins } from '../admins/admins.tables';
import { clearPasswordFailures } from '../auth/login-throttle.service';
import { countAttempt } from '../auth/rate-limits.service';
import { revokeAdminSessions } from '../auth/sessions.service';
import { passwordResetMail } from '../mail/password-reset-mail';
import { passwordResets } from './password-resets.tables';

/** A reset link works for an hour, once. */
export const RESET_LIFETIME_MS = 60 * 60 * 1000;
/** Reset mails per address and per client address in an hour: enough for a typo or two, not for a flood. */
export const RESET_LIMIT_PER_ACCOUNT = 3;
export const RESET_LIMIT_PER_CLIENT = 20;
const RESET_WINDOW_MS = 60 * 60 * 1000;

export type ResetRequest = {
  email: string;
  lang: Language;
  clientAddress: string;
  baseUrl: string;
  mailer: Mailer;
  log: FastifyBaseLogger;
};

/** Uses of reset links per client address in 15 minutes: a few typos, not a flood of argon2 hashes. */
export const RESET_USES_PER_CLIENT = 10;
const RESET_USE_WINDOW_MS = 15 * 60 * 1000;

/** True when this client asked for too many resets, whichever addresses it named. */
export const countResetRequest = async (db: Database, clientAddress: string): Promise<boolean> => {
  const [client] = await countAttempt(db, [`reset:ip:${clientKey(clientAddress)}`], RESET_WINDOW_MS);
  return (client?.count ?? 0) > RESET_LIMIT_PER_CLIENT;
};

/** Every open reset link of the user stops working (a password change or reset: issue 10 #14). */
export const endResetLinks = async (db: Database, adminId: string, now = new Date()): Promise<void> => {
  await db
    .update(passwordResets)
    .set({ used_at: now })
    .where(and(eq(passwordResets.admin_id, adminId), isNull(passwordResets.used_at)));
};

/**
 * Mails a reset link when the address belongs to a user and its hourly limit is not used up; says
 * nothing either way (the caller answers the same whatever happened). The link is saved and mailed in
 * one transaction, so a link that could not be mailed is not left valid.
 */
export const sendPasswordReset = async (db: Database, request: ResetRequest): Promise<void> => {
  const email = request.email.toLowerCase();
  const [admin] = await db
    .select({ _id: admins._id, name: admins.admin_name })
    .from(admins)
    .where(sql`lower(${admins.admin_email}) = ${email}`);
  if (!admin) return;
  const [account] = await countAttempt(db, [`reset:account:${admin._id}`], RESET_WINDOW_MS);
  if ((account?.count ?? 0) > RESET_LIMIT_PER_ACCOUNT) {
    request.log.warn({ adminId: admin._id }, 'password reset limit reached; no mail sent');
    return;
  }
  const token = newSecretToken();
  await db.transaction(async (tx) => {
    await tx.insert(passwordResets).values({
      admin_id: admin._id,
      token_hash: hashToken(token),
      expires_at: new Date(Date.now() + RESET_LIFETIME_MS),
    });
    await audit(tx, undefined, {
      action: 'auth.password_reset_requested',
      entity: 'admin',
      entityId: admin._id,
      actorId: null,
      details: { clientAddress: request.clientAddress },
    });
    await request.mailer.send(
      passwordResetMail({
        lang: request.lang,
        to: email,
        name: admin.name,
        link: `${request.baseUrl}/auth/reset-password/${token}`,
        expiresInMinutes: RESET_LIFETIME_MS / 60_000,
      }),
      { db: tx },
    );
  });
};

const openLink = (token: string, now: Date) =>
  and(
    eq(passwordResets.token_hash, hashToken(token)),
    isNull(passwordResets.used_at),
    gt(passwordResets.expires_at, now),
  );

/**
 * Sets a new password from a reset link. Uses are limited per client address and the link is checked
 * before the password is hashed, so wrong tokens cost no argon2 (issue 10 #18). The guarded UPDATE
 * then uses the link once; every other link of the user stops working, and so does every session
 * (whoever knew the old password is signed out); a lock after failed sign-ins ends with the guesses.
 */
export const resetPassword = async (
  db: Database,
  body: ResetPasswordBody,
  request: AuditRequest,
): Promise<void> => {
  const [client] = await countAttempt(db, [`reset-use:ip:${clientKey(request.ip)}`], RESET_USE_WINDOW_MS);
  if ((client?.count ?? 0) > RESET_USES_PER_CLIENT) throw new AppError('TOO_MANY_REQUESTS', 429);
  const [link] = await db
    .select({ _id: passwordResets._id })
    .from(passwordResets)
    .where(openLink(body.token, new Date()));
  if (!link) throw new AppError('RESET_LINK_INVALID', 400);
  assertUncommonPassword(body.admin_password, 'admin_password');
  const passwordHash = await hashPassword(body.admin_password);
  await db.transaction(async (tx) => {
    const now = new Date();
    const [used] = await tx
      .update(passwordResets)
      .set({ used_at: now })
      .where(openLink(body.token, now))
      .returning({ adminId: passwordResets.admin_id });
    if (!used) throw new AppError('RESET_LINK_INVALID', 400);
    await endResetLinks(tx, used.adminId, now);
    const [admin] = await tx
      .update(admins)
      .set({ admin_password_hash: passwordHash })
      .where(eq(admins._id, used.adminId))
      .returning({ email: admins.admin_email });
    await revokeAdminSessions(tx, used.adminId);
    if (admin) await clearPasswordFailures(tx, admin.email, { pairs: true });
    await audit(tx, request, {
      action: 'auth.password_reset',
      entity: 'admin',
      entityId: used.adminId,
      actorId: used.adminId,
    });
  });
};
