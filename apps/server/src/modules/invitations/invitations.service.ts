import type {
  Invitation,
  InvitationInput,
  InvitationPreview,
  Language,
  ListResponse,
  RegisterBody,
  TokenResponse,
} from '@avlu/contracts';
import { and, eq, exists, getTableColumns, gt, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { audit } from '../../platform/audit';
import type { StaffUser } from '../../platform/auth/route-access';
import { clientKey } from '../../platform/client-address';
import type { Database } from '../../platform/db/database';
import { type ListRequest, listPage, listSource } from '../../platform/db/list';
import { AppError, notFound } from '../../platform/errors';
import { maskEmail } from '../../platform/log-masking';
import type { Mailer } from '../../platform/mail';
import { assertUncommonPassword, hashPassword } from '../../platform/passwords';
import { hashToken, newSecretToken } from '../../platform/secret-tokens';
import { admins, roles } from '../admins/admins.tables';
import { countAttempt } from '../auth/rate-limits.service';
import { createSession, type SessionRequest } from '../auth/sessions.service';
import { invitationMail } from '../mail/invitation-mail';
import type { Acting } from '../users/acting';
import { isUniqueViolation } from '../users/db-errors';
import { grantableLocations, grantableRole } from '../users/grants';
import { linkLocations } from '../users/users.service';
import { INVITATION_LIFETIME_DAYS, INVITATION_LIFETIME_MS } from './invitation-tokens';
import { type InvitationRow, invitationLocations, invitations } from './invitations.tables';

/** What sending needs besides the data: the driver, where links point, a log for the failure's cause. */
export type MailContext = { mailer: Mailer; baseUrl: string; log: FastifyBaseLogger };

const invitationInvalid = () => new AppError('INVITATION_INVALID', 400);
const inviteNotSent = () => new AppError('INVITE_NOT_SENT', 502);

export const invitationList = listSource({
  table: invitations,
  fields: getTableColumns(invitations),
  uniqueKey: invitations._id,
  search: [invitations.email],
  sortable: {
    admin_invite_email: invitations.email,
    createdAt: invitations.created_at,
    expiresAt: invitations.expires_at,
  },
  defaultSort: { orderBy: 'createdAt', order: 'desc' },
});

export type InvitationSortKey = keyof typeof invitationList.sortable;

/** A non-system-admin sees the invitations to one of their malls. */
const visibleTo = (actor: StaffUser): SQL | undefined =>
  actor.isSystemAdmin
    ? undefined
    : exists(
        sql`(select 1 from ${invitationLocations} where ${invitationLocations.invitation_id} = ${invitations._id} and ${
          actor.locationIds.length > 0
            ? inArray(invitationLocations.location_id, [...actor.locationIds])
            : sql`false`
        })`,
      );

const statusOf = (row: InvitationRow, now: Date): Invitation['status'] =>
  row.accepted_at ? 'accepted' : row.expires_at <= now ? 'expired' : 'pending';

const toInvitations = async (db: Database, rows: readonly InvitationRow[]): Promise<Invitation[]> => {
  if (rows.length === 0) return [];
  const roleNames = new Map(
    (
      await db
        .select({ _id: roles._id, name: roles.role_name })
        .from(roles)
        .where(inArray(roles._id, [...new Set(rows.map((row) => row.role_id))]))
    ).map((role) => [role._id, role.name]),
  );
  const links = await db
    .select()
    .from(invitationLocations)
    .where(
      inArray(
        invitationLocations.invitation_id,
        rows.map((row) => row._id),
      ),
    )
    .orderBy(invitationLocations.location_id);
  const now = new Date();
  return rows.map((row) => ({
    _id: row._id,
    admin_invite_email: row.email,
    admin_invite_role_id: row.role_id,
    admin_invite_role_name: roleNames.get(row.role_id) ?? '',
    admin_invite_location_ids: links
      .filter((link) => link.invitation_id === row._id)
      .map((link) => link.location_id),
    status: statusOf(row, now),
    expiresAt: row.expires_at.toISOString(),
    created_at: row.created_at.toISOString(),
  }));
};

export const listInvitations = async (
  db: Database,
  request: ListRequest<InvitationSortKey>,
  actor: StaffUser,
): Promise<ListResponse<Invitation>> => {
  const page = await listPage(db, invitationList, request, visibleTo(actor));
  return { ...page, data: await toInvitations(db, page.data) };
};

const inviterName = async (db: Database, adminId: string) => {
  const [row] = await db
    .select({ name: admins.admin_name, surname: admins.admin_surname })
    .from(admins)
    .where(eq(admins._id, adminId));
  return row ? `${row.name} ${row.surname}` : 'Avlu';
};

/**
 * Sends the invitation mail inside the transaction that saved the invitation: a failure rolls the
 * invitation back (nobody holds a link to it), and the outbox driver writes its copy in the same
 * transaction. The one inexact case is a commit failing after a sent mail: its link then answers
 * INVITATION_INVALID, which is harmless.
 */
const sendInvitation = async (
  db: Database,
  mail: MailContext,
  invitation: { email: string; lang: Language; token: string; roleName: string; inviterId: string },
) => {
  const message = invitationMail({
    lang: invitation.lang,
    to: invitation.email,
    inviterName: await inviterName(db, invitation.inviterId),
    roleName: invitation.roleName,
    link: `${mail.baseUrl}/auth/register/${invitation.token}`,
    expiresInDays: INVITATION_LIFETIME_DAYS,
  });
  try {
    await mail.mailer.send(message, { db });
  } catch (error) {
    mail.log.error({ err: error, to: maskEmail(invitation.email) }, 'invitation mail not sent');
    throw inviteNotSent();
  }
};

export const createInvitation = async (
  db: Database,
  input: InvitationInput,
  actor: Acting,
  /** The mall of the call: the invitation's mall when the input names none. */
  currentLocationId: string,
  mail: MailContext,
): Promise<Invitation> => {
  const email = input.admin_invite_email.toLowerCase();
  try {
    return await db.transaction(async (tx) => {
      const { role } = await grantableRole(
        tx,
        input.admin_invite_role_id,
        actor.staff,
        'admin_invite_role_id',
      );
      const wanted = input.admin_invite_location_ids ?? [currentLocationId];
      const locationIds = await grantableLocations(tx, wanted, actor.staff, 'admin_invite_location_ids');
      const [user] = await tx
        .select({ _id: admins._id })
        .from(admins)
        .where(sql`lower(${admins.admin_email}) = ${email}`);
      if (user) throw new AppError('EMAIL_TAKEN', 409);
      // An expired invitation no longer blocks the address; the new one takes its place.
      await tx
        .delete(invitations)
        .where(
          and(
            sql`lower(${invitations.email}) = ${email}`,
            isNull(invitations.accepted_at),
            lte(invitations.expires_at, new Date()),
          ),
        );
      const token = newSecretToken();
      const [row] = await tx
        .insert(invitations)
        .values({
          email,
          role_id: role._id,
          token_hash: hashToken(token),
          lang: actor.lang,
          invited_by: actor.staff._id,
          expires_at: new Date(Date.now() + INVITATION_LIFETIME_MS),
        })
        .returning();
      if (locationIds.length > 0)
        await tx
          .insert(invitationLocations)
          .values(locationIds.map((location_id) => ({ invitation_id: row!._id, location_id })));
      await audit(tx, actor, {
        action: 'invitation.sent',
        entity: 'invitation',
        entityId: row!._id,
        details: { admin_invite_email: email, admin_invite_role_id: role._id, locationIds },
      });
      await sendInvitation(tx, mail, {
        email,
        lang: actor.lang,
        token,
        roleName: role.role_name,
        inviterId: actor.staff._id,
      });
      const [invitation] = await toInvitations(tx, [row!]);
      return invitation!;
    });
  } catch (error) {
    // The open-invitation index: another invitation to this address is pending (or was just made).
    if (isUniqueViolation(error)) throw new AppError('INVITATION_ALREADY_SENT', 409);
    throw error;
  }
};

const visibleInvitation = async (db: Database, id: string, actor: StaffUser): Promise<InvitationRow> => {
  const [row] = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations._id, id), visibleTo(actor)))
    .for('update');
  if (!row) throw notFound();
  return row;
};

