import { addCatalogues } from '../../lib/i18n';
import en from '../../locales/en/roles';
import tr from '../../locales/tr/roles';

/** The `roles` namespace, loaded with this module's pages rather than in every first load (lib/i18n). */
addCatalogues('roles', { tr, en });
