import {
  isObjectId,
  type ListResponse,
  type MenuItemNode,
  moduleSubjects,
  type Role,
  type RoleInput,
  roleInput,
  SYSTEM_ADMIN_ROLE_NAME,
  subjectsOf,
} from '@avlu/contracts';
import { and, count, eq, getTableColumns, gt, isNull, type SQL, sql } from 'drizzle-orm';
import { audit } from '../../platform/audit';
import type { StaffUser } from '../../platform/auth/route-access';
import type { Database } from '../../platform/db/database';
import { type ListRequest, listPage, listSource } from '../../platform/db/list';
import { assertNamesFree, nameKey, rethrowNameTaken } from '../../platform/db/unique-names';
import { AppError, invalidFields, notFound } from '../../platform/errors';
import { adminLocations, admins, roles } from '../admins/admins.tables';
import { isSystemAdminRole as isSystemAdminName } from '../auth/sessions.service';
import { invitationLocations, invitations } from '../invitations/invitations.tables';
import { findLocation } from '../locations/locations.service';
import type { Acting } from '../users/acting';
import { roleLocations } from './roles.tables';

type RoleRow = typeof roles.$inferSelect;

/** The system admin role is matched by name (spec §6). */
export const isSystemAdminRole = (row: Pick<RoleRow, 'role_name'>) => isSystemAdminName(row.role_name);

/** A role as the API answers it; `modules` is the flat list of its tree's subjects (empty for the system admin). */
export const toRole = (row: RoleRow): Role => ({
  _id: row._id,
  role_name: row.role_name,
  modules: subjectsOf(row.menu_items),
  menu_items: row.menu_items,
});

export const roleList = listSource({
  table: roles,
  fields: getTableColumns(roles),
  uniqueKey: roles._id,
  search: [roles.role_name],
  sortable: { role_name: roles.role_name, createdAt: roles.created_at },
  defaultSort: { orderBy: 'role_name', order: 'asc' },
});

export type RoleSortKey = keyof typeof roleList.sortable;

/**
 * The roles a user sees, edits and hands out (issue 10 #6): the system admin all of them; anyone else
 * only roles that change nobody outside their own malls. That is a role whose holders and open
 * invitations are all within the user's malls (a holder without any mall counts as outside), and, while
 * it has neither, whose recorded malls (`role_locations`: where it was made) are all the user's. A role
 * without holders, invitations or recorded malls is the system admin's alone, and so is the system
 * admin role. Roles shared by several malls' users are therefore managed by the system admin.
 */
