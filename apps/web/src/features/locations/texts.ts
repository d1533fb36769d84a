import { addCatalogues } from '../../lib/i18n';
import en from '../../locales/en/locations';
import tr from '../../locales/tr/locations';

/** The `locations` namespace, loaded with the mall settings pages rather than in every first load (lib/i18n). */
addCatalogues('locations', { tr, en });
