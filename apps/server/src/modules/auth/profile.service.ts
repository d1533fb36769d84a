import type { AdminProfile, ChangePasswordBody, ProfileUpdate } from '@avlu/contracts';
import { eq } from 'drizzle-orm';
import { type AuditRequest, audit } from '../../platform/audit';
import type { StaffUser } from '../../platform/auth/route-access';
import type { Database } from '../../platform/db/database';
import { AppError, notFound } from '../../platform/errors';
import { assertStoredImage, type Files } from '../../platform/files/files';
import { assertUncommonPassword, hashPassword, verifyPassword } from '../../platform/passwords';
import { adminProfiles } from '../admins/admin-profiles';
import { admins } from '../admins/admins.tables';
import { endResetLinks } from '../users/password-reset.service';
import {
  beginPasswordAttempt,
  type PasswordAttemptContext,
  passwordAttemptFailed,
  passwordAttemptSucceeded,
} from './login-throttle.service';
import { revokeAdminSessions } from './sessions.service';

/** An admin's profile (spec §3 Admin user) with role name and malls in link order. */
export const getProfile = async (db: Database, adminId: string): Promise<AdminProfile> => {
  const [profile] = await adminProfiles(db, [adminId]);
  if (!profile) throw notFound();
  return profile;
};

/**
 * A user's own profile fields; a field left out keeps its value, null clears it. The photo must be a
 * public image of our file store (contracts' `storedImageUrl` checks its shape, this its existence).
 */
export const updateProfile = async (
  db: Database,
  files: Pick<Files, 'find'>,
  adminId: string,
  input: ProfileUpdate,
): Promise<AdminProfile> => {
  await assertStoredImage(db, files, 'admin_profile_photo', input.admin_profile_photo);
  await db
    .update(admins)
    .set({
      admin_name: input.admin_name,
      admin_surname: input.admin_surname,
      admin_gender: input.admin_gender,
      admin_phone_number: input.admin_phone_number,
      admin_birthday: input.admin_birthday,
      admin_address: input.admin_address,
      admin_profile_photo: input.admin_profile_photo,
    })
    .where(eq(admins._id, adminId));
  return getProfile(db, adminId);
};

/**
 * Changes a signed-in user's password. The old password is guessed no more freely than at sign-in (the
 * same per account and address counts, issue 10 #13). Every other session of the user ends (a stolen
 * token stops working) and so does every open reset link; the session that made the change stays, so
 * the user is not signed out mid-task.
 */
export const changePassword = async (
  db: Database,
  staff: StaffUser,
  body: ChangePasswordBody,
  request: AuditRequest,
  mail: PasswordAttemptContext,
): Promise<void> => {
  assertUncommonPassword(body.new_password, 'new_password');
  const attempt = await beginPasswordAttempt(db, staff.email, request.ip, mail.lockFailures);
  const [admin] = await db
    .select({ hash: admins.admin_password_hash })
    .from(admins)
    .where(eq(admins._id, staff._id));
  if (!admin || !(await verifyPassword(admin.hash, body.old_password))) {
    await passwordAttemptFailed(db, staff.email, attempt, mail);
    throw new AppError('WRONG_PASSWORD', 400, { fields: { old_password: 'currentPasswordWrong' } });
  }
  await passwordAttemptSucceeded(db, staff.email, request.ip, mail.lockFailures);
  const passwordHash = await hashPassword(body.new_password);
  await db.transaction(async (tx) => {
    await tx.update(admins).set({ admin_password_hash: passwordHash }).where(eq(admins._id, staff._id));
    await revokeAdminSessions(tx, staff._id, { except: staff.sessionId });
    await endResetLinks(tx, staff._id);
    await audit(tx, request, { action: 'auth.password_changed', entity: 'admin', entityId: staff._id });
  });
};
