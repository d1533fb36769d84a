import { addCatalogues } from '../../lib/i18n';
import en from '../../locales/en/agreements';
import tr from '../../locales/tr/agreements';

/** The `agreements` namespace, loaded with this module's pages rather than in every first load (lib/i18n). */
addCatalogues('agreements', { tr, en });
