import { SYSTEM_ADMIN_ROLE_NAME } from '@avlu/contracts';
import type { Database } from '../../platform/db/database';
import { nameKey } from '../../platform/db/unique-names';
import { hashPassword } from '../../platform/passwords';
import { adminLocations, admins, roles } from './admins.tables';

export const hasAdmins = async (db: Database): Promise<boolean> =>
  (await db.select({ _id: admins._id }).from(admins).limit(1)).length > 0;

export type FirstAdmin = { email: string; password: string; locationIds: string[] };

/** The system admin role (may do everything, spec §6) and its first admin, working for the given malls. */
export const createSystemAdmin = async (db: Database, admin: FirstAdmin): Promise<string> => {
  const [role] = await db
    .insert(roles)
    .values({
      role_name: SYSTEM_ADMIN_ROLE_NAME,
      role_name_key: nameKey(SYSTEM_ADMIN_ROLE_NAME),
      menu_items: [],
    })
    .returning({ _id: roles._id });
  const [created] = await db
    .insert(admins)
    .values({
      admin_email: admin.email,
      admin_password_hash: await hashPassword(admin.password),
      admin_name: 'Sistem',
      admin_surname: 'Yöneticisi',
      admin_role_id: role!._id,
    })
    .returning({ _id: admins._id });
  if (admin.locationIds.length > 0) {
    await db
      .insert(adminLocations)
      .values(admin.locationIds.map((location_id) => ({ admin_id: created!._id, location_id })));
  }
  return created!._id;
};
