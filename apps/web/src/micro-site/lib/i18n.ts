import type { Language } from '@avlu/contracts';
import { useSyncExternalStore } from 'react';
import tr from '../../locales/tr/micro-site';
import { DEFAULT_LANGUAGE, languages } from './contract';

/** The key the language is stored under (spec §3, §9), the same as the back-office's i18next. */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

type Tree = { [key: string]: string | Tree };
/**
 * Turkish, the default, comes with the first load; English is fetched when chosen (or, when it is
 * the stored choice, before the first render: see main.tsx).
 */
const catalogues: Partial<Record<Language, Tree>> = { tr };
const loaders: Record<Language, () => Promise<{ default: Tree }>> = {
  tr: async () => ({ default: tr }),
  en: () => import('../../locales/en/micro-site'),
};

/** Fetches a language's texts once. */
export const loadLanguage = async (language: Language) => {
  catalogues[language] ??= (await loaders[language]()).default;
};

const stored = (): Language => {
  const value = typeof localStorage === 'undefined' ? null : localStorage.getItem(LANGUAGE_STORAGE_KEY);
  return (languages as readonly string[]).includes(value ?? '') ? (value as Language) : DEFAULT_LANGUAGE;
};

let current: Language = stored();
const listeners = new Set<() => void>();

export const currentLanguage = () => current;

/** Switches the language once its texts are there; stored under i18nextLng. */
export const setLanguage = async (language: Language) => {
  await loadLanguage(language);
  current = language;
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  document.documentElement.lang = language;
  for (const listener of listeners) listener();
};

export type Params = Record<string, string | number>;

/**
 * The micro-site's texts: `t('login.title')` from its catalogue (locales/<lang>/micro-site.ts). A
 * small stand-in for i18next, whose runtime would cost a tenth of the first load's budget; the
 * language is stored under the same key. Errors need no catalogue here: the server words them in
 * the language of `accept-language`.
 */
export const translate = (language: Language, key: string, params?: Params): string => {
  let node: string | Tree | undefined = catalogues[language];
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string')
    return language === DEFAULT_LANGUAGE ? key : translate(DEFAULT_LANGUAGE, key, params);
  return params ? node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? '')) : node;
};

export const t = (key: string, params?: Params) => translate(current, key, params);

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** The current language and its `t`, re-rendering the caller when the language changes. */
export const useT = () => {
  const language = useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
  return { language, t: (key: string, params?: Params) => translate(language, key, params) };
};

const find = (tree: Tree, key: string) => {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
};

/**
 * The texts of a group of pages (campaigns, loyalty): a catalogue of their own in both languages, in
 * those pages' chunks, so the first load (the Turkish catalogue above) does not grow with them. A
 * text with a `count` takes its plural form (`_one`, `_other`) where the language has one.
 */
export type PageTexts = Record<Language, Tree>;
export const pageText = (pages: PageTexts, language: Language, key: string, params?: Params): string => {
  const tree = pages[language];
  const count = params?.count;
  const plural =
    typeof count === 'number'
      ? find(tree, `${key}_${new Intl.PluralRules(language).select(count)}`)
      : undefined;
  const text = plural ?? find(tree, key) ?? find(pages[DEFAULT_LANGUAGE], key) ?? key;
  return params ? text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? '')) : text;
};

/** The language, the pages' `t` and the micro-site's own (`common`: loading, errors). */
export const usePageTexts = (pages: PageTexts) => {
  const { language, t: common } = useT();
  return { language, common, t: (key: string, params?: Params) => pageText(pages, language, key, params) };
};
