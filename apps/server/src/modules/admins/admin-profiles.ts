import type { AdminProfile } from '@avlu/contracts';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { adminLocations, type admins, roles } from '../admins/admins.tables';
import { locations } from '../locations/locations.tables';

type AdminRow = typeof admins.$inferSelect;

/**
 * Admins in the profile shape (spec §3 Admin user) with their role's name and their malls in link
 * order, for a page of rows: two queries whatever the page size.
 */
export const toAdminProfiles = async (db: Database, rows: readonly AdminRow[]): Promise<AdminProfile[]> => {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row._id);
  const roleIds = [...new Set(rows.map((row) => row.admin_role_id))];
  const roleNames = new Map(
    (
      await db
        .select({ _id: roles._id, name: roles.role_name })
        .from(roles)
        .where(inArray(roles._id, roleIds))
    ).map((role) => [role._id, role.name]),
  );
  const links = await db
    .select({
      admin_id: adminLocations.admin_id,
      _id: locations._id,
      location_name: locations.location_name,
      thumbnail: locations.logo_thumbnail,
    })
    .from(adminLocations)
    .innerJoin(locations, eq(locations._id, adminLocations.location_id))
    .where(inArray(adminLocations.admin_id, ids))
    .orderBy(asc(adminLocations.link_order));
  return rows.map((row) => ({
    _id: row._id,
    admin_name: row.admin_name,
    admin_surname: row.admin_surname,
    admin_gender: row.admin_gender ?? null,
    admin_phone_number: row.admin_phone_number ?? null,
    admin_birthday: row.admin_birthday ?? null,
    admin_address: row.admin_address ?? null,
    admin_profile_photo: row.admin_profile_photo ?? null,
    admin_email: row.admin_email,
    admin_role_id: row.admin_role_id,
    admin_role_name: roleNames.get(row.admin_role_id) ?? '',
    admin_locations: links
      .filter((link) => link.admin_id === row._id)
      .map((link) => ({
        _id: link._id,
        location_name: link.location_name,
        location_logo: { thumbnail: link.thumbnail },
      })),
  }));
};
