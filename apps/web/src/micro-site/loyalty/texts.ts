import type { Language } from '@avlu/contracts';
import en from '../../locales/en/micro-site-loyalty';
import tr from '../../locales/tr/micro-site-loyalty';
import { type Params, useT } from '../lib/i18n';

type Tree = { [key: string]: string | Tree };

/**
 * The loyalty pages' texts (receipts, gifts): a catalogue of their own in both languages, in these
 * pages' chunks, like the campaign pages' (campaigns/texts.ts). A text with a `count` takes its
 * plural form (`_one`, `_other`) where the language has one.
 */
const catalogues: Record<Language, Tree> = { tr, en };

const find = (tree: Tree, key: string) => {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
};

export const loyaltyText = (language: Language, key: string, params?: Params): string => {
  const tree = catalogues[language];
  const count = params?.count;
  const plural =
    typeof count === 'number'
      ? find(tree, `${key}_${new Intl.PluralRules(language).select(count)}`)
      : undefined;
  const text = plural ?? find(tree, key) ?? find(catalogues.tr, key) ?? key;
  return params ? text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? '')) : text;
};

/** The language, the loyalty pages' `t` and the micro-site's own (`common`). */
export const useLoyaltyT = () => {
  const { language, t: common } = useT();
  return { language, common, t: (key: string, params?: Params) => loyaltyText(language, key, params) };
};
