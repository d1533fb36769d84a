import { addCatalogues } from '../../lib/i18n';
import en from '../../locales/en/point-providers';
import tr from '../../locales/tr/point-providers';

/** The `point-providers` namespace, loaded with this module's pages rather than in every first load (lib/i18n). */
addCatalogues('point-providers', { tr, en });