/** A new link (the old one stops working), a new week, the mail again; all or nothing as on create. */
export const resendInvitation = async (
  db: Database,
  id: string,
  actor: Acting,
  mail: MailContext,
): Promise<Invitation> =>
  db.transaction(async (tx) => {
    const existing = await visibleInvitation(tx, id, actor.staff);
    if (existing.accepted_at) throw invitationInvalid();
    const token = newSecretToken();
    const [row] = await tx
      .update(invitations)
      .set({ token_hash: hashToken(token), expires_at: new Date(Date.now() + INVITATION_LIFETIME_MS) })
      .where(eq(invitations._id, id))
      .returning();
    const [role] = await tx.select({ name: roles.role_name }).from(roles).where(eq(roles._id, row!.role_id));
    await audit(tx, actor, {
      action: 'invitation.resent',
      entity: 'invitation',
      entityId: id,
      details: { admin_invite_email: row!.email },
    });
    await sendInvitation(tx, mail, {
      email: row!.email,
      lang: row!.lang === 'en' ? 'en' : 'tr',
      token,
      roleName: role?.name ?? '',
      inviterId: actor.staff._id,
    });
    const [invitation] = await toInvitations(tx, [row!]);
    return invitation!;
  });

export const deleteInvitation = async (db: Database, id: string, actor: Acting): Promise<void> =>
  db.transaction(async (tx) => {
    const existing = await visibleInvitation(tx, id, actor.staff);
    await tx.delete(invitations).where(eq(invitations._id, id));
    await audit(tx, actor, {
      action: 'invitation.deleted',
      entity: 'invitation',
      entityId: id,
      details: { admin_invite_email: existing.email },
    });
  });

