import { addCatalogues } from '../../lib/i18n';
import en from '../../locales/en/stores';
import tr from '../../locales/tr/stores';

/** The `stores` namespace, loaded with this module's pages rather than in every first load (lib/i18n). */
addCatalogues('stores', { tr, en });
