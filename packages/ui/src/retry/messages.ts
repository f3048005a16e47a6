import { defineCatalog } from '@tca/ui/i18n';
import en from './messages/en.json';

/** The retry texts of `@tca/ui/server-errors` and `@tca/ui/api` (namespace `ui.retry`; see ../messages.ts). */
export const retryCatalog = defineCatalog('ui.retry', en, () => import('./messages/ta.json'));