export const roleVisibleTo = (actor: StaffUser): SQL | undefined => {
  if (actor.isSystemAdmin) return undefined;
  if (actor.locationIds.length === 0) return sql`false`;
  const mine = sql.join(
    actor.locationIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const holders = sql`select 1 from ${admins} h where h.admin_role_id = ${roles._id}`;
  const offers = sql`select 1 from ${invitations} i where i.admin_invite_role_id = ${roles._id} and i.accepted_at is null and i.expires_at > now()`;
  return sql`(lower(trim(${roles.role_name})) <> ${SYSTEM_ADMIN_ROLE_NAME.toLowerCase()}
    and not exists (${holders} and (
      not exists (select 1 from ${adminLocations} l where l.admin_id = h._id)
      or exists (select 1 from ${adminLocations} l where l.admin_id = h._id and l.location_id not in (${mine}))))
    and not exists (${offers} and (
      not exists (select 1 from ${invitationLocations} il where il.invitation_id = i._id)
      or exists (select 1 from ${invitationLocations} il where il.invitation_id = i._id and il.location_id not in (${mine}))))
    and (exists (${holders}) or exists (${offers})
      or (exists (select 1 from ${roleLocations} rl where rl.role_id = ${roles._id})
        and not exists (select 1 from ${roleLocations} rl where rl.role_id = ${roles._id} and rl.location_id not in (${mine})))))`;
};

export const listRoles = async (
  db: Database,
  request: ListRequest<RoleSortKey>,
  actor: StaffUser,
): Promise<ListResponse<Role>> => {
  const page = await listPage(db, roleList, request, roleVisibleTo(actor));
  return { ...page, data: page.data.map(toRole) };
};

export const findRoleRow = async (db: Database, id: string): Promise<RoleRow | undefined> =>
  (await db.select().from(roles).where(eq(roles._id, id)))[0];

/** A role the actor may see (`roleVisibleTo`); another mall's role is not found. */
export const findVisibleRole = async (
  db: Database,
  id: string,
  actor: StaffUser,
  options: { lock?: boolean } = {},
): Promise<RoleRow | undefined> => {
  const query = db
    .select()
    .from(roles)
    .where(and(eq(roles._id, id), roleVisibleTo(actor)));
  return (await (options.lock ? query.for('update') : query))[0];
};

const lockedRole = () => new AppError('SYSTEM_ADMIN_ROLE_LOCKED', 403);

/**
 * The rules a schema cannot hold: only subjects of spec §6 (the tree is stored and searched as
 * given, so a typo would silently grant nothing), the reserved name, and no more than the editor has.
 */
const checkRoleInput = (input: { role_name: string; menu_items: MenuItemNode[] }, actor: StaffUser) => {
  const known = new Set<string>(moduleSubjects);
  const subjects = subjectsOf(input.menu_items);
  if (subjects.some((subject) => !known.has(subject)))
    throw invalidFields({ menu_items: 'permissionSubject' });
  // roleInput has normalised the name (NFKC, one space): `system\u00a0admin` is caught here too.
  if (input.role_name.toLowerCase() === SYSTEM_ADMIN_ROLE_NAME)
    throw invalidFields({ role_name: 'roleNameReserved' });
  // Someone allowed to edit roles but not everything else must not write themselves a bigger role.
  if (!actor.isSystemAdmin && subjects.some((subject) => !actor.subjects.has(subject)))
    throw invalidFields({ menu_items: 'subjectNotGrantable' });
};

/**
 * The stored columns of a role, with its name's key; 409 NAME_TAKEN when another role has the name
 * (all malls' roles: the system admin picks among all of them).
 */
const columnsOf = async (
  db: Database,
  values: { role_name: string; menu_items: MenuItemNode[] },
  except?: string,
) => {
  await assertNamesFree(
    db,
    roles,
    roles._id,
    [{ key: roles.role_name_key, name: values.role_name, field: 'role_name' }],
    { except },
  );
  return { ...values, role_name_key: nameKey(values.role_name) };
};

const whenNameTaken = rethrowNameTaken({ roles_name_key: 'role_name' });

const auditRole = (db: Database, actor: Acting, action: string, role: Role) =>
  audit(db, actor, {
    action,
    entity: 'role',
    entityId: role._id,
    details: { role_name: role.role_name, modules: role.modules },
  });

/**
 * The malls a new role belongs to while nobody holds it: its creator's, or for the system admin the
 * mall the call was made in (the web app sends `locationId` with every call), if it exists.
 */
const creationMalls = async (db: Database, actor: Acting, callLocationId: unknown): Promise<string[]> => {
  if (!actor.staff.isSystemAdmin) return [...actor.staff.locationIds];
  if (!isObjectId(callLocationId)) return [];
  const mall = await findLocation(db, callLocationId);
  return mall ? [mall._id] : [];
};

export const createRole = async (
  db: Database,
  input: RoleInput,
  actor: Acting,
  callLocationId?: unknown,
): Promise<Role> => {
  const values = roleInput.parse(input);
  checkRoleInput(values, actor.staff);
  return db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(roles)
        .values(await columnsOf(tx, values))
        .returning();
      const malls = await creationMalls(tx, actor, callLocationId);
      if (malls.length > 0)
        await tx
          .insert(roleLocations)
          .values(malls.map((location_id) => ({ role_id: row!._id, location_id })));
      const created = toRole(row!);
      await auditRole(tx, actor, 'role.created', created);
      return created;
    })
    .catch(whenNameTaken);
};

export const updateRole = async (
  db: Database,
  id: string,
  input: RoleInput,
  actor: Acting,
): Promise<Role> => {
  const values = roleInput.parse(input);
  return db
    .transaction(async (tx) => {
      const existing = await findVisibleRole(tx, id, actor.staff, { lock: true });
      if (!existing) throw notFound();
      if (isSystemAdminRole(existing)) throw lockedRole();
      checkRoleInput(values, actor.staff);
      const [row] = await tx
        .update(roles)
        .set(await columnsOf(tx, values, id))
        .where(eq(roles._id, id))
        .returning();
      const updated = toRole(row!);
      await auditRole(tx, actor, 'role.updated', updated);
      return updated;
    })
    .catch(whenNameTaken);
};

/** A role held by users or offered by an open invitation stays: deleting it would strand them. */
export const deleteRole = async (db: Database, id: string, actor: Acting): Promise<void> =>
  db.transaction(async (tx) => {
    const existing = await findVisibleRole(tx, id, actor.staff, { lock: true });
    if (!existing) throw notFound();
    if (isSystemAdminRole(existing)) throw lockedRole();
    const [holders] = await tx.select({ total: count() }).from(admins).where(eq(admins.admin_role_id, id));
    const [offers] = await tx
      .select({ total: count() })
      .from(invitations)
      .where(
        and(
          eq(invitations.role_id, id),
          isNull(invitations.accepted_at),
          gt(invitations.expires_at, new Date()),
        ),
      );
    if ((holders?.total ?? 0) > 0 || (offers?.total ?? 0) > 0) throw new AppError('ROLE_IN_USE', 409);
    await tx.delete(roles).where(eq(roles._id, id));
    await auditRole(tx, actor, 'role.deleted', toRole(existing));
  });

/** Whether the actor may hand this role to someone: never more than they have themselves. */
export const isGrantableRole = (row: RoleRow, actor: StaffUser): boolean =>
  actor.isSystemAdmin ||
  (!isSystemAdminRole(row) && subjectsOf(row.menu_items).every((s) => actor.subjects.has(s)));
