import { defineCatalog } from '@tca/ui/i18n';
import en from './messages/en.json';

/** `@tca/ui/session-end`'s flash texts (namespace `ui.session`; see ../messages.ts). */
export const flashCatalog = defineCatalog('ui.session', en, () => import('./messages/ta.json'));
