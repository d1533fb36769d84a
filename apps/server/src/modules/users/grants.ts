import { inArray } from 'drizzle-orm';
import type { StaffUser } from '../../platform/auth/route-access';
import type { Database } from '../../platform/db/database';
import { invalidFields } from '../../platform/errors';
import { locations } from '../locations/locations.tables';
import { findVisibleRole, isGrantableRole, isSystemAdminRole } from '../roles/roles.service';

/**
 * The role a user (or an invitation) may be given by this actor: it exists, the actor sees it (no role
 * of another mall's users: `roleVisibleTo`), and it holds nothing the actor does not hold. So only the
 * system admin hands out the system admin role.
 */
export const grantableRole = async (db: Database, roleId: string, actor: StaffUser, field: string) => {
  const role = await findVisibleRole(db, roleId, actor);
  if (!role) throw invalidFields({ [field]: 'roleNotFound' });
  if (!isGrantableRole(role, actor)) throw invalidFields({ [field]: 'roleNotGrantable' });
  return { role, isSystemAdmin: isSystemAdminRole(role) };
};

/** Malls that exist and that the actor works for (the system admin works for all). Keeps the given order. */
export const grantableLocations = async (
  db: Database,
  ids: readonly string[],
  actor: StaffUser,
  field: string,
): Promise<string[]> => {
  const unique = [...new Set(ids)];
  const found = new Set(
    (await db.select({ _id: locations._id }).from(locations).where(inArray(locations._id, unique))).map(
      (row) => row._id,
    ),
  );
  if (unique.some((id) => !found.has(id))) throw invalidFields({ [field]: 'locationNotFound' });
  if (!actor.isSystemAdmin && unique.some((id) => !actor.locationIds.includes(id)))
    throw invalidFields({ [field]: 'locationNotGrantable' });
  return unique;
};
