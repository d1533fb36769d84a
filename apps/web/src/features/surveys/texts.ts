import { addCatalogues } from '../../lib/i18n';
import en from '../../locales/en/surveys';
import tr from '../../locales/tr/surveys';

/** The `surveys` namespace, loaded with this module's pages rather than in every first load (lib/i18n). */
addCatalogues('surveys', { tr, en });
