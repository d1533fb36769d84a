import { addCatalogues } from '../../lib/i18n';
import en from '../../locales/en/reminders';
import tr from '../../locales/tr/reminders';

/** The `reminders` namespace, loaded with the bell's popover and the dialog rather than in every first load (lib/i18n). */
addCatalogues('reminders', { tr, en });
