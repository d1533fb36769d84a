import { addCatalogues } from '../../lib/i18n';
import en from '../../locales/en/customer-mechanics';
import tr from '../../locales/tr/customer-mechanics';

/** The `customer-mechanics` namespace, loaded with the customer detail's game rights and steps tabs (lib/i18n). */
addCatalogues('customer-mechanics', { tr, en });
