import { addCatalogues } from '../../lib/i18n';
import en from '../../locales/en/reservations';
import tr from '../../locales/tr/reservations';

/** The `reservations` namespace, loaded with this module's pages rather than in every first load (lib/i18n). */
addCatalogues('reservations', { tr, en });
