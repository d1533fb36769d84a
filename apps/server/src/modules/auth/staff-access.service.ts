import { type Location, type MenuItemNode, type Role, subjectsOf } from '@avlu/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { forbidden } from '../../platform/auth/access-errors';
import type { StaffUser } from '../../platform/auth/route-access';
import type { Database } from '../../platform/db/database';
import { notFound } from '../../platform/errors';
import { adminLocations, roles } from '../admins/admins.tables';
import { locations } from '../locations/locations.tables';
import { roleVisibleTo } from '../roles/roles.service';

/** Reading a role other than one's own is part of managing roles. */
export const ROLE_READ_SUBJECT = 'modules:users:user-authorization';

/**
 * A role by id: one's own always (the web app loads it to build the menu), others with role rights
 * when the role is one the user may see (`roleVisibleTo`: not another mall's).
 */
export const getRoleFor = async (db: Database, staff: StaffUser, id: string): Promise<Role> => {
  if (id !== staff.roleId && !staff.isSystemAdmin && !staff.subjects.has(ROLE_READ_SUBJECT))
    throw forbidden();
  const [row] = await db
    .select()
    .from(roles)
    .where(and(eq(roles._id, id), id === staff.roleId ? undefined : roleVisibleTo(staff)));
  if (!row) throw notFound();
  const menuItems = row.menu_items as MenuItemNode[];
  return { _id: row._id, role_name: row.role_name, modules: subjectsOf(menuItems), menu_items: menuItems };
};

/**
 * The malls the signed-in user may work in, the first-linked first (current after login). The system
 * admin may use every mall: its own links first, then the others by name.
 */
export const staffLocations = async (db: Database, staff: StaffUser): Promise<Location[]> => {
  const linkOrder = sql<
    number | null
  >`(select ${adminLocations.link_order} from ${adminLocations} where ${adminLocations.location_id} = ${locations._id} and ${adminLocations.admin_id} = ${staff._id})`;
  const query = db
    .select({
      _id: locations._id,
      location_name: locations.location_name,
      timezone: locations.timezone,
      thumbnail: locations.logo_thumbnail,
      hasMobileApp: locations.hasMobileApp,
    })
    .from(locations);
  const rows = staff.isSystemAdmin
    ? await query.orderBy(sql`${linkOrder} asc nulls last`, asc(locations.location_name), asc(locations._id))
    : await query
        .innerJoin(adminLocations, eq(adminLocations.location_id, locations._id))
        .where(eq(adminLocations.admin_id, staff._id))
        .orderBy(asc(adminLocations.link_order));
  return rows.map((row) => ({
    _id: row._id,
    location_name: row.location_name,
    location_meta: { timezone: row.timezone },
    location_logo: { thumbnail: row.thumbnail },
    hasMobileApp: row.hasMobileApp,
  }));
};
