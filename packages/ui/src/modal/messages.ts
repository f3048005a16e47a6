import { defineCatalog } from '@tca/ui/i18n';
import en from './messages/en.json';

/** `@tca/ui/modal`'s texts (namespace `ui.modal`; see ../messages.ts). */
export const modalCatalog = defineCatalog('ui.modal', en, () => import('./messages/ta.json'));
