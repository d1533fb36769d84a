import { z } from 'zod';

export const languages = ['tr', 'en'] as const;
export const language = z.enum(languages);
export type Language = z.infer<typeof language>;
export const DEFAULT_LANGUAGE: Language = 'tr';
export const DEFAULT_TIMEZONE = 'Europe/Istanbul';
export const DEFAULT_COUNTRY = 'TR';

/** Picks the first supported language of an `accept-language` value (`en-US,en;q=0.9` → en); Turkish otherwise. */
export const pickLanguage = (acceptLanguage: string | undefined | null): Language => {
  if (!acceptLanguage) return DEFAULT_LANGUAGE;
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { base: tag.toLowerCase().split('-')[0], q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const match = ranked.find((entry) => (languages as readonly string[]).includes(entry.base ?? ''));
  return (match?.base as Language | undefined) ?? DEFAULT_LANGUAGE;
};
