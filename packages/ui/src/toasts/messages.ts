import { defineCatalog } from '@tca/ui/i18n';
import en from './messages/en.json';

/** The toast container's labels (namespace `ui.toasts`; see ../messages.ts): fetched with react-toastify, never in a first load. */
export const toastsCatalog = defineCatalog('ui.toasts', en, () => import('./messages/ta.json'));
