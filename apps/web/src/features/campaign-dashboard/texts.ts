import { addCatalogues } from '../../lib/i18n';
import en from '../../locales/en/campaign-dashboard';
import tr from '../../locales/tr/campaign-dashboard';

/** The `campaign-dashboard` namespace, loaded with this module's pages rather than in every first load (lib/i18n). */
addCatalogues('campaign-dashboard', { tr, en });
