import { addCatalogues } from '../../lib/i18n';
import en from '../../locales/en/users';
import tr from '../../locales/tr/users';

/** The `users` namespace, loaded with this module's pages rather than in every first load (lib/i18n). */
addCatalogues('users', { tr, en });
