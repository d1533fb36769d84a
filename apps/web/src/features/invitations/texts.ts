import { addCatalogues } from '../../lib/i18n';
import en from '../../locales/en/invitations';
import tr from '../../locales/tr/invitations';

/** The `invitations` namespace, loaded with this module's pages rather than in every first load (lib/i18n). */
addCatalogues('invitations', { tr, en });
