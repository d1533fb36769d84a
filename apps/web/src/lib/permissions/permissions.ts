import { type MenuItemNode, menuTreeHas, SYSTEM_ADMIN_ROLE_NAME, subjectOfPage } from '@avlu/contracts';

export type PermissionRole = { role_name: string; menu_items?: MenuItemNode[] };

/** The system admin role is recognised by its name and may do everything (spec §6). */
export const isSystemAdmin = (role: PermissionRole | null | undefined) =>
  role?.role_name.trim().toLowerCase() === SYSTEM_ADMIN_ROLE_NAME;

export const canUseSubject = (role: PermissionRole | null | undefined, subject: string) =>
  !!role && (isSystemAdmin(role) || menuTreeHas(role.menu_items, subject));

/**
 * Screens of the platform itself, outside the spec's module subjects (mall settings): only the
 * system admin may open them, so no role can be given them by its menu tree.
 */
export const systemAdminPaths = ['/settings'] as const;

export const isSystemAdminPath = (path: string) =>
  systemAdminPaths.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

/** A screen path no subject guards (for example /user/account) is open to every signed-in user. */
export const canVisit = (role: PermissionRole | null | undefined, path: string) => {
  if (!role) return false;
  if (isSystemAdminPath(path)) return isSystemAdmin(role);
  const subject = subjectOfPage(path);
  return subject === undefined || canUseSubject(role, subject);
};
