import { addCatalogues } from '../../lib/i18n';
import en from '../../locales/en/marketing';
import tr from '../../locales/tr/marketing';

/** The `marketing` namespace, loaded with this module's pages rather than in every first load (lib/i18n). */
addCatalogues('marketing', { tr, en });
