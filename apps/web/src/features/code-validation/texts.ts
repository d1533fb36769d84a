import { addCatalogues } from '../../lib/i18n';
import en from '../../locales/en/code-validation';
import tr from '../../locales/tr/code-validation';

/** The `code-validation` namespace, loaded with this module's pages rather than in every first load (lib/i18n). */
addCatalogues('code-validation', { tr, en });
