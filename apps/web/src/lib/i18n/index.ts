import { DEFAULT_LANGUAGE, type Language, languages, messages } from '@avlu/contracts';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

/** The key i18next stores the language under (spec §3, §9). */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

type Catalogue = Record<string, unknown>;

/**
 * Catalogues are files `locales/<lang>/<namespace>.ts` with a default export; a feature adds its
 * texts by adding its own file, without editing a central list. The server's error and validation
 * texts come from contracts as the namespaces `errors` and `validation`. The micro-site's own
 * catalogues (`micro-site*.ts`, read by its small translator) are not the back-office's.
 *
 * Every catalogue is in the first load, but those of modules reached only through their own routes,
 * which come with their pages (`addCatalogues` in the feature's texts.ts, imported by its pages), so
 * each new module does not grow every page's first load (bench/back-office-bundle.ts).
 */
const files = import.meta.glob<{ default: Catalogue }>(
  [
    '../../locales/*/*.ts',
    '!../../locales/*/micro-site*.ts',
    '!../../locales/*/surveys.ts',
    '!../../locales/*/campaign-dashboard.ts',
    '!../../locales/*/customer-mechanics.ts',
    '!../../locales/*/marketing.ts',
    '!../../locales/*/code-validation.ts',
    '!../../locales/*/roles.ts',
    '!../../locales/*/invitations.ts',
    '!../../locales/*/users.ts',
    '!../../locales/*/stores.ts',
    '!../../locales/*/point-providers.ts',
    '!../../locales/*/reservations.ts',
    '!../../locales/*/lending.ts',
    '!../../locales/*/feedbacks.ts',
    '!../../locales/*/marketing-settings.ts',
    '!../../locales/*/notification-validation.ts',
    '!../../locales/*/qr-codes.ts',
    '!../../locales/*/agreements.ts',
    '!../../locales/*/reminders.ts',
    '!../../locales/*/locations.ts',
    '!../../locales/*/account.ts',
    '!../../locales/*/dashboard.ts',
    '!../../locales/*/monthly-reports.ts',
  ],
  { eager: true },
);

const resources: Record<Language, Record<string, Catalogue>> = {
  tr: { errors: messages.tr.errors, validation: messages.tr.validation },
  en: { errors: messages.en.errors, validation: messages.en.validation },
};
for (const [path, module] of Object.entries(files)) {
  const match = /locales\/(\w+)\/([\w-]+)\.ts$/.exec(path);
  if (match && (languages as readonly string[]).includes(match[1]!)) {
    resources[match[1] as Language][match[2]!] = module.default;
  }
}

export const storedLanguage = (): Language => {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(LANGUAGE_STORAGE_KEY);
  return (languages as readonly string[]).includes(stored ?? '') ? (stored as Language) : DEFAULT_LANGUAGE;
};

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources,
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...languages],
  defaultNS: 'common',
  ns: ['common', ...new Set(Object.values(resources).flatMap((r) => Object.keys(r)))],
  interpolation: { escapeValue: false },
  initAsync: false,
});

i18n.on('languageChanged', (lng) => {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  document.documentElement.lang = lng;
});
// index.html says Turkish; a stored English choice must correct it before the first paint.
document.documentElement.lang = i18n.language;

export const currentLanguage = (): Language =>
  (languages as readonly string[]).includes(i18n.language) ? (i18n.language as Language) : DEFAULT_LANGUAGE;

export const changeLanguage = (lng: Language) => i18n.changeLanguage(lng);

/** A namespace that loads with its routes' pages (see `files`): added once its module is imported. */
export const addCatalogues = (namespace: string, catalogues: Record<Language, Catalogue>) => {
  for (const language of languages)
    i18n.addResourceBundle(language, namespace, catalogues[language], true, true);
};
