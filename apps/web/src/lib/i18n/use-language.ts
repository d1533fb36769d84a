import { DEFAULT_LANGUAGE, type Language, languages } from '@avlu/contracts';
import { useTranslation } from 'react-i18next';

/** The current language, re-rendering the caller when it changes. */
export const useLanguage = (): Language => {
  const { i18n } = useTranslation();
  return (languages as readonly string[]).includes(i18n.language)
    ? (i18n.language as Language)
    : DEFAULT_LANGUAGE;
};
