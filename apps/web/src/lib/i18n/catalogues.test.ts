import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree | ((...args: never[]) => unknown) };

const catalogues = (lang: 'tr' | 'en') =>
  Object.fromEntries(
    Object.entries(import.meta.glob<{ default: Tree }>('../../locales/*/*.ts', { eager: true }))
      .filter(([path]) => path.includes(`/locales/${lang}/`))
      .map(([path, module]) => [path.split('/').pop()!.replace(/\.ts$/, ''), module.default]),
  );

/** Every key path; plural forms (`_one`, `_other`: English has them, Turkish does not) as their base key. */
const keysOf = (tree: Tree, prefix = ''): string[] => [
  ...new Set(
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'object'
        ? keysOf(value, `${prefix}${key}.`)
        : [`${prefix}${key.replace(/_(zero|one|two|few|many|other)$/, '')}`],
    ),
  ),
];

/** Issue 12 #11: no text of one language is missing from the other. */
describe('the web catalogues', () => {
  it('have the same namespaces and keys in Turkish and English', () => {
    const [tr, en] = [catalogues('tr'), catalogues('en')];
    expect(Object.keys(en).sort()).toEqual(Object.keys(tr).sort());
    for (const namespace of Object.keys(tr))
      expect(keysOf(en[namespace]!).sort(), namespace).toEqual(keysOf(tr[namespace]!).sort());
  });
});
