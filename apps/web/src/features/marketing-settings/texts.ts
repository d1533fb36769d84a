import { addCatalogues } from '../../lib/i18n';
import en from '../../locales/en/marketing-settings';
import tr from '../../locales/tr/marketing-settings';

/** The `marketing-settings` namespace, loaded with this module's pages rather than in every first load (lib/i18n). */
addCatalogues('marketing-settings', { tr, en });
