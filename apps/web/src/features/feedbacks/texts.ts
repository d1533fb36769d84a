import { addCatalogues } from '../../lib/i18n';
import en from '../../locales/en/feedbacks';
import tr from '../../locales/tr/feedbacks';

/** The `feedbacks` namespace, loaded with this module's pages rather than in every first load (lib/i18n). */
addCatalogues('feedbacks', { tr, en });
