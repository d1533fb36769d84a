import { addCatalogues } from '../../lib/i18n';
import en from '../../locales/en/notification-validation';
import tr from '../../locales/tr/notification-validation';

/** The `notification-validation` namespace, loaded with this module's pages rather than in every first load (lib/i18n). */
addCatalogues('notification-validation', { tr, en });
