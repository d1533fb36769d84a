import { addCatalogues } from '../../lib/i18n';
import en from '../../locales/en/account';
import tr from '../../locales/tr/account';

/** The `account` namespace, loaded with the profile page rather than in every first load (lib/i18n). */
addCatalogues('account', { tr, en });
