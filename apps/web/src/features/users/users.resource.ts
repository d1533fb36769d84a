import {
  type AdminCreate,
  type AdminProfile,
  type AdminUpdate,
  adminCreate,
  adminProfile,
  type ListQuery,
} from '@avlu/contracts';
import { defineResource, queryList } from '../../lib/resource';

/** Staff users (spec §6, §7): GET /core/admin?noadmin=true leaves the system admins out. */
export const users = defineResource<AdminProfile, AdminCreate, ListQuery, AdminUpdate>({
  name: 'users',
  path: '/core/admin',
  item: adminProfile,
  input: adminCreate,
  list: queryList('/core/admin', { noadmin: true }),
  messages: { created: 'users:created', removed: 'users:removed' },
});

export const fullName = (user: Pick<AdminProfile, 'admin_name' | 'admin_surname'>) =>
  `${user.admin_name} ${user.admin_surname}`.trim();

/**
 * /user/{name}/edit (spec §2) names the user in the path for people; the id rides along as `?id=`
 * so the page still finds the record after a reload.
 */
export const userEditPath = (user: Pick<AdminProfile, '_id' | 'admin_name' | 'admin_surname'>) => {
  const slug = fullName(user)
    .toLocaleLowerCase('tr')
    .replace(/\s+/g, '-')
    .replace(/[/?#%]/g, '');
  return `/user/${encodeURIComponent(slug || 'user')}/edit?id=${user._id}`;
};
