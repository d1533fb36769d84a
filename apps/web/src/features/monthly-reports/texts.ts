import { addCatalogues } from '../../lib/i18n';
import en from '../../locales/en/monthly-reports';
import tr from '../../locales/tr/monthly-reports';

/** The `monthly-reports` namespace, loaded with this module's pages rather than in every first load (lib/i18n). */
addCatalogues('monthly-reports', { tr, en });
