import {
  type AdminCreate,
  type AdminProfile,
  type AdminUpdate,
  type ListResponse,
  SYSTEM_ADMIN_ROLE_NAME,
} from '@avlu/contracts';
import { and, eq, exists, getTableColumns, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import { audit } from '../../platform/audit';
import type { StaffUser } from '../../platform/auth/route-access';
import type { Database } from '../../platform/db/database';
import { type ListRequest, listPage, listSource } from '../../platform/db/list';
import { AppError, notFound } from '../../platform/errors';
import { assertUncommonPassword, hashPassword } from '../../platform/passwords';
import { toAdminProfiles } from '../admins/admin-profiles';
import { adminLocations, admins, roles } from '../admins/admins.tables';
import { isSystemAdminRole } from '../auth/sessions.service';
import type { Acting } from './acting';
import { isUniqueViolation } from './db-errors';
import { grantableLocations, grantableRole } from './grants';

export const userList = listSource({
  table: admins,
  fields: getTableColumns(admins),
  uniqueKey: admins._id,
  search: [admins.admin_name, admins.admin_surname, admins.admin_email],
  sortable: {
    admin_name: admins.admin_name,
    admin_surname: admins.admin_surname,
    admin_email: admins.admin_email,
    createdAt: admins.created_at,
  },
  defaultSort: { orderBy: 'admin_name', order: 'asc' },
});

export type UserSortKey = keyof typeof userList.sortable;

// Matched by name as everywhere (spec §6), with the same tolerance for case and spaces as the auth hook.
const systemAdminRoleIds = sql`(select ${roles._id} from ${roles} where lower(trim(${roles.role_name})) = ${SYSTEM_ADMIN_ROLE_NAME.toLowerCase()})`;

/** A non-system-admin sees and manages only users who share a mall with them. */
const visibleTo = (actor: StaffUser): SQL | undefined =>
  actor.isSystemAdmin
    ? undefined
    : exists(
        sql`(select 1 from ${adminLocations} where ${adminLocations.admin_id} = ${admins._id} and ${
          actor.locationIds.length > 0
            ? inArray(adminLocations.location_id, [...actor.locationIds])
            : sql`false`
        })`,
      );

export const listUsers = async (
  db: Database,
  request: ListRequest<UserSortKey> & { filter: { noadmin?: boolean | undefined } },
  actor: StaffUser,
): Promise<ListResponse<AdminProfile>> => {
  const where = and(
    visibleTo(actor),
    request.filter.noadmin ? notInArray(admins.admin_role_id, systemAdminRoleIds) : undefined,
  );
  const page = await listPage(db, userList, request, where);
  return { ...page, data: await toAdminProfiles(db, page.data) };
};

type AdminRow = typeof admins.$inferSelect;

/** The user if the actor may see them; another mall's user is "not found", as it is for them. */
const visibleUser = async (db: Database, id: string, actor: StaffUser): Promise<AdminRow> => {
  const [row] = await db
    .select()
    .from(admins)
    .where(and(eq(admins._id, id), visibleTo(actor)));
  if (!row) throw notFound();
  return row;
};

const roleNameOf = async (db: Database, roleId: string) =>
  (await db.select({ name: roles.role_name }).from(roles).where(eq(roles._id, roleId)))[0]?.name ?? '';

/** Only the system admin may touch a system admin's account. */
const guardSystemAdminTarget = async (db: Database, target: AdminRow, actor: StaffUser) => {
  if (!actor.isSystemAdmin && isSystemAdminRole(await roleNameOf(db, target.admin_role_id)))
    throw new AppError('FORBIDDEN', 403);
};

export const getUser = async (db: Database, id: string, actor: StaffUser): Promise<AdminProfile> => {
  const [profile] = await toAdminProfiles(db, [await visibleUser(db, id, actor)]);
  return profile!;
};

const emailTaken = () => new AppError('EMAIL_TAKEN', 409);

/** Links an admin to malls in the given order (the first becomes current after login). */
export const linkLocations = async (db: Database, adminId: string, locationIds: readonly string[]) => {
  if (locationIds.length > 0)
    await db
      .insert(adminLocations)
      .values(locationIds.map((location_id) => ({ admin_id: adminId, location_id })));
};

export const createUser = async (db: Database, input: AdminCreate, actor: Acting): Promise<AdminProfile> => {
  assertUncommonPassword(input.admin_password, 'admin_password');
  const passwordHash = await hashPassword(input.admin_password);
  try {
    return await db.transaction(async (tx) => {
      await grantableRole(tx, input.admin_role_id, actor.staff, 'admin_role_id');
      const locationIds = await grantableLocations(
        tx,
        input.admin_location_ids,
        actor.staff,
        'admin_location_ids',
      );
      const [row] = await tx
        .insert(admins)
        .values({
          admin_email: input.admin_email.toLowerCase(),
          admin_password_hash: passwordHash,
          admin_name: input.admin_name,
          admin_surname: input.admin_surname,
          admin_role_id: input.admin_role_id,
        })
        .returning();
      await linkLocations(tx, row!._id, locationIds);
      await audit(tx, actor, {
        action: 'user.created',
        entity: 'admin',
        entityId: row!._id,
        details: { admin_email: row!.admin_email, admin_role_id: row!.admin_role_id, locationIds },
      });
      const [profile] = await toAdminProfiles(tx, [row!]);
      return profile!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
};

export const updateUser = async (
  db: Database,
  id: string,
  input: AdminUpdate,
  actor: Acting,
): Promise<AdminProfile> =>
  db.transaction(async (tx) => {
    const target = await visibleUser(tx, id, actor.staff);
    await guardSystemAdminTarget(tx, target, actor.staff);
    if (input.admin_role_id !== target.admin_role_id)
      await grantableRole(tx, input.admin_role_id, actor.staff, 'admin_role_id');
    const given = await grantableLocations(tx, input.admin_location_ids, actor.staff, 'admin_location_ids');
    const current = (
      await tx
        .select({ location_id: adminLocations.location_id })
        .from(adminLocations)
        .where(eq(adminLocations.admin_id, id))
        .orderBy(adminLocations.link_order)
    ).map((link) => link.location_id);
    // The actor decides only about their own malls; the user's other malls are not theirs to take away.
    const mine = (locationId: string) =>
      actor.staff.isSystemAdmin || actor.staff.locationIds.includes(locationId);
    const removed = current.filter((locationId) => mine(locationId) && !given.includes(locationId));
    const added = given.filter((locationId) => !current.includes(locationId));
    if (removed.length > 0)
      await tx
        .delete(adminLocations)
        .where(and(eq(adminLocations.admin_id, id), inArray(adminLocations.location_id, removed)));
    await linkLocations(tx, id, added);
    const [row] = await tx
      .update(admins)
      .set({
        admin_name: input.admin_name,
        admin_surname: input.admin_surname,
        admin_role_id: input.admin_role_id,
      })
      .where(eq(admins._id, id))
      .returning();
    await audit(tx, actor, {
      action: 'user.updated',
      entity: 'admin',
      entityId: id,
      details: { admin_role_id: input.admin_role_id, addedLocationIds: added, removedLocationIds: removed },
    });
    const [profile] = await toAdminProfiles(tx, [row!]);
    return profile!;
  });

/** Deleting a user ends their sessions too (the sessions' foreign key cascades). */
export const deleteUser = async (db: Database, id: string, actor: Acting): Promise<void> =>
  db.transaction(async (tx) => {
    if (id === actor.staff._id) throw new AppError('CANNOT_DELETE_SELF', 409);
    const target = await visibleUser(tx, id, actor.staff);
    await guardSystemAdminTarget(tx, target, actor.staff);
    await tx.delete(admins).where(eq(admins._id, id));
    await audit(tx, actor, {
      action: 'user.deleted',
      entity: 'admin',
      entityId: id,
      details: { admin_email: target.admin_email },
    });
  });
