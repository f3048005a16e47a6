import { defineCatalog } from '@tca/ui/i18n';
import en from './messages/en.json';

/** `@tca/ui/forms`'s texts (namespace `ui.forms`; see ../messages.ts). */
export const formsCatalog = defineCatalog('ui.forms', en, () => import('./messages/ta.json'));
