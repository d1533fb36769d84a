import { addCatalogues } from '../../lib/i18n';
import en from '../../locales/en/lending';
import tr from '../../locales/tr/lending';

/** The `lending` namespace, loaded with this module's pages rather than in every first load (lib/i18n). */
addCatalogues('lending', { tr, en });
