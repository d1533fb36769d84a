import type { Language } from './languages';

/**
 * A yes/no value as people read it in a file or on a screen: every export writes its flags with
 * these words, and the imports read them back (with 1/0, true/false and the like).
 */
export const yesNoLabels: Record<Language, { yes: string; no: string }> = {
  tr: { yes: 'Evet', no: 'Hayır' },
  en: { yes: 'Yes', no: 'No' },
};
