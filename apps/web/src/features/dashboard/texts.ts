import { addCatalogues } from '../../lib/i18n';
import en from '../../locales/en/dashboard';
import tr from '../../locales/tr/dashboard';

/** The `dashboard` namespace, loaded with the dashboard page rather than in every first load (lib/i18n). */
addCatalogues('dashboard', { tr, en });
