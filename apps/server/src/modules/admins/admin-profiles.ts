import type { AdminProfile } from '@avlu/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { preparedQuery } from '../../platform/db/prepared';
import { adminLocations, admins, roles } from '../admins/admins.tables';
import { locations } from '../locations/locations.tables';

type AdminRow = typeof admins.$inferSelect;

type LinkedMall = { _id: string; location_name: string; thumbnail: string | null };

/** Admins with their role's name and their malls in link order: one query, prepared once. */
const profilesByIds = preparedQuery((db) =>
  db
    .select({
      admin: admins,
      role_name: roles.role_name,
      malls: sql<LinkedMall[]>`coalesce((
        select json_agg(json_build_object(
          '_id', ${locations._id},
          'location_name', ${locations.location_name},
          'thumbnail', ${locations.logo_thumbnail}
        ) order by ${adminLocations.link_order})
        from ${adminLocations} join ${locations} on ${locations._id} = ${adminLocations.location_id}
        where ${adminLocations.admin_id} = ${admins._id}), '[]'::json)`,
    })
    .from(admins)
    .innerJoin(roles, eq(roles._id, admins.admin_role_id))
    .where(sql`${admins._id} = any(${sql.placeholder('ids')})`)
    .prepare('admin_profiles_by_ids'),
);

/**
 * Admins in the profile shape (spec §3 Admin user) with their role's name and their malls in link
 * order, in the order of the ids given (a page of a list, or one admin); ids of no admin are left out.
 * One query whatever the page size.
 */
export const adminProfiles = async (db: Database, ids: readonly string[]): Promise<AdminProfile[]> => {
  if (ids.length === 0) return [];
  const found = new Map(
    (await profilesByIds(db).execute({ ids: [...ids] })).map((row) => [row.admin._id, row]),
  );
  return ids.flatMap((id) => {
    const row = found.get(id);
    if (!row) return [];
    const { admin } = row;
    return [
      {
        _id: admin._id,
        admin_name: admin.admin_name,
        admin_surname: admin.admin_surname,
        admin_gender: admin.admin_gender ?? null,
        admin_phone_number: admin.admin_phone_number ?? null,
        admin_birthday: admin.admin_birthday ?? null,
        admin_address: admin.admin_address ?? null,
        admin_profile_photo: admin.admin_profile_photo ?? null,
        admin_email: admin.admin_email,
        admin_role_id: admin.admin_role_id,
        admin_role_name: row.role_name,
        admin_locations: row.malls.map((mall) => ({
          _id: mall._id,
          location_name: mall.location_name,
          location_logo: { thumbnail: mall.thumbnail },
        })),
      },
    ];
  });
};

/** The rows' admins in the profile shape: what a list or a write has read, made whole. */
export const toAdminProfiles = (db: Database, rows: readonly AdminRow[]): Promise<AdminProfile[]> =>
  adminProfiles(
    db,
    rows.map((row) => row._id),
  );