const openByToken = (token: string) =>
  and(
    eq(invitations.token_hash, hashToken(token)),
    isNull(invitations.accepted_at),
    gt(invitations.expires_at, new Date()),
  );

/** What the register page shows: to whom and with which role; unknown, used and expired links look the same. */
export const previewInvitation = async (db: Database, token: string): Promise<InvitationPreview> => {
  const [row] = await db
    .select({ email: invitations.email, roleName: roles.role_name })
    .from(invitations)
    .innerJoin(roles, eq(roles._id, invitations.role_id))
    .where(openByToken(token));
  if (!row) throw invitationInvalid();
  return { admin_invite_email: row.email, admin_invite_role_name: row.roleName };
};

/** Register calls per client address in 15 minutes: a few typos, not a flood of argon2 hashes. */
export const REGISTER_ATTEMPTS_PER_CLIENT = 10;
const REGISTER_WINDOW_MS = 15 * 60 * 1000;

/**
 * Completes an invitation. Calls are limited per client address and the link is checked before the
 * password is hashed, so wrong tokens cost no argon2 (issue 10 #18). The guarded UPDATE claims it once
 * (a concurrent register with the same token waits on the row, then finds it accepted), then the user
 * is made with the invited address, role and malls, and signed in. Any failure rolls the claim back
 * with everything else.
 */
export const registerByInvitation = async (
  db: Database,
  body: RegisterBody,
  request: SessionRequest & Parameters<typeof audit>[1],
): Promise<TokenResponse> => {
  const [client] = await countAttempt(db, [`register:ip:${clientKey(request.ip)}`], REGISTER_WINDOW_MS);
  if ((client?.count ?? 0) > REGISTER_ATTEMPTS_PER_CLIENT) throw new AppError('TOO_MANY_REQUESTS', 429);
  const [open] = await db
    .select({ _id: invitations._id })
    .from(invitations)
    .where(openByToken(body.admin_invite_token));
  if (!open) throw invitationInvalid();
  assertUncommonPassword(body.admin_password, 'admin_password');
  const passwordHash = await hashPassword(body.admin_password);
  try {
    return await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(invitations)
        .set({ accepted_at: new Date() })
        .where(openByToken(body.admin_invite_token))
        .returning();
      if (!claimed) throw invitationInvalid();
      const [admin] = await tx
        .insert(admins)
        .values({
          admin_email: claimed.email,
          admin_password_hash: passwordHash,
          admin_name: body.admin_name,
          admin_surname: body.admin_surname,
          admin_role_id: claimed.role_id,
        })
        .returning({ _id: admins._id });
      const links = await tx
        .select({ location_id: invitationLocations.location_id })
        .from(invitationLocations)
        .where(eq(invitationLocations.invitation_id, claimed._id))
        .orderBy(invitationLocations.location_id);
      await linkLocations(
        tx,
        admin!._id,
        links.map((link) => link.location_id),
      );
      await audit(tx, request, {
        action: 'user.registered',
        entity: 'admin',
        entityId: admin!._id,
        actorId: admin!._id,
        details: { admin_email: claimed.email, invitationId: claimed._id },
      });
      return createSession(tx, admin!._id, { remember: true, request });
    });
  } catch (error) {
    // Someone made an account with this address after the invitation was sent.
    if (isUniqueViolation(error)) throw new AppError('EMAIL_TAKEN', 409);
    throw error;
  }
};
