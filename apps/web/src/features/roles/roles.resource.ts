import { type MenuItemNode, menuItemNode, type Role, type RoleInput, role, roleInput } from '@avlu/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api';
import { defineResource } from '../../lib/resource';

/** User roles (spec §3, §6): GET/POST /core/role, GET/PUT/DELETE /core/role/{id}. */
export const roles = defineResource<Role, RoleInput>({
  name: 'roles',
  path: '/core/role',
  item: role,
  input: roleInput,
  messages: { removed: 'roles:removed' },
});

/** Every role at once, for the role pickers of users and invitations. */
export const allRoles = { pagination: { limit: 1000, currentPage: 1 } };

const tree = z.array(menuItemNode);

/** GET /core/role/tree-data: the module subjects a role is ticked from. */
export const usePermissionTree = () =>
  useQuery<MenuItemNode[]>({
    queryKey: [...roles.keys.all, 'tree-data'],
    queryFn: ({ signal }) => api.get('/core/role/tree-data', { schema: tree, signal, dedupe: false }),
    staleTime: Number.POSITIVE_INFINITY,
  });
