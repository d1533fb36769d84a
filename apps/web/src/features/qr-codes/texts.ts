import { addCatalogues } from '../../lib/i18n';
import en from '../../locales/en/qr-codes';
import tr from '../../locales/tr/qr-codes';

/** The `qr-codes` namespace, loaded with this module's pages rather than in every first load (lib/i18n). */
addCatalogues('qr-codes', { tr, en });
