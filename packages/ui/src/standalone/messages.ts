import { defineCatalog } from '@tca/ui/i18n';
import en from './messages/en.json';

/** `@tca/ui/standalone`'s texts (namespace `ui.standalone`; see ../messages.ts). */
export const standaloneCatalog = defineCatalog('ui.standalone', en, () => import('./messages/ta.json'));
