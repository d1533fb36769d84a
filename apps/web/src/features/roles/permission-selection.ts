import { type MenuItemNode, subjectsOf } from '@avlu/contracts';

/** The i18n key of a subject's label: `roles:subjects.<key>` (colons would split i18next keys). */
export const subjectKey = (subject: string) => subject.replace(/^modules:/, '').replaceAll(':', '_');

/**
 * The ticked part of the tree as a role's menu_items: a ticked node keeps its ticked descendants
 * below it; the ticked descendants of an unticked node move up to its place, because listing the
 * unticked node would grant its own page (menuTreeHas matches any node).
 */
export const pickTicked = (tree: readonly MenuItemNode[], ticked: ReadonlySet<string>): MenuItemNode[] =>
  tree.flatMap((node) => {
    const children = pickTicked(node.children ?? [], ticked);
    if (!ticked.has(node.subject)) return children;
    return [children.length ? { subject: node.subject, children } : { subject: node.subject }];
  });

export const tickedOf = (menuItems: readonly MenuItemNode[] | undefined) =>
  new Set(subjectsOf(menuItems ?? []));

/** A group's own subject and all below it, for "select all in group". */
export const groupSubjects = (node: MenuItemNode) => subjectsOf([node]);
