import { z } from 'zod';
import { objectId } from '../common/ids';
import { singleLineText } from '../common/text';
import type { MenuItemNode } from '../permissions/subjects';

export const menuItemNode: z.ZodType<MenuItemNode> = z.lazy(() =>
  z.strictObject({
    subject: singleLineText().min(1).max(120),
    children: z.array(menuItemNode).max(100).optional(),
  }),
);

/** A user role (spec §3): `modules` lists the subjects of its menu_items tree, flat. */
export const role = z.object({
  _id: objectId,
  role_name: z.string(),
  modules: z.array(z.string()),
  menu_items: z.array(menuItemNode),
});
export type Role = z.infer<typeof role>;

/**
 * A role name as it is compared and stored: NFKC (full-width letters, a no-break space become plain
 * ones), invisible format characters (zero-width spaces, bidi marks) dropped, runs of white space one
 * space, trimmed. So `system\u00a0admin` or `system\u200b admin` is the reserved `system admin`.
 */
export const normalizeRoleName = (value: string): string =>
  value
    .normalize('NFKC')
    .replace(/\p{Cf}/gu, '')
    .replace(/\s+/gu, ' ')
    .trim();

export const roleInput = z.strictObject({
  role_name: singleLineText().max(1000).transform(normalizeRoleName).pipe(z.string().min(2).max(120)),
  menu_items: z.array(menuItemNode).max(100).default([]),
});
export type RoleInput = z.input<typeof roleInput>;
